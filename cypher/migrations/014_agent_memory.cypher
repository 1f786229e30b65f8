// Agent memory: one Memory node per memory of a tenant, bound to a repository, with its status
// (candidate, approved, archived) and its evidence (JSON: what each cited symbol, file or chapter was
// when the memory was written). Looked up by id and by repository and status.
CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (n:Memory) REQUIRE (n.tenantId, n.memoryId) IS UNIQUE;
CREATE INDEX memory_repository_status IF NOT EXISTS FOR (n:Memory) ON (n.tenantId, n.repositoryId, n.status);
