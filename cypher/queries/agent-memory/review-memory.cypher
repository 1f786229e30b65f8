// Moves one Memory of a tenant ($tenantId, $memoryId), of a repository the caller may read ($repoIds,
// null for all), from one of the statuses $from to $to, recording who ($reviewedBy), when ($reviewedAt)
// and why ($note). Returns the memory as it is now, with the status it had (`before`); a memory in
// another status is returned unchanged, so the caller can say why; no row when there is no such memory.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param memoryId => 'mem_1';
//   :param from => ['candidate']; :param to => 'approved'; :param reviewedBy => 'local';
//   :param reviewedAt => '2026-01-01T00:00:00.000Z'; :param note => null
MATCH (memory:Memory {tenantId: $tenantId, memoryId: $memoryId})
WHERE $repoIds IS NULL OR memory.repositoryId IN $repoIds
WITH memory, memory.status AS before
CALL (memory, before) {
  WITH memory, before WHERE before IN $from
  SET memory.status = $to, memory.reviewedBy = $reviewedBy, memory.reviewedAt = $reviewedAt, memory.reviewNote = $note
}
RETURN before, memory {.*} AS memory
