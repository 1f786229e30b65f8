// Takes the write lock of the repository's indexing lease before anything is decided: the lease is
// unique by uid (constraint index_lease_uid), MERGE makes it at most once, and the SET makes this
// transaction its one writer until it commits, so a run that starts at the same moment waits here and
// then reads what this one decided. Returns the holder it found, if one still holds the lease: its
// run, process and machine (index/begin-run then takes the lease or refuses, in the same transaction).
// Example (cypher-shell): :param tenantId => 'default'; :param repoId => 'order-service'; :param repoUid => 'default:order-service'; :param runId => 'r1'; :param host => 'h'
MERGE (lease:IndexLease {uid: $repoUid})
ON CREATE SET lease.tenantId = $tenantId, lease.repoId = $repoId
SET lease.claimedBy = $runId
WITH lease
WHERE lease.runId IS NOT NULL AND lease.until > datetime()
RETURN lease.runId AS runId, lease.pid AS pid, lease.host = $host AS onThisMachine
