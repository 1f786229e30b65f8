// Markdown sections by uid (those the semantic ranking found and the full-text one did not), with
// their repository's indexed commit; within the caller's tenant ($tenantId) and repositories
// ($repoIds, null for all). Unknown and hidden uids have no row.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-contracts:README.md#L5']
UNWIND $uids AS uid
MATCH (s:Section {uid: uid})
WHERE s.tenantId = $tenantId AND ($repoIds IS NULL OR s.repoId IN $repoIds)
MATCH (r:Repository {tenantId: $tenantId, repoId: s.repoId})
RETURN s {.uid, .title, documentPath: s.path, repositoryId: s.repoId, .startLine, .endLine} AS section, r.commitSha AS commitSha
