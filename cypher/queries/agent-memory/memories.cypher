// The Memory nodes of a tenant ($tenantId) in the repositories the caller may read ($repoIds, null for
// all): one by id ($memoryId, null for any), of one repository ($repositoryId, null for any), with one
// of the statuses $statuses, whose evidence names one of $aboutUids (null for any), newest first.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param memoryId => null;
//   :param repositoryId => 'order-service'; :param statuses => ['approved']; :param aboutUids => null
MATCH (memory:Memory {tenantId: $tenantId})
WHERE ($memoryId IS NULL OR memory.memoryId = $memoryId)
  AND ($repositoryId IS NULL OR memory.repositoryId = $repositoryId)
  AND ($repoIds IS NULL OR memory.repositoryId IN $repoIds)
  AND memory.status IN $statuses
  AND ($aboutUids IS NULL OR any(uid IN memory.evidenceUids WHERE uid IN $aboutUids))
RETURN memory {.*} AS memory
ORDER BY memory.createdAt DESC, memory.memoryId
