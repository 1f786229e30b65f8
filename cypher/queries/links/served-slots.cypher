// The storage slot every served repository of a tenant is read from (storageSlots in @lore/domain):
// links join served slots only, never a slot a re-index is writing or has retired.
// Example (cypher-shell): :param tenantId => 'default'
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.commitSha IS NOT NULL
RETURN r.repoId AS slotId
ORDER BY slotId
