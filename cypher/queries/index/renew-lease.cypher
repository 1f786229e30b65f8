// The run is alive: extend its hold on the repository.
MATCH (lease:IndexLease {uid: $repoUid})
WHERE lease.runId = $runId
SET lease.until = datetime() + duration({seconds: $leaseSeconds})
RETURN count(lease) AS held
