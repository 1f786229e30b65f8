import type { ToolProfileName } from '@lore/domain';

/**
 * Which tools an agent sees (seed 000 section 6.5): a profile per kind of task, `full` for all of
 * them. Tools with side effects are in no profile but `full`, and served there only over stdio
 * with LORE_MCP_ENABLE_SIDE_EFFECTS=true (over HTTP they would act on the server's machine for a
 * remote caller: that waits for the access rules of issue 19). `help` is in every profile.
 */
export const TOOL_PROFILES = {
  full: null,
  docgen_agent: ['search_code', 'get_symbol', 'get_graph_neighborhood', 'get_documents', 'get_project_structure', 'get_file_span'],
  review_agent: ['get_file_span', 'analyze_impact', 'get_related_tests', 'get_documents', 'get_symbol', 'get_callers'],
  read_only_explorer: ['search_code', 'get_file_span', 'get_symbol', 'get_documents'],
} as const satisfies Record<ToolProfileName, readonly string[] | null>;

export type ToolProfile = keyof typeof TOOL_PROFILES;
export const TOOL_PROFILE_NAMES = Object.keys(TOOL_PROFILES) as ToolProfile[];

/** What a server built for one caller serves. */
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
