// Creates cross-repository links between symbols of one tenant: rows of {type, fromUid, toUid, props}
// (props carry crossRepository: true).
// Served storage slots only ($servedSlots, links/served-slots): never a slot a re-index is writing or has retired.
UNWIND $rows AS row
MATCH (a:Symbol {uid: row.fromUid}), (b:Symbol {uid: row.toUid})
WHERE a.tenantId = $tenantId AND b.tenantId = $tenantId AND a.repoId IN $servedSlots AND b.repoId IN $servedSlots
CREATE (a)-[e:$(row.type)]->(b)
SET e = row.props
