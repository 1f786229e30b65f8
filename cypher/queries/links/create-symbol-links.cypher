// Creates cross-repository links between symbols of one tenant: rows of {type, fromUid, toUid, props}
// (props carry crossRepository: true).
UNWIND $rows AS row
MATCH (a:Symbol {uid: row.fromUid}), (b:Symbol {uid: row.toUid})
WHERE a.tenantId = $tenantId AND b.tenantId = $tenantId
CREATE (a)-[e:$(row.type)]->(b)
SET e = row.props
