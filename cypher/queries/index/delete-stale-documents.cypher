// Documents and sections this run did not write no longer exist.
MATCH (d:Document {tenantId: $tenantId, repoId: $repoId})
WHERE d.runId <> $runId
CALL (d) { DETACH DELETE d } IN TRANSACTIONS OF 5000 ROWS
