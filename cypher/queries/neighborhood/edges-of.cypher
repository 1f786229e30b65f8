// get_graph_neighborhood, one hop: the edges of the types $types around each node of $uids (symbols,
// files, documents or sections), outgoing when $outgoing, incoming when $incoming, and the node at the
// other end, within the caller's tenant ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount'];
//   :param types => ['CALLS', 'IMPORTS', 'EXTENDS', 'IMPLEMENTS', 'HAS_MEMBER', 'DECLARES', 'TESTS', 'MENTIONS'];
//   :param outgoing => true; :param incoming => true; :param limit => 100
UNWIND $uids AS uid
CALL (uid) {
  MATCH (n:Symbol {uid: uid}) RETURN n
  UNION
  MATCH (n:File {uid: uid}) RETURN n
  UNION
  MATCH (n:Document {uid: uid}) RETURN n
  UNION
  MATCH (n:Section {uid: uid}) RETURN n
}
WITH n WHERE n.tenantId = $tenantId
CALL (n) {
  MATCH (n)-[r]->(m)
  WHERE $outgoing AND type(r) IN $types
  RETURN r, m, n.uid AS fromUid, m.uid AS toUid
  UNION
  MATCH (m)-[r]->(n)
  WHERE $incoming AND type(r) IN $types
  RETURN r, m, m.uid AS fromUid, n.uid AS toUid
}
WITH n, r, m, fromUid, toUid
WHERE m.tenantId = $tenantId AND ($repoIds IS NULL OR m.repoId IN $repoIds)
  AND (m:Symbol OR m:File OR m:Document OR m:Section)
RETURN n.uid AS via,
       m {.uid, label: CASE WHEN m:Symbol THEN 'Symbol' WHEN m:File THEN 'File' WHEN m:Document THEN 'Document' ELSE 'Section' END,
          name: coalesce(m.name, m.title, m.path), .kind, .qualifiedName, repositoryId: m.repoId, .path, .startLine, .endLine} AS node,
       {from: fromUid, to: toUid, type: type(r), confidence: r.confidence, line: r.line} AS edge
ORDER BY via, edge.type, node.repositoryId, node.path, node.startLine, node.uid
LIMIT $limit
