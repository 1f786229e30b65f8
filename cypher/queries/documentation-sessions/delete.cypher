// Forgets one documentation session of tenant $tenantId owned by $subject (the caller's), of a
// repository the caller may read ($repoIds, null for all). Answers how many were deleted (0 or 1).
// Example (cypher-shell): :param tenantId => 'default'; :param subject => 'local'; :param sessionId => 'ds_…'; :param repoIds => null
OPTIONAL MATCH (s:DocumentationSession {sessionId: $sessionId, tenantId: $tenantId, subject: $subject})
WHERE $repoIds IS NULL OR s.repositoryId IN $repoIds
WITH collect(s) AS chosen
FOREACH (s IN chosen | DETACH DELETE s)
RETURN size(chosen) AS deleted
