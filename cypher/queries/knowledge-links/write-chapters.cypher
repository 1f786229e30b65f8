// Replaces the KnowledgeChapter nodes of one knowledge document ($projectId, $filename) of a tenant
// ($tenantId): chapters not in $keep (uids) are deleted with their links; each of $chapters is
// written (merged by uid) with its links (`links`, JSON: what the code was when it was written) and
// ABOUT relationships to the nodes they name ($chapters[].about: uid and storage slot of each).
// Example (cypher-shell): :param tenantId => 'default'; :param projectId => 'order-service'; :param filename => 'pricing.md';
//   :param keep => []; :param chapters => []
MATCH (stale:KnowledgeChapter {tenantId: $tenantId, projectId: $projectId, filename: $filename})
WHERE NOT stale.uid IN $keep AND NOT stale.uid IN [chapter IN $chapters | chapter.uid]
DETACH DELETE stale
WITH count(*) AS deleted
UNWIND $chapters AS chapter
MERGE (node:KnowledgeChapter {tenantId: $tenantId, uid: chapter.uid})
SET node.projectId = $projectId, node.filename = $filename, node.chapter = chapter.chapter, node.uri = chapter.uri,
    node.textHash = chapter.textHash, node.knowledgeCommit = chapter.knowledgeCommit, node.repositoryIds = chapter.repositoryIds,
    node.links = chapter.links, node.unresolved = chapter.unresolved
WITH node, chapter
CALL (node) {
  MATCH (node)-[old:ABOUT]->()
  DELETE old
}
CALL (node, chapter) {
  UNWIND chapter.about AS about
  CALL (about) {
    MATCH (symbol:Symbol {uid: about.uid, repoId: about.slot})
    RETURN symbol AS target
    UNION
    MATCH (file:File {uid: about.uid, repoId: about.slot})
    RETURN file AS target
  }
  WITH target, about
  WHERE target.tenantId = $tenantId
  MERGE (node)-[link:ABOUT]->(target)
  SET link.reference = about.reference
}
RETURN count(node) AS written
