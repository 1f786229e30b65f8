// Code health analysis: how many files and symbols repository $repositoryId holds, to refuse an
// analysis over the configured limits before reading them, within the caller's tenant ($tenantId) and
// repositories ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repoIds => null; :param repositoryId => 'order-service'
MATCH (file:File {tenantId: $tenantId, repoId: $repositoryId})
WHERE $repoIds IS NULL OR file.repoId IN $repoIds
RETURN count(file) AS files, sum(COUNT { (file)-[:DECLARES]->(:Symbol) }) AS symbols
