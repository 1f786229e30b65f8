// The indexed repositories of the caller's tenant ($tenantId) that it may read ($repoIds, null for all);
// callsExact is false while a run that made a commit queryable has not yet resolved its calls exactly.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.commitSha IS NOT NULL AND ($repoIds IS NULL OR r.repoId IN $repoIds)
RETURN r {repositoryId: r.repoId, .name, .commitSha, .rootPath, .gitPrefix, .url, .defaultBranch, .indexedAt, callsExact: r.exactCallsPending IS NULL} AS repository
ORDER BY r.repoId
