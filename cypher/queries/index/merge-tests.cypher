UNWIND $rows AS row
MATCH (test:Symbol {uid: row.testUid}), (target:Symbol {uid: row.targetUid})
MERGE (test)-[t:TESTS]->(target)
SET t.via = row.via
