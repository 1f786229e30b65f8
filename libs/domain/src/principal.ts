/**
 * What a principal may do besides reading. `read` is every read tool (project knowledge included);
 * `index` runs indexing (a side effect); `admin` reads the audit and manages keys; `knowledge:write`
 * writes the tenant's project knowledge (main.md and knowledge documents) and proposes agent memory;
 * `memory:approve` approves and archives agent memory (where the server enables approval);
 * `docs:publish` publishes a reviewed documentation draft (publish_document).
 */
export const PERMISSIONS = ['read', 'index', 'admin', 'knowledge:write', 'memory:approve', 'docs:publish'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The MCP tool profiles a credential can be limited to (libs/mcp's TOOL_PROFILES has one entry per name). */
export const TOOL_PROFILE_NAMES = ['full', 'docgen_agent', 'review_agent', 'read_only_explorer'] as const;
export type ToolProfileName = (typeof TOOL_PROFILE_NAMES)[number];

/**
 * Who is calling. It comes from the transport (a credential on HTTP, the local configuration on
 * stdio and the CLI), never from tool arguments.
 */
export interface Principal {
  tenantId: string;
  subject: string;
  /** Repository ids this principal may read; '*' means every repository of its tenant. */
  repositories: '*' | readonly string[];
  permissions: readonly Permission[];
  /** The MCP tool profile the credential is limited to; null leaves the server's profile. */
  toolProfile: string | null;
}

/** The local user of a configuration (stdio, the CLI, a loopback server without credentials): everything of its tenant. */
export function localPrincipal(tenantId: string, subject = 'local'): Principal {
  return { tenantId, subject, repositories: '*', permissions: PERMISSIONS, toolProfile: null };
}

/**
 * The repositories a principal may read, as queries filter by them: null means every repository of
 * its tenant. The graph filters by it, and libs/access decides with it.
 */
export function visibleRepositoryIds(principal: Principal): readonly string[] | null {
  return principal.repositories === '*' ? null : principal.repositories;
}
