// analyze_impact: the document sections that name any symbol or file of $uids (MENTIONS), within the
// caller's tenant ($tenantId) and repositories ($repoIds, null for all). Each uid is sought by label
// (a node without one has no index to be found by: every section would be read for each uid).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
CALL (uid) {
  MATCH (named:Symbol {uid: uid}) RETURN named
  UNION
  MATCH (named:File {uid: uid}) RETURN named
}
MATCH (document:Document)-[:HAS_SECTION]->(section:Section)-[:MENTIONS]->(named)
WHERE section.tenantId = $tenantId
  AND ($repoIds IS NULL OR section.repoId IN $repoIds)
RETURN section.repoId AS repositoryId, document.path AS documentPath, section.title AS title,
       section.startLine AS startLine, section.endLine AS endLine, named.uid AS mentions
ORDER BY repositoryId, documentPath, startLine, mentions
