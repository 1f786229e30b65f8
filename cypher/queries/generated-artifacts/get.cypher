// One context pack or draft ($kind) of tenant $tenantId by $artifactId, not expired at $now, of a
// repository the caller may read ($repoIds, null for all): any principal who may read that repository
// reads it, nothing else does.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param kind => 'context_pack';
//   :param artifactId => 'ctx_0123456789abcdef'; :param now => '2026-11-28T00:00:00.000Z'
MATCH (a:GeneratedArtifact {tenantId: $tenantId, artifactId: $artifactId, kind: $kind})
WHERE a.expiresAt > $now AND ($repoIds IS NULL OR a.repositoryId IN $repoIds)
RETURN a.payload AS payload
