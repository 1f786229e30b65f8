// detect_stale_docs: the distinct names and qualified names of the symbols repository $repositoryId
// declares, so a document's mentions are checked against them in memory; within the caller's tenant
// ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param repositoryId => 'order-service'
MATCH (repository:Repository {tenantId: $tenantId, repoId: $repositoryId})-[:CONTAINS]->(:File)-[:DECLARES]->(symbol:Symbol)
WHERE $repoIds IS NULL OR repository.repoId IN $repoIds
WITH collect(DISTINCT symbol.name) AS names, collect(DISTINCT symbol.qualifiedName) AS qualifiedNames
RETURN names, qualifiedNames
