// Creates one Memory of a tenant ($tenantId) as a candidate, when its repository is one the caller may
// read ($repoIds, null for all; otherwise nothing is written and no row returned): $memory holds
// memoryId, uri, repositoryId, kind, text, evidence (JSON), evidenceUids, createdBy and createdAt.
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null;
//   :param memory => {memoryId: 'mem_1', uri: 'memory://mem_1', repositoryId: 'order-service', kind: 'fact',
//     text: 'applyDiscount never goes below zero', evidence: '[]', evidenceUids: [], createdBy: 'local',
//     createdAt: '2026-01-01T00:00:00.000Z'}
WITH $memory AS given
WHERE $repoIds IS NULL OR given.repositoryId IN $repoIds
CREATE (memory:Memory {tenantId: $tenantId, memoryId: given.memoryId})
SET memory.uri = given.uri, memory.repositoryId = given.repositoryId, memory.status = 'candidate',
    memory.kind = given.kind, memory.text = given.text, memory.evidence = given.evidence,
    memory.evidenceUids = given.evidenceUids, memory.createdBy = given.createdBy, memory.createdAt = given.createdAt
RETURN memory {.*} AS memory
