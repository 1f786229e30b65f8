// Symbols by uid (the hits of a vector search), within the caller's tenant and repositories.
UNWIND $uids AS uid
MATCH (s:Symbol {uid: uid})
WHERE s.tenantId = $tenantId AND ($repoIds IS NULL OR s.repoId IN $repoIds)
MATCH (r:Repository {tenantId: $tenantId, repoId: s.repoId})
RETURN s {.uid, .kind, .name, .qualifiedName, repositoryId: s.repoId, .path, .startLine, .endLine} AS symbol,
       r.commitSha AS commitSha
