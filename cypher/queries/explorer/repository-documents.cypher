// The GraphQL explorer's Repository.documents: the Markdown documents of each repository of $uids
// ({tenant}:{repo}): how many in all, and the page of them after the first $skip (in path order), at
// most $limit; within the caller's tenant ($tenantId) and repositories ($repoIds, null for all). A
// hidden or unknown repository has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service']
UNWIND $uids AS uid
MATCH (repository:Repository {uid: uid})
WHERE repository.tenantId = $tenantId AND ($repoIds IS NULL OR repository.repoId IN $repoIds)
RETURN uid,
       COUNT { (:Document {tenantId: $tenantId, repoId: repository.repoId}) } AS totalCount,
       COLLECT {
         MATCH (item:Document {tenantId: $tenantId, repoId: repository.repoId})
         RETURN {node: item {.uid, repositoryId: item.repoId, .path, .title, .kind, commitSha: repository.commitSha}}
         ORDER BY item.path
         SKIP $skip LIMIT $limit
       } AS items
