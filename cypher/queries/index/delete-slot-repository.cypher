// The Repository node of a storage slot that serves nothing, once none of its elements is left
// (SNAPSHOT_QUERIES.deleteSlotNodes deletes them in bounded transactions first). A served slot is never deleted.
// Example (cypher-shell): :param tenantId => 'default'; :param slotUid => 'default:order-service~2'
MATCH (r:Repository {uid: $slotUid, tenantId: $tenantId})
WHERE r.commitSha IS NULL
DETACH DELETE r
