// The GraphQL explorer's Symbol.documents: the Markdown sections whose inline code names each symbol of
// $uids: how many in all, and the page of them after the first $skip (by repository, document path and
// line), at most $limit, each with its document; within the caller's tenant ($tenantId) and
// repositories ($repoIds, null for all). A hidden or unknown symbol has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
MATCH (target:Symbol {uid: uid})
WHERE target.tenantId = $tenantId AND ($repoIds IS NULL OR target.repoId IN $repoIds)
RETURN uid,
       COUNT {
         MATCH (item:Section)-[:MENTIONS]->(target)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
       } AS totalCount,
       COLLECT {
         MATCH (document:Document)-[:HAS_SECTION]->(item:Section)-[:MENTIONS]->(target)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
         MATCH (repository:Repository {tenantId: $tenantId, repoId: item.repoId})
         RETURN {node: item {.uid, .title, .level, .startLine, .endLine, commitSha: repository.commitSha,
                             document: document {.uid, repositoryId: document.repoId, .path, .title, .kind}}}
         ORDER BY item.repoId, document.path, item.startLine, item.uid
         SKIP $skip LIMIT $limit
       } AS items
