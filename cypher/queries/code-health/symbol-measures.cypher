// Code health of symbols by uid (the GraphQL explorer's Symbol.complexity, clones and deadCode, one
// batch per request): each symbol's repository, path, qualified name and stored complexity, within the
// caller's tenant ($tenantId) and repositories ($repoIds, null for all); unknown and hidden uids are left out.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
MATCH (symbol:Symbol {uid: uid})
WHERE symbol.tenantId = $tenantId AND ($repoIds IS NULL OR symbol.repoId IN $repoIds)
RETURN symbol.uid AS uid, symbol.repoId AS repositoryId, symbol.path AS path, symbol.qualifiedName AS qualifiedName,
       symbol.complexity AS complexity, symbol.cognitiveComplexity AS cognitiveComplexity
