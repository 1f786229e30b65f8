// get_callees, one hop: the symbols that any symbol of $uids calls through a call resolved with one of
// $confidences ('exact', 'import', 'name', 'ambiguous'), within the caller's tenant ($tenantId) and
// repositories ($repoIds, null for all). `via` is the symbol of $uids that calls, `line` its call site.
// get_callees with a depth asks again with the callees found.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/services/order-service.ts#OrderService.placeOrder'];
//   :param confidences => ['exact', 'import', 'name', 'ambiguous']; :param limit => 100
UNWIND $uids AS uid
MATCH (caller:Symbol {uid: uid})-[call:CALLS]->(callee:Symbol)
WHERE caller.tenantId = $tenantId
  AND callee.tenantId = $tenantId
  AND ($repoIds IS NULL OR callee.repoId IN $repoIds)
  AND call.confidence IN $confidences
RETURN callee {.uid, .kind, .name, .qualifiedName, repositoryId: callee.repoId, .path, .startLine, .endLine} AS symbol,
       caller.uid AS via,
       call.line AS line,
       call.confidence AS confidence
ORDER BY call.line, callee.repoId, callee.path, callee.uid, caller.uid
LIMIT $limit
