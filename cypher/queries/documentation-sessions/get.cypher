// One documentation session of tenant $tenantId owned by $subject, not expired at $now, of a
// repository the caller may read ($repoIds, null for all); nothing for another principal's.
// Example (cypher-shell): :param tenantId => 'default'; :param subject => 'local'; :param sessionId => 'ds_…';
//   :param now => '2026-11-28T00:00:00.000Z'; :param repoIds => null
MATCH (s:DocumentationSession {sessionId: $sessionId, tenantId: $tenantId, subject: $subject})
WHERE s.expiresAt > $now AND ($repoIds IS NULL OR s.repositoryId IN $repoIds)
RETURN s {.sessionId, .repositoryId, .state, .machine, .toolMachine, .createdAt, .updatedAt, .expiresAt, .version} AS session
