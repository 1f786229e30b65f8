// Full-text over symbol names, name tokens, qualified names and doc comments; the tenant and
// repository filters apply to the candidates the index returns.
CALL db.index.fulltext.queryNodes('symbol_text', $lucene, {limit: $candidates}) YIELD node AS s, score
WHERE s.tenantId = $tenantId
  AND ($repoIds IS NULL OR s.repoId IN $repoIds)
  AND ($repositoryId IS NULL OR s.repoId = $repositoryId)
  AND ($kinds IS NULL OR s.kind IN $kinds)
  AND ($pathPrefix IS NULL OR s.path STARTS WITH $pathPrefix)
  AND ($language IS NULL OR s.language = $language)
MATCH (r:Repository {tenantId: $tenantId, repoId: s.repoId})
RETURN s {.uid, .kind, .name, .qualifiedName, repositoryId: s.repoId, .path, .startLine, .endLine} AS symbol,
       score, r.commitSha AS commitSha
ORDER BY score DESC, s.qualifiedName, s.uid
LIMIT $limit
