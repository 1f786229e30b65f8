// The repository's graph is queryable at its new commit (calls resolved by scope and name); the run
// goes on to resolve calls with the compiler and keeps the lease until it completes.
MERGE (r:Repository {uid: $slotUid})
ON CREATE SET r.tenantId = $tenantId, r.repoId = $slotId
SET r.commitSha = $commitSha, r.indexedAt = $queryableAt, r.exactCallsPending = $runId
WITH r
MATCH (run:IndexRun {uid: $runId})
SET run.queryableAt = $queryableAt, run.queryableMs = $queryableMs
