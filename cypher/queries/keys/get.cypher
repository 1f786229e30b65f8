// One API key by id, with its secret's digest (for verifying a presented key), or no row.
// Example: {id: '0123456789abcdef'}
MATCH (k:ApiKey {id: $id})
RETURN k {.id, .tenantId, .secretDigest, .repositories, .permissions, .toolProfile, .label, .createdAt, .expiresAt, .revokedAt} AS key
