import { TOOL_PROFILES, type ToolProfile } from '@lore/access';

export { TOOL_PROFILES, type ToolProfile } from '@lore/access';
export { TOOL_PROFILE_NAMES } from '@lore/domain';

/**
 * What a server built for one caller serves. Tools with side effects are served only in `full`, and
 * there only over stdio with LORE_MCP_ENABLE_SIDE_EFFECTS=true (over HTTP they would act on the
 * server's machine for a remote caller).
 */
export interface ServedCatalog {
  profile: ToolProfile;
  sideEffects: boolean;
}

/** Whether a tool is served under a profile; `readOnly` is its readOnlyHint. */
export function isServed(tool: { name: string; readOnly: boolean }, catalog: ServedCatalog): boolean {
  if (tool.name === 'help') return true;
  const names: readonly string[] | null = TOOL_PROFILES[catalog.profile];
  if (names !== null) return names.includes(tool.name);
  return tool.readOnly || catalog.sideEffects;
}
