// A run whose inputs are those of the slot's last complete run is complete without writing an element:
// the run's record, the lease released, the slot's stamp left as it is (its graph state file stays
// current). Guarded as indexed-outcome reads, in the same transaction: no row, nothing recorded.
MATCH (r:Repository {uid: $slotUid, tenantId: $tenantId})
WHERE r.commitSha = $commitSha AND r.exactCallsPending IS NULL
  AND r.runInputs = $inputs AND r.runInputsVersion = r.snapshotVersion
SET r.indexedAt = $finishedAt, r.lastRunId = $run.uid
MERGE (run:IndexRun {uid: $run.uid})
SET run += $run, run.tenantId = $tenantId, run.repoId = $repoId
WITH run
MATCH (lease:IndexLease {uid: $repoUid})
WHERE lease.runId = $runId
REMOVE lease.runId, lease.until
RETURN count(run) AS completed
