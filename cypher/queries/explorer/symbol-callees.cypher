// The GraphQL explorer's callees (Symbol.callees: the symbols it calls, with the call line and
// confidence) of each Symbol of $uids: how many in all, and the page of them after the first $skip (by
// call line), at most $limit; within the caller's tenant ($tenantId) and repositories ($repoIds, null
// for all). A hidden or unknown parent has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
MATCH (source:Symbol {uid: uid})
WHERE source.tenantId = $tenantId AND ($repoIds IS NULL OR source.repoId IN $repoIds)
RETURN uid,
       COUNT {
         MATCH (source)-[call:CALLS]->(item:Symbol)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
       } AS totalCount,
       COLLECT {
         MATCH (source)-[call:CALLS]->(item:Symbol)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
         MATCH (repository:Repository {tenantId: $tenantId, repoId: item.repoId})
         RETURN {node: item {.uid, .kind, .name, .qualifiedName, repositoryId: item.repoId, .path, .startLine, .endLine,
                             .language, .signature, .doc, .exported, commitSha: repository.commitSha}, line: call.line, confidence: call.confidence}
         ORDER BY call.line, item.uid
         SKIP $skip LIMIT $limit
       } AS items
