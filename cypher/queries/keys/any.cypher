// Whether a usable API key exists: not revoked and not expired. Revoked and expired keys do not
// count: on a loopback server, revoking the only key (or letting it expire) opens the doors again,
// as they were before it was created; beyond loopback every caller authenticates whatever this says.
// Example: {now: '2026-11-27T12:00:00.000Z'}
OPTIONAL MATCH (k:ApiKey)
  WHERE k.revokedAt IS NULL AND (k.expiresAt IS NULL OR k.expiresAt > $now)
WITH k LIMIT 1
RETURN k IS NOT NULL AS exists
