// Everything a read of a tenant's graph depends on, in one query: each repository with its served
// commit (none while its first snapshot is written: readers leave it out), when that was indexed, the
// stamp of its last snapshot transaction, the exact pass still pending, the generation a run bumps
// once it has written everything (snapshot, links, vectors), and how far each background embedding
// has come. Any write a reader could see changes one of them, so read caches key on them too
// (knowledge's operations/stages/cache.stage.ts). Tenant-wide on purpose: the principal's
// repositories are picked from it in TypeScript (TenantViews), and it is answered to no one as it is.
// Example (cypher-shell): :param tenantId => 'default'
RETURN COLLECT {
         MATCH (r:Repository {tenantId: $tenantId})
         RETURN r {repositoryId: r.repoId, .name, .commitSha, .rootPath, .gitPrefix, .url, .defaultBranch, .indexedAt,
                   .snapshotVersion, .exactCallsPending, .generation} AS repository
         ORDER BY r.repoId
       } AS repositories,
       COLLECT {
         MATCH (p:EmbeddingProgress {tenantId: $tenantId})
         RETURN [p.repoId, p.modelId, p.embeddedChunks, p.totalChunks] AS progress
         ORDER BY p.repoId, p.modelId
       } AS embedding
