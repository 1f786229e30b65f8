// Code health analysis: the file-to-file imports of repository $repositoryId with the names each takes
// (module dependencies, import cycles, package re-exports) and its kind (null for a runtime import;
// type, type_checking or function_local when every import of the pair is deferred), inside the
// repository, within the caller's tenant ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service'
MATCH (from:File {tenantId: $tenantId, repoId: $repositoryId})-[edge:IMPORTS]->(to:File)
WHERE ($repoIds IS NULL OR from.repoId IN $repoIds)
  AND to.repoId = from.repoId
  AND edge.crossRepository IS NULL
RETURN from.path AS fromPath, to.path AS toPath, coalesce(edge.names, []) AS names, edge.kind AS kind
ORDER BY fromPath, toPath
