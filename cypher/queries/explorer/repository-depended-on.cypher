// The GraphQL explorer's Repository.mostDependedOn: the symbols of each repository of $uids
// ({tenant}:{repo}) that other symbols depend on (call, extend or implement), with how many distinct
// dependents each has: how many such symbols in all, and the page of them after the first $skip (most
// dependents first, then by qualified name), at most $limit; within the caller's tenant ($tenantId) and
// repositories ($repoIds, null for all: a dependent in a repository the caller cannot read is not
// counted). Tests and nested function bodies (callbacks, closures) are dependents, never items: people
// start from named code. A repository with none, hidden or unknown has no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param skip => 0;
//   :param limit => 20; :param uids => ['default:order-service']
UNWIND $uids AS uid
MATCH (repository:Repository {uid: uid})
WHERE repository.tenantId = $tenantId AND ($repoIds IS NULL OR repository.repoId IN $repoIds)
CALL (repository) {
  MATCH (repository)-[:CONTAINS]->(:File)-[:DECLARES]->(item:Symbol)
  WHERE item.kind <> 'test' AND NOT coalesce(item.nested, false)
  WITH item, COUNT {
    MATCH (dependent:Symbol)-[:CALLS|EXTENDS|IMPLEMENTS]->(item)
    WHERE dependent <> item AND dependent.tenantId = $tenantId AND ($repoIds IS NULL OR dependent.repoId IN $repoIds)
    RETURN DISTINCT dependent
  } AS dependents
  WHERE dependents > 0
  RETURN item, dependents
}
WITH uid, repository, item, dependents
ORDER BY dependents DESC, item.qualifiedName, item.uid
WITH uid, collect({node: item {.uid, .kind, .name, .qualifiedName, repositoryId: item.repoId, .path, .startLine, .endLine,
                               .language, .signature, .doc, .exported, commitSha: repository.commitSha},
                   dependents: dependents}) AS ranked
RETURN uid, size(ranked) AS totalCount, ranked[$skip..($skip + $limit)] AS items
