// An index run of the repository has finished writing (completed or failed): its snapshot, its links
// to the tenant's other repositories and its vectors (or their queued progress). Readers' caches of
// the tenant key on this generation (repositories/view), in every process. Both storage slots (storageSlots).
// Example (cypher-shell): :param tenantId => 'default'; :param slotIds => ['order-service', 'order-service~2']
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.repoId IN $slotIds
SET r.generation = coalesce(r.generation, 0) + 1
