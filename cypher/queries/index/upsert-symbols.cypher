UNWIND $rows AS row
MATCH (f:File {uid: row.fileUid})
MERGE (s:Symbol {uid: row.props.uid})
SET s += row.props, s.tenantId = $tenantId, s.repoId = $repoId, s.runId = $runId
MERGE (f)-[:DECLARES]->(s)
