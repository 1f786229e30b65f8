UNWIND $rows AS row
MATCH (source:File {uid: row.fromUid}), (target:File {uid: row.toUid})
MERGE (source)-[i:IMPORTS]->(target)
SET i.names = row.names
