// The GraphQL explorer's callers (Symbol.callers: the symbols that call it, with the call line and
// confidence) of each Symbol of $uids: how many in all, and the page of them after the first $skip
// (callers in code before callers in test files and test cases, as a person reads a symbol's callers
// for how the code uses it; then by repository, path and line), at most $limit; within the caller's
// tenant ($tenantId) and repositories ($repoIds, null for all). A hidden or unknown parent has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
MATCH (target:Symbol {uid: uid})
WHERE target.tenantId = $tenantId AND ($repoIds IS NULL OR target.repoId IN $repoIds)
RETURN uid,
       COUNT {
         MATCH (item:Symbol)-[call:CALLS]->(target)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
       } AS totalCount,
       COLLECT {
         MATCH (item:Symbol)-[call:CALLS]->(target)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
         MATCH (repository:Repository {tenantId: $tenantId, repoId: item.repoId})
         OPTIONAL MATCH (file:File)-[:DECLARES]->(item)
         WITH item, call, repository, coalesce(file.isTest, false) OR item.kind = 'test' AS inTest
         RETURN {node: item {.uid, .kind, .name, .qualifiedName, repositoryId: item.repoId, .path, .startLine, .endLine,
                             .language, .signature, .doc, .exported, commitSha: repository.commitSha}, line: call.line, confidence: call.confidence}
         ORDER BY inTest, item.repoId, item.path, call.line, item.uid
         SKIP $skip LIMIT $limit
       } AS items
