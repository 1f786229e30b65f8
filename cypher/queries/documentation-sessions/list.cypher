// The documentation sessions of tenant $tenantId owned by $subject, not expired at $now, of the
// repositories the caller may read ($repoIds, null for all), the most recently used first.
// Example (cypher-shell): :param tenantId => 'default'; :param subject => 'local'; :param now => '2026-11-28T00:00:00.000Z'; :param repoIds => null
MATCH (s:DocumentationSession {tenantId: $tenantId, subject: $subject})
WHERE s.expiresAt > $now AND ($repoIds IS NULL OR s.repositoryId IN $repoIds)
RETURN s {.sessionId, .repositoryId, .state, .createdAt, .updatedAt, .expiresAt} AS session
ORDER BY s.updatedAt DESC, s.sessionId
