// The served repositories of a tenant (all, or those in $repoIds) whose vectors are not complete for
// the serving model and are not being embedded now (progress written within $staleMs): their chunks
// are another model's, or none. A storage slot's id (`order-service~2`) names its repository's vectors.
// Example: {tenantId: 'default', repoIds: null, modelId: 'e5-small-v2', staleMs: 120000}
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.commitSha IS NOT NULL
WITH DISTINCT split(r.repoId, '~')[0] AS repoId, r.rootPath AS rootPath
WHERE ($repoIds IS NULL OR repoId IN $repoIds)
  AND NOT EXISTS { MATCH (:EmbeddedWith {tenantId: $tenantId, repoId: repoId, modelId: $modelId}) }
  AND NOT EXISTS {
    MATCH (p:EmbeddingProgress {tenantId: $tenantId, repoId: repoId, modelId: $modelId})
    WHERE p.updatedAt >= timestamp() - $staleMs
  }
RETURN repoId, rootPath
ORDER BY repoId
