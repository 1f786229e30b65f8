UNWIND $rows AS row
MATCH (s:Section {uid: row.sectionUid}), (target:Symbol {uid: row.targetUid})
MERGE (s)-[:MENTIONS]->(target)
