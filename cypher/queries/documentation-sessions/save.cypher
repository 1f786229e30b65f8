// Saves a documentation session's new state if nobody saved it since it was read (its version is
// still $version): a second server's concurrent change is never overwritten, it is refused (no row).
// $changes: {state, machine, toolMachine, updatedAt, expiresAt}.
// Example: {tenantId: 'default', subject: 'local', sessionId: 'ds_…', version: 3, repoIds: null, changes: {…}}
MATCH (s:DocumentationSession {sessionId: $sessionId, tenantId: $tenantId, subject: $subject})
WHERE s.version = $version AND ($repoIds IS NULL OR s.repositoryId IN $repoIds)
SET s += $changes, s.version = s.version + 1
RETURN s.version AS version
