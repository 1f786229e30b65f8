// get_file_span of a doc:// URI: the file of the Markdown document at $path in $repositoryId, and
// the repository's indexed commit, within the caller's tenant ($tenantId). No row when that path is
// not an indexed document, or in a repository the caller may not read ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repositoryId => 'order-service';
//   :param path => 'README.md'
MATCH (document:Document {tenantId: $tenantId, repoId: $repositoryId, path: $path})
MATCH (r:Repository {tenantId: $tenantId, repoId: $repositoryId})-[:CONTAINS]->(f:File {path: $path})
WHERE $repoIds IS NULL OR r.repoId IN $repoIds
RETURN f {.path, .language, .contentHash, .lines, .blocked} AS file,
       r {repositoryId: r.repoId, .commitSha, .rootPath, .gitPrefix} AS repository
