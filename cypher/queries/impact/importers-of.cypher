// analyze_impact, one step for files: the files that import any file of $uids (file uids), within the
// caller's tenant ($tenantId) and repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param uids => ['default:order-service:src/pricing/discounts.ts']; :param limit => 1000
UNWIND $uids AS uid
MATCH (importer:File)-[imported:IMPORTS]->(file:File {uid: uid})
WHERE file.tenantId = $tenantId
  AND importer.tenantId = $tenantId
  AND ($repoIds IS NULL OR importer.repoId IN $repoIds)
RETURN importer.uid AS uid, importer.repoId AS repositoryId, importer.path AS path, file.uid AS via,
       coalesce(imported.confidence, 'exact') AS confidence
ORDER BY importer.repoId, importer.path, file.uid
LIMIT $limit
