// The run is complete: the storage slot it wrote serves its commit, the lease is released.
MERGE (r:Repository {uid: $slotUid})
ON CREATE SET r.tenantId = $tenantId, r.repoId = $slotId
SET r.commitSha = $commitSha, r.indexedAt = $finishedAt, r.lastRunId = $run.uid
REMOVE r.exactCallsPending
MERGE (run:IndexRun {uid: $run.uid})
SET run += $run, run.tenantId = $tenantId, run.repoId = $repoId
WITH run
MATCH (lease:IndexLease {uid: $repoUid})
WHERE lease.runId = $runId
REMOVE lease.runId, lease.until
