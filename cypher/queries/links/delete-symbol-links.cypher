// Deletes cross-repository links between symbols: rows of {type, fromUid, toUid}.
UNWIND $rows AS row
MATCH (a:Symbol {uid: row.fromUid})-[e]->(b:Symbol {uid: row.toUid})
WHERE type(e) = row.type AND e.crossRepository = true
DELETE e
