UNWIND $rows AS row
MATCH (child:Symbol {uid: row.fromUid}), (parent:Symbol {uid: row.toUid})
FOREACH (_ IN CASE WHEN row.kind = 'EXTENDS' THEN [1] ELSE [] END | MERGE (child)-[:EXTENDS]->(parent))
FOREACH (_ IN CASE WHEN row.kind = 'IMPLEMENTS' THEN [1] ELSE [] END | MERGE (child)-[:IMPLEMENTS]->(parent))
