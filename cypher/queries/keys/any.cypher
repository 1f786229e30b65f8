// Whether any API key was ever created (revoked or expired ones count: revoking every key must not
// open the server to unauthenticated callers).
// Example: {}
OPTIONAL MATCH (k:ApiKey)
WITH k LIMIT 1
RETURN k IS NOT NULL AS exists
