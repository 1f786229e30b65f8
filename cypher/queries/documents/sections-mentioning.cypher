// get_documents: the Markdown sections that refer to a file ($path in $repositoryId) or to one symbol
// of it ($symbolUid; null for the file itself), with how they refer:
//   a symbol: 'mentions_symbol' (inline code names it), 'links_its_file' (a link to its file);
//   a file:   'links_file' (a link to it), 'mentions_its_symbol' (inline code names a symbol it declares).
// Each section once, with its document, the repository's indexed commit, every way it refers and the
// symbols it names; within the caller's tenant ($tenantId) and repositories ($repoIds, null for all);
// at most $limit sections, by repository, document path and line.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param repositoryId => 'order-service'; :param path => 'src/pricing/discounts.ts';
//   :param symbolUid => 'default:order-service:src/pricing/discounts.ts#applyDiscount'; :param limit => 50
MATCH (file:File {tenantId: $tenantId, repoId: $repositoryId, path: $path})
WHERE $repoIds IS NULL OR file.repoId IN $repoIds
CALL (file) {
  MATCH (section:Section)-[:MENTIONS]->(file)
  RETURN section, CASE WHEN $symbolUid IS NULL THEN 'links_file' ELSE 'links_its_file' END AS via, null AS symbol
  UNION
  MATCH (file)-[:DECLARES]->(symbol:Symbol)<-[:MENTIONS]-(section:Section)
  WHERE $symbolUid IS NULL OR symbol.uid = $symbolUid
  RETURN section, CASE WHEN $symbolUid IS NULL THEN 'mentions_its_symbol' ELSE 'mentions_symbol' END AS via, symbol
}
WITH section, via, symbol
WHERE section.tenantId = $tenantId AND ($repoIds IS NULL OR section.repoId IN $repoIds)
MATCH (document:Document)-[:HAS_SECTION]->(section)
MATCH (repository:Repository {tenantId: $tenantId, repoId: section.repoId})
WITH section, document, repository, collect(DISTINCT via) AS refersBy, collect(DISTINCT symbol) AS symbols
RETURN section {.uid, .title, .level, .startLine, .endLine} AS section,
       document {.path, .title, .kind} AS document,
       section.repoId AS repositoryId,
       repository.commitSha AS commitSha,
       refersBy,
       [s IN symbols | s {.uid, .kind, .name, .qualifiedName, repositoryId: s.repoId, .path, .startLine, .endLine}] AS symbols
ORDER BY repositoryId, document.path, section.startLine, section.uid
LIMIT $limit
