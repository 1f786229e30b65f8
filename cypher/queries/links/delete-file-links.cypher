// Deletes cross-repository IMPORTS between files: rows of {type, fromUid, toUid}.
UNWIND $rows AS row
MATCH (a:File {uid: row.fromUid, tenantId: $tenantId})-[e]->(b:File {uid: row.toUid, tenantId: $tenantId})
WHERE type(e) = row.type AND e.crossRepository = true
DELETE e
