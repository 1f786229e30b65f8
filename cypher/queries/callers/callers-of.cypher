// get_callers, one hop: the symbols that call any symbol of $uids through a call resolved with one of
// $confidences ('exact', 'import', 'name', 'ambiguous'), within the caller's tenant ($tenantId) and
// repositories ($repoIds, null for all). `via` is the symbol of $uids that is called. get_callers with
// a depth asks again with the callers found.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount'];
//   :param confidences => ['exact', 'import']; :param limit => 100
UNWIND $uids AS uid
MATCH (caller:Symbol)-[call:CALLS]->(callee:Symbol {uid: uid})
WHERE callee.tenantId = $tenantId
  AND caller.tenantId = $tenantId
  AND ($repoIds IS NULL OR caller.repoId IN $repoIds)
  AND call.confidence IN $confidences
RETURN caller {.uid, .kind, .name, .qualifiedName, repositoryId: caller.repoId, .path, .startLine, .endLine} AS symbol,
       callee.uid AS via,
       call.line AS line,
       call.confidence AS confidence
ORDER BY caller.repoId, caller.path, call.line, caller.uid, callee.uid
LIMIT $limit
