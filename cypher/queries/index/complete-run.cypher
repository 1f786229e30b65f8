// The run is complete: the repository points at its commit, the lease is released.
MERGE (r:Repository {uid: $repoUid})
ON CREATE SET r.tenantId = $tenantId, r.repoId = $repoId
SET r.commitSha = $commitSha, r.indexedAt = $finishedAt, r.lastRunId = $run.uid
REMOVE r.exactCallsPending
MERGE (run:IndexRun {uid: $run.uid})
SET run += $run, run.tenantId = $tenantId, run.repoId = $repoId
WITH run
MATCH (lease:IndexLease {uid: $repoUid})
WHERE lease.runId = $runId
REMOVE lease.runId, lease.until
