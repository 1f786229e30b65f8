// detect_stale_docs and verify_claim: every file of repository $repositoryId with what reading it at
// the indexed commit needs (its content hash) and whether it is a blocked secret file, in path order;
// within the caller's tenant ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param repositoryId => 'order-service'
MATCH (repository:Repository {tenantId: $tenantId, repoId: $repositoryId})-[:CONTAINS]->(file:File)
WHERE $repoIds IS NULL OR repository.repoId IN $repoIds
RETURN file.path AS path,
       file.language AS language,
       file.contentHash AS contentHash,
       file.blocked AS blocked
ORDER BY path
