import type { ToolProfileName } from '@lore/domain';

/**
 * Which tools an agent sees (docs/specification.md, Tool profiles): a profile per kind of task, `full` for all of
 * them. Tools with side effects are in no profile but `full`. `help` is in every profile. A
 * credential may carry one (Principal.toolProfile); MCP servers are built with one.
 */
export const TOOL_PROFILES = {
  full: null,
  docgen_agent: [
    'search_code',
    'get_symbol',
    'get_graph_neighborhood',
    'get_documents',
    'get_memory',
    'get_project_structure',
    'get_file_span',
    'evaluate_document_quality',
    'assemble_context_pack',
    'get_context_pack',
    'generate_document_draft',
    'get_document_draft',
    'generate_review_package',
    'full_documentation',
    'provide_thematic_groupings',
    'provide_dependency_files',
    'create_documentation',
    'analyze_file_callback',
    'get_documentation_status',
    'list_documentation_sessions',
    'clear_documentation_session',
  ],
  review_agent: [
    'get_file_span',
    'analyze_impact',
    'get_related_tests',
    'get_documents',
    'get_symbol',
    'get_callers',
    'get_memory',
    'verify_claim',
    'detect_stale_docs',
    'verify_documentation',
    'evaluate_document_quality',
    'get_document_draft',
    'generate_review_package',
  ],
  read_only_explorer: ['search_code', 'get_file_span', 'get_symbol', 'get_documents'],
} as const satisfies Record<ToolProfileName, readonly string[] | null>;

export type ToolProfile = keyof typeof TOOL_PROFILES;

/** Whether `profile` names a tool profile. */
export function isToolProfile(profile: string): profile is ToolProfile {
  return Object.hasOwn(TOOL_PROFILES, profile);
}

/** Whether a profile holds a tool: `help` is in all of them, `full` holds every tool. */
export function profileHolds(profile: ToolProfile, tool: string): boolean {
  const names: readonly string[] | null = TOOL_PROFILES[profile];
  return tool === 'help' || names === null || names.includes(tool);
}
