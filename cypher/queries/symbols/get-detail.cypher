// One symbol with its parent, members, callees and callers (each list capped at $limit).
MATCH (s:Symbol {uid: $uid})
WHERE s.tenantId = $tenantId AND ($repoIds IS NULL OR s.repoId IN $repoIds)
MATCH (r:Repository {tenantId: $tenantId, repoId: s.repoId})
OPTIONAL MATCH (parent:Symbol)-[:HAS_MEMBER]->(s)
RETURN s {.uid, .kind, .name, .qualifiedName, repositoryId: s.repoId, .path, .startLine, .endLine,
          .language, .signature, .doc, .exported, .complexity, .declaredAt} AS symbol,
       r.commitSha AS commitSha,
       parent {.uid, .kind, .name, .qualifiedName, repositoryId: parent.repoId, .path, .startLine, .endLine} AS parent,
       COLLECT {
         MATCH (s)-[:HAS_MEMBER]->(m:Symbol)
         RETURN m {.uid, .kind, .name, .qualifiedName, repositoryId: m.repoId, .path, .startLine, .endLine}
         ORDER BY m.startLine, m.uid LIMIT $limit
       } AS members,
       COLLECT {
         MATCH (s)-[c:CALLS]->(t:Symbol)
         WHERE $repoIds IS NULL OR t.repoId IN $repoIds
         RETURN {symbol: t {.uid, .kind, .name, .qualifiedName, repositoryId: t.repoId, .path, .startLine, .endLine},
                 line: c.line, confidence: c.confidence}
         ORDER BY c.line, t.uid LIMIT $limit
       } AS calls,
       COLLECT {
         MATCH (t:Symbol)-[c:CALLS]->(s)
         WHERE $repoIds IS NULL OR t.repoId IN $repoIds
         RETURN {symbol: t {.uid, .kind, .name, .qualifiedName, repositoryId: t.repoId, .path, .startLine, .endLine},
                 line: c.line, confidence: c.confidence}
         ORDER BY t.path, c.line, t.uid LIMIT $limit
       } AS calledBy
