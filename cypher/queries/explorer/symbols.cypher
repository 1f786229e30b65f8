// The GraphQL explorer's Symbol nodes by uid (loaded in one batch per request), within the caller's
// tenant ($tenantId) and repositories ($repoIds, null for all); unknown and hidden uids are left out.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts#applyDiscount']
UNWIND $uids AS uid
MATCH (symbol:Symbol {uid: uid})
WHERE symbol.tenantId = $tenantId AND ($repoIds IS NULL OR symbol.repoId IN $repoIds)
MATCH (repository:Repository {tenantId: $tenantId, repoId: symbol.repoId})
RETURN symbol {.uid, .kind, .name, .qualifiedName, repositoryId: symbol.repoId, .path, .startLine, .endLine,
               .language, .signature, .doc, .exported, commitSha: repository.commitSha} AS node
