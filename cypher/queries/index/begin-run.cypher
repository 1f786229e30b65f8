// Takes the repository's indexing lease unless another run holds a live one; records the run. The
// lease is its own node so that renewing it never waits on the snapshot transaction's locks. A run
// that held the lease and is dead (its lease ran out, or $deadRunId: its process on this machine is
// gone) is recorded as failed, with why, as the lease changes hands. Returns who holds the lease.
// Runs after index/claim-lease in the same write transaction, which holds the lease's write lock:
// what `busy` reads here cannot change before this transaction commits.
MERGE (lease:IndexLease {uid: $repoUid})
ON CREATE SET lease.tenantId = $tenantId, lease.repoId = $repoId
WITH lease, lease.runId IS NOT NULL AND lease.until > datetime() AND lease.runId <> coalesce($deadRunId, '') AS busy
CALL (lease, busy) {
  WITH lease, busy WHERE NOT busy
  OPTIONAL MATCH (dead:IndexRun {uid: lease.runId})
  WHERE dead.status = 'running'
  SET dead.status = 'failed', dead.finishedAt = $startedAt,
      dead.error = CASE
        WHEN dead.uid = $deadRunId THEN 'The run ended without finishing: its process was killed or crashed.'
        ELSE 'The run ended without finishing: its heartbeats stopped (process killed, crashed or cut off) and its lease ran out at ' + toString(lease.until) + '.'
      END
  WITH lease
  SET lease.runId = $runId, lease.until = datetime() + duration({seconds: $leaseSeconds}),
      lease.startedAt = $startedAt, lease.pid = $pid, lease.host = $host
  MERGE (run:IndexRun {uid: $runId})
  SET run.tenantId = $tenantId, run.repoId = $repoId, run.status = 'running', run.startedAt = $startedAt
}
RETURN busy, lease.runId AS holderRunId, lease.startedAt AS holderStartedAt, lease.pid AS holderPid,
       lease.host = $host AS holderOnThisMachine, duration.inSeconds(datetime(), lease.until).seconds AS leaseSecondsLeft
