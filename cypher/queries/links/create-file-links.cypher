// Creates cross-repository IMPORTS between files of one tenant: rows of {type, fromUid, toUid, props}
// (props carry crossRepository: true).
UNWIND $rows AS row
MATCH (a:File {uid: row.fromUid}), (b:File {uid: row.toUid})
WHERE a.tenantId = $tenantId AND b.tenantId = $tenantId
CREATE (a)-[e:$(row.type)]->(b)
SET e = row.props
