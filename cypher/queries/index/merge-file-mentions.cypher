UNWIND $rows AS row
MATCH (s:Section {uid: row.sectionUid}), (target:File {uid: row.targetUid})
MERGE (s)-[:MENTIONS]->(target)
