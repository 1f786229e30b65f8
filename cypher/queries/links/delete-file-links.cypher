// Deletes cross-repository IMPORTS between files: rows of {type, fromUid, toUid}.
UNWIND $rows AS row
MATCH (a:File {uid: row.fromUid})-[e]->(b:File {uid: row.toUid})
WHERE type(e) = row.type AND e.crossRepository = true
DELETE e
