// The GraphQL explorer's symbols (File.symbols: every symbol the file declares) of each File of $uids:
// how many in all, and the page of them after the first $skip (in declaration order), at most $limit;
// within the caller's tenant ($tenantId) and repositories ($repoIds, null for all). A hidden or unknown
// parent has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service:src/pricing/discounts.ts']
UNWIND $uids AS uid
MATCH (file:File {uid: uid})
WHERE file.tenantId = $tenantId AND ($repoIds IS NULL OR file.repoId IN $repoIds)
RETURN uid,
       COUNT {
         MATCH (file)-[:DECLARES]->(item:Symbol)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
       } AS totalCount,
       COLLECT {
         MATCH (file)-[:DECLARES]->(item:Symbol)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
         MATCH (repository:Repository {tenantId: $tenantId, repoId: item.repoId})
         RETURN {node: item {.uid, .kind, .name, .qualifiedName, repositoryId: item.repoId, .path, .startLine, .endLine,
                             .language, .signature, .doc, .exported, commitSha: repository.commitSha}}
         ORDER BY item.startLine, item.uid
         SKIP $skip LIMIT $limit
       } AS items
