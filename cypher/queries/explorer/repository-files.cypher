// The GraphQL explorer's Repository.files: the files of each repository of $uids ({tenant}:{repo})
// whose path starts with $prefix ('' for all): how many in all, and the page of them after the first
// $skip (in path order), at most $limit; within the caller's tenant ($tenantId) and repositories
// ($repoIds, null for all). A hidden or unknown repository has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param prefix => 'src/'; :param uids => ['default:order-service']
UNWIND $uids AS uid
MATCH (repository:Repository {uid: uid})
WHERE repository.tenantId = $tenantId AND ($repoIds IS NULL OR repository.repoId IN $repoIds)
RETURN uid,
       COUNT {
         MATCH (repository)-[:CONTAINS]->(item:File)
         WHERE item.path STARTS WITH $prefix
       } AS totalCount,
       COLLECT {
         MATCH (repository)-[:CONTAINS]->(item:File)
         WHERE item.path STARTS WITH $prefix
         RETURN {node: item {.uid, repositoryId: item.repoId, .path, .language, .lines, .bytes, .blocked,
                             commitSha: repository.commitSha}}
         ORDER BY item.path
         SKIP $skip LIMIT $limit
       } AS items
