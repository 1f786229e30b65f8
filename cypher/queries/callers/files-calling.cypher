// get_callers and analyze_impact: the files whose module-level code (it runs when the file loads: a
// top-level statement, a decorator, a Python class body) calls any symbol of $uids through a call
// resolved with one of $confidences, within the caller's tenant ($tenantId) and repositories
// ($repoIds, null for all). `via` is the symbol of $uids that is called; `line` the first such call.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount'];
//   :param confidences => ['exact', 'import']; :param limit => 100
UNWIND $uids AS uid
MATCH (file:File)-[call:CALLS]->(callee:Symbol {uid: uid})
WHERE callee.tenantId = $tenantId
  AND file.tenantId = $tenantId
  AND ($repoIds IS NULL OR file.repoId IN $repoIds)
  AND call.confidence IN $confidences
RETURN file.uid AS uid,
       file.repoId AS repositoryId,
       file.path AS path,
       callee.uid AS via,
       call.line AS line,
       call.confidence AS confidence
ORDER BY file.repoId, file.path, call.line, callee.uid
LIMIT $limit
