// What every read of a tenant's graph depends on: per repository, its served commit, when that was
// indexed, the stamp of its last snapshot transaction, the exact pass still pending and the
// generation a run bumps once it has written everything (snapshot, links, vectors); and how far each
// background embedding has come (vectors land batch by batch after the run). Any write a reader could
// see changes one of them: read caches key on them (knowledge's operations/stages/cache.stage.ts).
// Example (cypher-shell): :param tenantId => 'default'
RETURN COLLECT {
         MATCH (r:Repository {tenantId: $tenantId})
         RETURN [r.repoId, r.commitSha, r.indexedAt, r.snapshotVersion, r.exactCallsPending, r.generation] AS repository
         ORDER BY r.repoId
       } AS repositories,
       COLLECT {
         MATCH (p:EmbeddingProgress {tenantId: $tenantId})
         RETURN [p.repoId, p.modelId, p.embeddedChunks, p.totalChunks] AS progress
         ORDER BY p.repoId, p.modelId
       } AS embedding
