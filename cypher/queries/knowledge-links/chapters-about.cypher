// The knowledge chapters ABOUT any of $uids (symbols or files; with $declared, a file's symbols too) in
// the caller's tenant ($tenantId) and repositories ($repoIds, null for all): each chapter and the uid
// it is about, with the links it was written with (`links`, JSON) and the node's repository's commit.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']; :param declared => false
UNWIND $uids AS wanted
CALL (wanted) {
  MATCH (symbol:Symbol {uid: wanted})
  RETURN symbol AS node
  UNION
  MATCH (file:File {uid: wanted})
  RETURN file AS node
  UNION
  MATCH (file:File {uid: wanted})-[:DECLARES]->(symbol:Symbol)
  WHERE $declared
  RETURN symbol AS node
}
WITH wanted, node
WHERE node.tenantId = $tenantId AND ($repoIds IS NULL OR node.repoId IN $repoIds)
MATCH (chapter:KnowledgeChapter {tenantId: $tenantId})-[about:ABOUT]->(node)
MATCH (repository:Repository {tenantId: $tenantId, repoId: node.repoId})
RETURN chapter.projectId AS projectId, chapter.filename AS filename, chapter.chapter AS chapter, chapter.uri AS uri,
       chapter.knowledgeCommit AS knowledgeCommit, chapter.links AS links, node.uid AS about, about.reference AS reference,
       node.signature AS signature,
       coalesce(node.exactFingerprint,
                CASE WHEN node.bodyTokenCount IS NULL THEN null
                     ELSE 'tokens:' + toString(node.bodyTokenCount) + ',lines:' + toString(node.endLine - node.startLine) END)
         AS bodyFingerprint,
       node.contentHash AS contentHash, repository.commitSha AS codeCommit
ORDER BY projectId, filename, chapter, about, reference
