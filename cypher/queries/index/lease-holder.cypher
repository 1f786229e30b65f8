// Who holds the repository's indexing lease, if anyone does still: its run, process and machine.
MATCH (lease:IndexLease {uid: $repoUid})
WHERE lease.runId IS NOT NULL AND lease.until > datetime()
RETURN lease.runId AS runId, lease.pid AS pid, lease.host = $host AS onThisMachine
