// Revokes an API key (a second revocation keeps the first time); no row when there is no such key.
// Example: {id: '0123456789abcdef', revokedAt: '2026-11-26T14:00:00.000Z'}
MATCH (k:ApiKey {id: $id})
SET k.revokedAt = coalesce(k.revokedAt, $revokedAt)
RETURN k {.id, .tenantId, .repositories, .permissions, .toolProfile, .label, .createdAt, .expiresAt, .revokedAt} AS key
