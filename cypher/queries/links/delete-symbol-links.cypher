// Deletes cross-repository links between symbols: rows of {type, fromUid, toUid}.
// Served storage slots only ($servedSlots, links/served-slots): never a slot a re-index is writing or has retired.
UNWIND $rows AS row
MATCH (a:Symbol {uid: row.fromUid, tenantId: $tenantId})-[e]->(b:Symbol {uid: row.toUid, tenantId: $tenantId})
WHERE type(e) = row.type AND e.crossRepository = true AND a.repoId IN $servedSlots AND b.repoId IN $servedSlots
DELETE e
