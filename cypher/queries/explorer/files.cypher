// The GraphQL explorer's File nodes by uid ({tenant}:{repo}:{path}), within the caller's tenant
// ($tenantId) and repositories ($repoIds, null for all); unknown and hidden uids are left out.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts']
UNWIND $uids AS uid
MATCH (file:File {uid: uid})
WHERE file.tenantId = $tenantId AND ($repoIds IS NULL OR file.repoId IN $repoIds)
MATCH (repository:Repository {tenantId: $tenantId, repoId: file.repoId})
RETURN file {.uid, repositoryId: file.repoId, .path, .language, .lines, .bytes, .blocked, commitSha: repository.commitSha} AS node
