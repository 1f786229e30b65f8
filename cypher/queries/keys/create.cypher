// Stores a new API key: its id, the SHA-256 digest of its secret (never the secret), and what it grants.
// $key: {id, tenantId, secretDigest, repositories (null: every repository of the tenant), permissions,
// toolProfile, label, createdAt, expiresAt} (times as ISO-8601 UTC strings).
// Example: {key: {id: '0123456789abcdef', tenantId: 'acme', secretDigest: '…', repositories: ['api'],
//           permissions: ['read'], toolProfile: null, label: 'ci', createdAt: '2026-11-26T14:00:00.000Z', expiresAt: null}}
CREATE (k:ApiKey {id: $key.id})
SET k += $key
RETURN k.id AS id
