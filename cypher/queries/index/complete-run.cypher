// The run is complete: the repository points at its commit, the lease is released.
MATCH (r:Repository {uid: $repoUid})
SET r.commitSha = $commitSha, r.indexedAt = $finishedAt, r.lastRunId = $run.uid
REMOVE r.indexingRunId, r.indexingLeaseUntil
MERGE (run:IndexRun {uid: $run.uid})
SET run += $run, run.tenantId = $tenantId, run.repoId = $repoId
