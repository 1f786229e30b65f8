/**
 * Who is calling. It comes from the transport (API key on HTTP, local configuration on stdio and
 * the CLI), never from tool arguments.
 */
export interface Principal {
  tenantId: string;
  subject: string;
  /** Repository ids this principal may read; '*' means every repository of its tenant. */
  repositories: '*' | readonly string[];
}

/**
 * The repositories a principal may read, as queries filter by them: null means every repository of
 * its tenant. The graph filters by it, and libs/access decides with it.
 */
export function visibleRepositoryIds(principal: Principal): readonly string[] | null {
  return principal.repositories === '*' ? null : principal.repositories;
}
