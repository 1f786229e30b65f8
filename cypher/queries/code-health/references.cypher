// Code health analysis: the references between symbols of repository $repositoryId that coupling,
// cohesion and reachability are computed from: CALLS (with their confidence), EXTENDS, IMPLEMENTS and
// TESTS, inside the repository (links into other repositories left out), within the caller's tenant
// ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service'
MATCH (from:Symbol {tenantId: $tenantId, repoId: $repositoryId})-[edge:CALLS|EXTENDS|IMPLEMENTS|TESTS]->(to:Symbol)
WHERE ($repoIds IS NULL OR from.repoId IN $repoIds)
  AND to.repoId = from.repoId
  AND edge.crossRepository IS NULL
RETURN from.uid AS fromUid, to.uid AS toUid, type(edge) AS type, edge.confidence AS confidence
ORDER BY fromUid, toUid, type
