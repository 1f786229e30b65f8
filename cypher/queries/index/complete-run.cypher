// The run is complete: the storage slot it wrote serves its commit, the lease is released.
MERGE (r:Repository {uid: $slotUid})
ON CREATE SET r.tenantId = $tenantId, r.repoId = $slotId
SET r.commitSha = $commitSha, r.indexedAt = $finishedAt, r.lastRunId = $run.uid,
    // What the run was made from and what it made, valid while the slot keeps this transaction's stamp (see indexed-outcome).
    r.runInputs = $inputs, r.runOutcome = $outcome, r.runInputsVersion = r.snapshotVersion
REMOVE r.exactCallsPending
MERGE (run:IndexRun {uid: $run.uid})
SET run += $run, run.tenantId = $tenantId, run.repoId = $repoId
WITH run
MATCH (lease:IndexLease {uid: $repoUid})
WHERE lease.runId = $runId
REMOVE lease.runId, lease.until
