// Cross-repository links, first step: records on the Repository node ($repoUid) what the repository
// provides ($packages, the keys of its PackageRows, e.g. 'npm:@acme/order-contracts'; $packageRecords,
// the rows as JSON) and what it takes from other packages ($externalPackages, the keys its references
// name; $externalReferences, its imports, calls and heritage as JSON). Setting them takes the node's
// write lock until the linking transaction ends: one linking of a repository at a time.
MATCH (r:Repository {uid: $repoUid, tenantId: $tenantId})
SET r.packages = $packages,
    r.externalPackages = $externalPackages,
    r.packageRecords = $packageRecords,
    r.externalReferences = $externalReferences
