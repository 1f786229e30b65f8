// get_project_structure: every file of repository $repositoryId whose path starts with $prefix ('' for
// all of them, else a directory followed by '/'), with its language, size in bytes, line count, whether
// it is a blocked secret file, and how many symbols it declares; in path order. Within the caller's
// tenant ($tenantId) and repositories ($repoIds, null for all). The service builds the directories.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param repositoryId => 'order-service'; :param prefix => 'src/'
MATCH (repository:Repository {tenantId: $tenantId, repoId: $repositoryId})-[:CONTAINS]->(file:File)
WHERE ($repoIds IS NULL OR repository.repoId IN $repoIds)
  AND file.path STARTS WITH $prefix
RETURN file.path AS path,
       file.language AS language,
       file.bytes AS bytes,
       file.lines AS lines,
       file.blocked AS blocked,
       COUNT { (file)-[:DECLARES]->(:Symbol) } AS symbols
ORDER BY path
