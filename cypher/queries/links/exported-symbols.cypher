// The exported top-level symbols named one of $names in the repositories $repoIds of a tenant: what an
// import of a package those repositories provide can name.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => ['order-contracts']; :param names => ['orderPlaced']
UNWIND $names AS name
MATCH (s:Symbol {tenantId: $tenantId, name: name})
WHERE s.repoId IN $repoIds AND s.exported AND NOT EXISTS { (:Symbol)-[:HAS_MEMBER]->(s) }
RETURN s.uid AS uid, s.repoId AS repoId, s.name AS name, s.kind AS kind, s.path AS path, s.language AS language
ORDER BY uid
