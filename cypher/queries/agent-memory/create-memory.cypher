// Creates one Memory of a tenant ($tenantId) as a candidate: $memory holds memoryId, uri, repositoryId,
// kind, text, evidence (JSON), evidenceUids, createdBy and createdAt. Returns the memory as written.
// Example (cypher-shell): :param tenantId => 'default';
//   :param memory => {memoryId: 'mem_1', uri: 'memory://mem_1', repositoryId: 'order-service', kind: 'fact',
//     text: 'applyDiscount never goes below zero', evidence: '[]', evidenceUids: [], createdBy: 'local',
//     createdAt: '2026-01-01T00:00:00.000Z'}
CREATE (memory:Memory {tenantId: $tenantId, memoryId: $memory.memoryId})
SET memory.uri = $memory.uri, memory.repositoryId = $memory.repositoryId, memory.status = 'candidate',
    memory.kind = $memory.kind, memory.text = $memory.text, memory.evidence = $memory.evidence,
    memory.evidenceUids = $memory.evidenceUids, memory.createdBy = $memory.createdBy, memory.createdAt = $memory.createdAt
RETURN memory {.*} AS memory
