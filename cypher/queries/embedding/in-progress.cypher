// Background embeddings still going on for the model, in the caller's repositories. One not written
// to for $staleMs belongs to a process that stopped without clearing it, and is ignored.
MATCH (p:EmbeddingProgress {tenantId: $tenantId, modelId: $modelId})
WHERE ($repoIds IS NULL OR p.repoId IN $repoIds)
  AND p.updatedAt >= timestamp() - $staleMs
RETURN p.repoId AS repoId, p.embeddedChunks AS embeddedChunks, p.totalChunks AS totalChunks
ORDER BY repoId
