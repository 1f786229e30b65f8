// The two storage slots of a repository (storageSlots in @lore/domain), first first: for each, whether
// its Repository node exists and the commit it serves. Null is not served: a first index, a re-index
// written beside the served slot and not yet made live, or the slot such a re-index retired (both
// hidden from readers, see TenantView). At most one slot of a repository is served.
// Example (cypher-shell): :param tenantId => 'default'; :param slotIds => ['order-service', 'order-service~2']
UNWIND $slotIds AS slotId
OPTIONAL MATCH (r:Repository {tenantId: $tenantId, repoId: slotId})
RETURN slotId, r IS NOT NULL AS stored, r.commitSha AS commitSha
