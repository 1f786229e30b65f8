// analyze_impact, one step: what depends on any symbol of $uids, within the caller's tenant ($tenantId)
// and repositories ($repoIds, null for all). A dependent (`symbol`) of a symbol (`via`) is:
//   CALLS       a caller, through a call resolved with one of $confidences;
//   EXTENDS,    a subclass or implementer (of a class or interface);
//   IMPLEMENTS
//   OVERRIDES   a member of a subclass or implementer with the same name (calls through the base reach it);
//   ENCLOSES    the body a nested body is defined in (a callback, a returned closure, a nested helper):
//               no call, but the encloser creates it and hands it on, so a change to it is the encloser's;
//   and, the other way, the member a symbol overrides: callers of the base member may dispatch to it
//   (reported as `via` OVERRIDES `symbol`, reversed = true).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount'];
//   :param confidences => ['exact', 'import', 'name', 'ambiguous']; :param limit => 1000
UNWIND $uids AS uid
MATCH (target:Symbol {uid: uid})
WHERE target.tenantId = $tenantId
CALL (target) {
  MATCH (dependent:Symbol)-[call:CALLS]->(target)
  WHERE call.confidence IN $confidences
  RETURN dependent, 'CALLS' AS type, call.confidence AS confidence, false AS reversed
  UNION
  MATCH (dependent:Symbol)-[inherits:EXTENDS|IMPLEMENTS]->(target)
  RETURN dependent, type(inherits) AS type, coalesce(inherits.confidence, 'exact') AS confidence, false AS reversed
  UNION
  MATCH (dependent:Symbol)-[:ENCLOSES]->(target)
  RETURN dependent, 'ENCLOSES' AS type, 'exact' AS confidence, false AS reversed
  UNION
  MATCH (owner:Symbol)-[:HAS_MEMBER]->(target)
  MATCH (sub:Symbol)-[:EXTENDS|IMPLEMENTS*1..3]->(owner)
  MATCH (sub)-[:HAS_MEMBER]->(dependent:Symbol {name: target.name})
  RETURN dependent, 'OVERRIDES' AS type, 'exact' AS confidence, false AS reversed
  UNION
  MATCH (owner:Symbol)-[:HAS_MEMBER]->(target)
  MATCH (owner)-[:EXTENDS|IMPLEMENTS*1..3]->(base:Symbol)
  MATCH (base)-[:HAS_MEMBER]->(dependent:Symbol {name: target.name})
  RETURN dependent, 'OVERRIDES' AS type, 'exact' AS confidence, true AS reversed
}
WITH target, dependent, type, confidence, reversed
WHERE dependent.tenantId = $tenantId AND ($repoIds IS NULL OR dependent.repoId IN $repoIds)
RETURN dependent {.uid, .kind, .name, .qualifiedName, repositoryId: dependent.repoId, .path, .startLine, .endLine} AS symbol,
       target.uid AS via,
       type,
       confidence,
       reversed
ORDER BY dependent.repoId, dependent.path, dependent.startLine, dependent.uid, type
LIMIT $limit
