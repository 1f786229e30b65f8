UNWIND $rows AS row
MERGE (d:Document {uid: row.uid})
SET d.path = row.path, d.title = row.title, d.kind = row.kind, d.fileUid = row.fileUid,
    d.tenantId = $tenantId, d.repoId = $repoId, d.runId = $runId
