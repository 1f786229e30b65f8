// Code health analysis: the source files of repository $repositoryId (documents and blocked files left
// out; $languages: the code languages), with their size, whether they are test files and the symbols of the
// repository their module-level code calls, with each call's confidence (it runs when the file loads), within the caller's tenant
// ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service'
MATCH (file:File {tenantId: $tenantId, repoId: $repositoryId})
WHERE ($repoIds IS NULL OR file.repoId IN $repoIds)
  AND NOT coalesce(file.blocked, false)
  AND file.language IN $languages
RETURN file.path AS path, file.language AS language, coalesce(file.lines, 0) AS lines, coalesce(file.isTest, false) AS isTest,
       [(file)-[call:CALLS]->(callee:Symbol) WHERE callee.repoId = file.repoId AND call.crossRepository IS NULL | {uid: callee.uid, confidence: call.confidence}] AS calledAtLoad
ORDER BY file.path
