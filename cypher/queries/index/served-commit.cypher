// The commit readers are served of the repository: null while nothing is (a first index, or one
// killed before its flip), when the repository's elements are hidden from every reader.
OPTIONAL MATCH (r:Repository {uid: $repoUid, tenantId: $tenantId})
RETURN r.commitSha AS commitSha
