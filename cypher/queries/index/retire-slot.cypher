// In the transaction that makes a re-index written beside the served graph live: the slot served
// until now serves nothing (readers leave it out from this commit on, see TenantView) and is deleted
// in bounded transactions afterwards (SNAPSHOT_QUERIES.deleteSlotRelationships and deleteSlotNodes,
// then index/delete-slot-repository).
// Example (cypher-shell): :param tenantId => 'default'; :param retiredUid => 'default:order-service'
MATCH (r:Repository {uid: $retiredUid, tenantId: $tenantId})
REMOVE r.commitSha, r.exactCallsPending
