// In the transaction that makes a re-index written beside the served graph live: the slot served
// until now serves nothing (readers leave it out from this commit on, see TenantView) and is deleted
// in bounded transactions afterwards (index/delete-slot-repository and SNAPSHOT_QUERIES.deleteSlotNodes).
// Example (cypher-shell): :param tenantId => 'default'; :param retiredUid => 'default:order-service'; :param retiredAt => '2026-11-26T22:00:00Z'
MATCH (r:Repository {uid: $retiredUid, tenantId: $tenantId})
REMOVE r.commitSha, r.exactCallsPending
SET r.retiredAt = $retiredAt
