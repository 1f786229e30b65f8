// Deletes cross-repository links between symbols: rows of {type, fromUid, toUid}.
UNWIND $rows AS row
MATCH (a:Symbol {uid: row.fromUid, tenantId: $tenantId})-[e]->(b:Symbol {uid: row.toUid, tenantId: $tenantId})
WHERE type(e) = row.type AND e.crossRepository = true
DELETE e
