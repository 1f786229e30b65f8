// A run that stopped with an error: release the lease, keep the record.
MATCH (run:IndexRun {uid: $runId})
SET run.status = 'failed', run.finishedAt = $finishedAt, run.error = $error
WITH run
OPTIONAL MATCH (lease:IndexLease {uid: $repoUid})
WHERE lease.runId = $runId
REMOVE lease.runId, lease.until
