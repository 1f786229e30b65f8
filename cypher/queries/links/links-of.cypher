// The cross-repository links that start or end in a repository ($repoId) of a tenant ($tenantId), each
// type found through its index on crossRepository (migration 006).
// Example (cypher-shell): :param tenantId => 'default'; :param repoId => 'order-contracts'
CALL () {
  MATCH (a:Symbol)-[e:CALLS]->(b:Symbol) WHERE e.crossRepository = true RETURN a, e, b
  UNION ALL
  MATCH (a:Symbol)-[e:EXTENDS]->(b:Symbol) WHERE e.crossRepository = true RETURN a, e, b
  UNION ALL
  MATCH (a:Symbol)-[e:IMPLEMENTS]->(b:Symbol) WHERE e.crossRepository = true RETURN a, e, b
  UNION ALL
  MATCH (a:File)-[e:IMPORTS]->(b:File) WHERE e.crossRepository = true RETURN a, e, b
}
WITH a, e, b
WHERE a.tenantId = $tenantId AND (a.repoId = $repoId OR b.repoId = $repoId)
RETURN type(e) AS type, a.uid AS fromUid, b.uid AS toUid, properties(e) AS props,
       CASE a.repoId WHEN $repoId THEN b.repoId ELSE a.repoId END AS otherRepoId
