// get_related_tests and analyze_impact: the test cases that exercise any symbol of $uids (a TESTS edge:
// via 'direct' when the test calls it, 'helper' when through one helper), within the caller's tenant
// ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
MATCH (test:Symbol)-[tests:TESTS]->(target:Symbol {uid: uid})
WHERE target.tenantId = $tenantId
  AND test.tenantId = $tenantId
  AND ($repoIds IS NULL OR test.repoId IN $repoIds)
RETURN test {.uid, .kind, .name, .qualifiedName, repositoryId: test.repoId, .path, .startLine, .endLine} AS test,
       target.uid AS exercises,
       tests.via AS via
ORDER BY test.repoId, test.path, test.startLine, test.uid, target.uid
