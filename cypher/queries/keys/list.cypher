// The API keys of a tenant (every tenant when $tenantId is null), oldest first, without their digests.
// Example: {tenantId: 'acme'}
MATCH (k:ApiKey)
WHERE $tenantId IS NULL OR k.tenantId = $tenantId
RETURN k {.id, .tenantId, .repositories, .permissions, .toolProfile, .label, .createdAt, .expiresAt, .revokedAt} AS key
ORDER BY k.createdAt, k.id
