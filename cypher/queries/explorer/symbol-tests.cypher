// The GraphQL explorer's tests (Symbol.tests: the test cases with a TESTS edge to it, direct or through
// a helper) of each Symbol of $uids: how many in all, and the page of them after the first $skip (by
// repository, path and line), at most $limit; within the caller's tenant ($tenantId) and repositories
// ($repoIds, null for all). A hidden or unknown parent has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
MATCH (target:Symbol {uid: uid})
WHERE target.tenantId = $tenantId AND ($repoIds IS NULL OR target.repoId IN $repoIds)
RETURN uid,
       COUNT {
         MATCH (item:Symbol)-[test:TESTS]->(target)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
       } AS totalCount,
       COLLECT {
         MATCH (item:Symbol)-[test:TESTS]->(target)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
         MATCH (repository:Repository {tenantId: $tenantId, repoId: item.repoId})
         RETURN {node: item {.uid, .kind, .name, .qualifiedName, repositoryId: item.repoId, .path, .startLine, .endLine,
                             .language, .signature, .doc, .exported, commitSha: repository.commitSha}, via: test.via}
         ORDER BY item.repoId, item.path, item.startLine, item.uid
         SKIP $skip LIMIT $limit
       } AS items
