// Full-text over symbol names, name tokens, qualified names and doc comments. The index ranks every
// tenant's and repository's symbols together; the tenant and repository filters apply to its first
// $candidates matches, of which the best $limit are `hits`. `windowFull`: the index had that many, so a
// scope left with fewer than $limit may have lost its matches to other repositories' better ones, and
// the caller asks again with a wider window.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => null;
//   :param kinds => null; :param pathPrefix => null; :param language => null;
//   :param lucene => 'invoice^2 OR invoice*'; :param candidates => 500; :param limit => 30
CALL db.index.fulltext.queryNodes('symbol_text', $lucene, {limit: $candidates}) YIELD node, score
WITH collect({s: node, score: score}) AS window
CALL (window) {
  UNWIND window AS hit
  WITH hit.s AS s, hit.score AS score
  WHERE s.tenantId = $tenantId
    AND ($repoIds IS NULL OR s.repoId IN $repoIds)
    AND ($repositoryId IS NULL OR s.repoId = $repositoryId)
    AND ($kinds IS NULL OR s.kind IN $kinds)
    AND ($pathPrefix IS NULL OR s.path STARTS WITH $pathPrefix)
    AND ($language IS NULL OR s.language = $language)
  WITH s, score
  ORDER BY score DESC, s.qualifiedName, s.uid
  LIMIT $limit
  // The repository's commit for the best $limit only: looked up for every candidate, it was half the query's db hits.
  MATCH (r:Repository {tenantId: $tenantId, repoId: s.repoId})
  WITH s, score, r
  ORDER BY score DESC, s.qualifiedName, s.uid
  RETURN collect({symbol: s {.uid, .kind, .name, .qualifiedName, repositoryId: s.repoId, .path, .startLine, .endLine},
                  score: score, commitSha: r.commitSha}) AS hits
}
RETURN hits, size(window) = $candidates AS windowFull
