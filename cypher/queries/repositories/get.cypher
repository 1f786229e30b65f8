MATCH (r:Repository {tenantId: $tenantId, repoId: $repositoryId})
WHERE r.commitSha IS NOT NULL
RETURN r {repositoryId: r.repoId, .name, .commitSha, .rootPath, .gitPrefix, .url, .defaultBranch, .indexedAt, callsExact: r.exactCallsPending IS NULL} AS repository
