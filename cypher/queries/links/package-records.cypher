// What the repositories $repoIds of a tenant provide and take from other packages, as JSON, as their
// last linking recorded it (null before the first).
MATCH (r:Repository {tenantId: $tenantId})
WHERE r.repoId IN $repoIds
RETURN r.repoId AS repoId, r.packageRecords AS packages, r.externalReferences AS references
ORDER BY r.repoId
