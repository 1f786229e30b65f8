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

export function canReadRepository(principal: Principal, repositoryId: string): boolean {
  return principal.repositories === '*' || principal.repositories.includes(repositoryId);
}
