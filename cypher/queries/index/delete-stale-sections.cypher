MATCH (s:Section {tenantId: $tenantId, repoId: $repoId})
WHERE s.runId <> $runId
CALL (s) { DETACH DELETE s } IN TRANSACTIONS OF 5000 ROWS
