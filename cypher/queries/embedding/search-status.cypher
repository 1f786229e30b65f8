// What a search needs to know of the vectors of a tenant's repositories (all, or those in $repoIds)
// for the serving model, in one round trip: the background embeddings under way (progress written
// within $staleMs: one not written to for longer belongs to a process that stopped without clearing
// it), and each served repository without complete vectors for the model, with the other models it
// has complete vectors for, newest first (search ranks it with one of those meanwhile). A storage
// slot's id (`order-service~2`) names its repository's vectors.
// Example: {tenantId: 'default', repoIds: null, modelId: 'bge-small-en-v1.5-onnx-int8', staleMs: 120000}
RETURN COLLECT {
         MATCH (p:EmbeddingProgress {tenantId: $tenantId, modelId: $modelId})
         WHERE ($repoIds IS NULL OR p.repoId IN $repoIds)
           AND p.updatedAt >= timestamp() - $staleMs
         RETURN p {.repoId, .embeddedChunks, .totalChunks} AS progress
         ORDER BY p.repoId
       } AS inProgress,
       COLLECT {
         MATCH (r:Repository {tenantId: $tenantId})
         WHERE r.commitSha IS NOT NULL
         WITH DISTINCT split(r.repoId, '~')[0] AS repoId
         WHERE ($repoIds IS NULL OR repoId IN $repoIds)
           AND NOT EXISTS { MATCH (:EmbeddedWith {tenantId: $tenantId, repoId: repoId, modelId: $modelId}) }
         RETURN {
                  repoId: repoId,
                  previousModels: COLLECT {
                    MATCH (e:EmbeddedWith {tenantId: $tenantId, repoId: repoId})
                    RETURN e.modelId
                    ORDER BY e.updatedAt DESC, e.modelId
                  }
                } AS repository
         ORDER BY repoId
       } AS withoutVectors
