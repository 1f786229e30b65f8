// Symbols this run did not write no longer exist in the repository.
MATCH (s:Symbol {tenantId: $tenantId, repoId: $repoId})
WHERE s.runId <> $runId
CALL (s) { DETACH DELETE s } IN TRANSACTIONS OF 5000 ROWS
