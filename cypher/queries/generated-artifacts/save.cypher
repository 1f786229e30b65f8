// Stores (or renews) a context pack or a draft $artifact: {artifactId, kind: context_pack | document_draft,
// repositoryId, payload (its JSON), createdAt, expiresAt (ISO-8601 UTC)} of tenant $tenantId, for a
// repository the caller may read ($repoIds, null for all); nothing otherwise.
// Example: {tenantId: 'default', repoIds: null,
//   artifact: {artifactId: 'ctx_…', kind: 'context_pack', repositoryId: 'order-service', payload: '{…}', …}}
WITH $artifact AS artifact
WHERE $repoIds IS NULL OR artifact.repositoryId IN $repoIds
MERGE (a:GeneratedArtifact {tenantId: $tenantId, artifactId: artifact.artifactId})
SET a += artifact
RETURN a.artifactId AS artifactId
