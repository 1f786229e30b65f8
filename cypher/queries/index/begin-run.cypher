// Takes the repository's indexing lease unless another run holds a live one; records the run.
MERGE (r:Repository {uid: $repoUid})
ON CREATE SET r.tenantId = $tenantId, r.repoId = $repoId, r.name = $repoId
WITH r, r.indexingRunId IS NOT NULL AND r.indexingLeaseUntil > datetime() AS busy
CALL (r, busy) {
  WITH r, busy WHERE NOT busy
  SET r.indexingRunId = $runId, r.indexingLeaseUntil = datetime() + duration({seconds: $leaseSeconds})
  MERGE (run:IndexRun {uid: $runId})
  SET run.tenantId = $tenantId, run.repoId = $repoId, run.status = 'running', run.startedAt = $startedAt
}
RETURN busy, r.indexingRunId AS holder
