// A run that stopped with an error: release the lease, keep the record.
MATCH (run:IndexRun {uid: $runId})
SET run.status = 'failed', run.finishedAt = $finishedAt, run.error = $error
WITH run
OPTIONAL MATCH (r:Repository {uid: $repoUid})
WHERE r.indexingRunId = $runId
REMOVE r.indexingRunId, r.indexingLeaseUntil
