// Stores a new documentation session $session: {sessionId, tenantId, subject (the principal that owns
// it), repositoryId, state, machine and toolMachine (the persisted xstate snapshots, as JSON),
// createdAt, updatedAt, expiresAt (ISO-8601 UTC), version: 1}. Sessions are written only for a
// repository the creator may read ($repoIds, null for all).
// Example: {tenantId: 'default', repoIds: null, session: {sessionId: 'ds_…', tenantId: 'default', subject: 'local', …}}
WITH $session AS session
WHERE session.tenantId = $tenantId AND ($repoIds IS NULL OR session.repositoryId IN $repoIds)
CREATE (s:DocumentationSession {sessionId: session.sessionId})
SET s += session
RETURN s.sessionId AS sessionId
