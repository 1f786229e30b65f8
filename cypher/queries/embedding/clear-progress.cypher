// The background embedding of a repository is finished (or given up).
MATCH (p:EmbeddingProgress {tenantId: $tenantId, repoId: $repoId, modelId: $modelId})
DELETE p
