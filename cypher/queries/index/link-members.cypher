UNWIND $rows AS row
MATCH (parent:Symbol {uid: row.parentUid}), (member:Symbol {uid: row.uid})
MERGE (parent)-[:HAS_MEMBER]->(member)
