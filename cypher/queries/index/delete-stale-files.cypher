MATCH (f:File {tenantId: $tenantId, repoId: $repoId})
WHERE f.runId <> $runId
CALL (f) { DETACH DELETE f } IN TRANSACTIONS OF 5000 ROWS
