// Full-text over the headings of Markdown sections (search_code with include: ["documents"]). As in
// fulltext-symbols, the index ranks every tenant's and repository's sections together; the tenant and
// repository filters apply to its first $candidates matches, of which the best $limit are `hits`, and
// `windowFull` tells the caller to ask again with a wider window when the scope got fewer.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => null;
//   :param pathPrefix => null; :param lucene => 'events^2 OR events*'; :param candidates => 500; :param limit => 30
CALL db.index.fulltext.queryNodes('section_text', $lucene, {limit: $candidates}) YIELD node, score
WITH collect({s: node, score: score}) AS window
CALL (window) {
  UNWIND window AS hit
  WITH hit.s AS s, hit.score AS score
  WHERE s.tenantId = $tenantId
    AND ($repoIds IS NULL OR s.repoId IN $repoIds)
    AND ($repositoryId IS NULL OR s.repoId = $repositoryId)
    AND ($pathPrefix IS NULL OR s.path STARTS WITH $pathPrefix)
  WITH s, score
  ORDER BY score DESC, s.path, s.startLine, s.uid
  LIMIT $limit
  MATCH (r:Repository {tenantId: $tenantId, repoId: s.repoId})
  WITH s, score, r
  ORDER BY score DESC, s.path, s.startLine, s.uid
  RETURN collect({section: s {.uid, .title, documentPath: s.path, repositoryId: s.repoId, .startLine, .endLine},
                  score: score, commitSha: r.commitSha}) AS hits
}
RETURN hits, size(window) = $candidates AS windowFull
