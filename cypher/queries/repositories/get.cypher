MATCH (r:Repository {tenantId: $tenantId, repoId: $repositoryId})
WHERE r.commitSha IS NOT NULL AND ($repoIds IS NULL OR r.repoId IN $repoIds)
RETURN r {repositoryId: r.repoId, .name, .commitSha, .rootPath, .gitPrefix, .url, .defaultBranch, .indexedAt, callsExact: r.exactCallsPending IS NULL} AS repository
