// The GraphQL explorer's symbols (Section.symbols: the symbols its inline code names) of each Section of
// $uids: how many in all, and the page of them after the first $skip (by repository, path and line), at
// most $limit; within the caller's tenant ($tenantId) and repositories ($repoIds, null for all). A
// hidden or unknown parent has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service:README.md#L1']
UNWIND $uids AS uid
MATCH (section:Section {uid: uid})
WHERE section.tenantId = $tenantId AND ($repoIds IS NULL OR section.repoId IN $repoIds)
RETURN uid,
       COUNT {
         MATCH (section)-[:MENTIONS]->(item:Symbol)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
       } AS totalCount,
       COLLECT {
         MATCH (section)-[:MENTIONS]->(item:Symbol)
         WHERE item.tenantId = $tenantId AND ($repoIds IS NULL OR item.repoId IN $repoIds)
         MATCH (repository:Repository {tenantId: $tenantId, repoId: item.repoId})
         RETURN {node: item {.uid, .kind, .name, .qualifiedName, repositoryId: item.repoId, .path, .startLine, .endLine,
                             .language, .signature, .doc, .exported, commitSha: repository.commitSha}}
         ORDER BY item.repoId, item.path, item.startLine, item.uid
         SKIP $skip LIMIT $limit
       } AS items
