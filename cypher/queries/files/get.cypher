MATCH (r:Repository {tenantId: $tenantId, repoId: $repositoryId})-[:CONTAINS]->(f:File {path: $path})
WHERE $repoIds IS NULL OR r.repoId IN $repoIds
RETURN f {.path, .language, .contentHash, .lines, .blocked} AS file,
       r {repositoryId: r.repoId, .commitSha, .rootPath, .gitPrefix} AS repository
