// The run is alive: extend its hold on the repository.
MATCH (r:Repository {uid: $repoUid})
WHERE r.indexingRunId = $runId
SET r.indexingLeaseUntil = datetime() + duration({seconds: $leaseSeconds})
RETURN count(r) AS held
