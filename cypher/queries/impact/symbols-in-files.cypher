// analyze_impact's targets for changed files: the symbols declared in each file of $paths of repository
// $repositoryId (tests included), and each file's uid, within the caller's tenant ($tenantId)
// and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service';
//   :param paths => ['src/pricing/discounts.ts']
UNWIND $paths AS path
MATCH (file:File {tenantId: $tenantId, repoId: $repositoryId, path: path})
WHERE $repoIds IS NULL OR file.repoId IN $repoIds
RETURN file.uid AS fileUid, file.path AS path,
       COLLECT {
         MATCH (file)-[:DECLARES]->(symbol:Symbol)
         RETURN symbol {.uid, .kind, .name, .qualifiedName, repositoryId: symbol.repoId, .path, .startLine, .endLine}
         ORDER BY symbol.startLine, symbol.uid
       } AS symbols
ORDER BY path
