// verify_documentation and evaluate_document_quality: the exported top-level symbols (no parent; test
// cases left out) of the files of repository $repositoryId that $paths names (a path is a file, or a
// directory followed by '/'), in path and line order; within the caller's tenant ($tenantId) and
// repositories ($repoIds, null for all). What a document about those paths is expected to cover.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param repositoryId => 'order-service'; :param paths => ['src/pricing/']
MATCH (repository:Repository {tenantId: $tenantId, repoId: $repositoryId})-[:CONTAINS]->(file:File)-[:DECLARES]->(symbol:Symbol)
WHERE ($repoIds IS NULL OR repository.repoId IN $repoIds)
  AND any(path IN $paths WHERE file.path = path OR (path ENDS WITH '/' AND file.path STARTS WITH path))
  AND symbol.exported AND symbol.kind <> 'test'
  AND NOT EXISTS { (:Symbol)-[:HAS_MEMBER]->(symbol) }
RETURN symbol {.uid, .kind, .name, .qualifiedName, repositoryId: symbol.repoId, .path, .startLine, .endLine} AS symbol
ORDER BY symbol.path, symbol.startLine, symbol.uid
