// Takes the repository's indexing lease unless another run holds a live one; records the run. The
// lease is its own node so that renewing it never waits on the snapshot transaction's locks.
MERGE (lease:IndexLease {uid: $repoUid})
ON CREATE SET lease.tenantId = $tenantId, lease.repoId = $repoId
WITH lease, lease.runId IS NOT NULL AND lease.until > datetime() AS busy
CALL (lease, busy) {
  WITH lease, busy WHERE NOT busy
  SET lease.runId = $runId, lease.until = datetime() + duration({seconds: $leaseSeconds})
  MERGE (run:IndexRun {uid: $runId})
  SET run.tenantId = $tenantId, run.repoId = $repoId, run.status = 'running', run.startedAt = $startedAt
}
RETURN busy
