UNWIND $rows AS row
MATCH (caller:Symbol {uid: row.callerUid}), (callee:Symbol {uid: row.calleeUid})
MERGE (caller)-[c:CALLS]->(callee)
SET c.line = row.line, c.count = row.count, c.confidence = row.confidence
