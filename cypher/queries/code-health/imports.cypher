// Code health analysis: the file-to-file imports of repository $repositoryId with the names each takes
// (module dependencies, import cycles, package re-exports), inside the repository, within the caller's
// tenant ($tenantId) and repositories ($repoIds, null for all). The graph does not record whether an
// import is type-only or function-local.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service'
MATCH (from:File {tenantId: $tenantId, repoId: $repositoryId})-[edge:IMPORTS]->(to:File)
WHERE ($repoIds IS NULL OR from.repoId IN $repoIds)
  AND to.repoId = from.repoId
  AND edge.crossRepository IS NULL
RETURN from.path AS fromPath, to.path AS toPath, coalesce(edge.names, []) AS names
ORDER BY fromPath, toPath
