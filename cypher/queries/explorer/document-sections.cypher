// The GraphQL explorer's Document.sections: the sections of each document of $uids
// ({tenant}:{repo}:{path}#document): how many in all, and the page of them after the first $skip (in
// document order), at most $limit; within the caller's tenant ($tenantId) and repositories ($repoIds,
// null for all). A hidden or unknown document has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service:README.md#document']
UNWIND $uids AS uid
MATCH (document:Document {uid: uid})
WHERE document.tenantId = $tenantId AND ($repoIds IS NULL OR document.repoId IN $repoIds)
MATCH (repository:Repository {tenantId: $tenantId, repoId: document.repoId})
RETURN uid,
       COUNT { (document)-[:HAS_SECTION]->(:Section) } AS totalCount,
       COLLECT {
         MATCH (document)-[:HAS_SECTION]->(item:Section)
         RETURN {node: item {.uid, .title, .level, .startLine, .endLine, commitSha: repository.commitSha,
                             document: document {.uid, repositoryId: document.repoId, .path, .title, .kind}}}
         ORDER BY item.startLine, item.uid
         SKIP $skip LIMIT $limit
       } AS items
