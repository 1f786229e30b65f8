// Code health analysis: the source files of repository $repositoryId (documents and blocked files left
// out; $languages: the code languages), with their size and whether they are test files, within the caller's tenant ($tenantId) and
// repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service'
MATCH (file:File {tenantId: $tenantId, repoId: $repositoryId})
WHERE ($repoIds IS NULL OR file.repoId IN $repoIds)
  AND NOT coalesce(file.blocked, false)
  AND file.language IN $languages
RETURN file.path AS path, file.language AS language, coalesce(file.lines, 0) AS lines, coalesce(file.isTest, false) AS isTest
ORDER BY file.path
