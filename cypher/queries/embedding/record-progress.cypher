// How far the background embedding of a repository has come, for every process to read: the one
// that embeds writes it after each batch, the servers' searches read it (search/in-progress).
MERGE (p:EmbeddingProgress {tenantId: $tenantId, repoId: $repoId, modelId: $modelId})
SET p.embeddedChunks = $embeddedChunks, p.totalChunks = $totalChunks, p.updatedAt = timestamp()
