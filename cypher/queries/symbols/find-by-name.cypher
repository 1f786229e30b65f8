// Symbols whose name or qualified name is exactly $name, within the caller's tenant and repositories.
MATCH (s:Symbol)
WHERE s.tenantId = $tenantId
  AND (s.name = $name OR s.qualifiedName = $name)
  AND ($repoIds IS NULL OR s.repoId IN $repoIds)
  AND ($repositoryId IS NULL OR s.repoId = $repositoryId)
RETURN s {.uid, .kind, .name, .qualifiedName, repositoryId: s.repoId, .path, .startLine, .endLine} AS symbol
ORDER BY s.repoId, s.path, s.startLine, s.uid
LIMIT $limit
