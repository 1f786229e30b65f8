// Takes the write lock of the Repository nodes of $repoIds (of tenant $tenantId) in uid order, so that
// two linkings lock in the same order: records read after it are the ones other linkings left, and no
// other linking changes these repositories' links before this transaction ends.
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.repoId IN $repoIds
WITH r ORDER BY r.uid
SET r.linkLock = true
REMOVE r.linkLock
