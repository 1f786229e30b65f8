UNWIND $rows AS row
MERGE (f:File {uid: row.uid})
SET f += row, f.tenantId = $tenantId, f.repoId = $repoId, f.runId = $runId
WITH f
MATCH (r:Repository {uid: $repoUid})
MERGE (r)-[:CONTAINS]->(f)
