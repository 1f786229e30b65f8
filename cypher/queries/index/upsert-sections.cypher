UNWIND $rows AS row
MATCH (d:Document {uid: row.documentUid})
MERGE (s:Section {uid: row.uid})
SET s.title = row.title, s.level = row.level, s.startLine = row.startLine, s.endLine = row.endLine,
    s.path = d.path, s.tenantId = $tenantId, s.repoId = $repoId, s.runId = $runId
MERGE (d)-[:HAS_SECTION]->(s)
