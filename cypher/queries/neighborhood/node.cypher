// get_graph_neighborhood's center: the symbol, file, document or section with uid $uid, within the
// caller's tenant ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uid => 'default:order-service:src/pricing/discounts.ts'
CALL () {
  MATCH (n:Symbol {uid: $uid}) RETURN n
  UNION
  MATCH (n:File {uid: $uid}) RETURN n
  UNION
  MATCH (n:Document {uid: $uid}) RETURN n
  UNION
  MATCH (n:Section {uid: $uid}) RETURN n
}
WITH n WHERE n.tenantId = $tenantId AND ($repoIds IS NULL OR n.repoId IN $repoIds)
RETURN n {.uid, label: CASE WHEN n:Symbol THEN 'Symbol' WHEN n:File THEN 'File' WHEN n:Document THEN 'Document' ELSE 'Section' END,
          name: coalesce(n.name, n.title, n.path), .kind, .qualifiedName, repositoryId: n.repoId, .path, .startLine, .endLine} AS node
