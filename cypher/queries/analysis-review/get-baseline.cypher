// Code health baselines: the stored baseline document (canonical JSON) of repository $repositoryId in
// tenant $tenantId, if the caller may read that repository ($repoIds, null for all).
// Example (cypher-shell): :param tenantId => 'default'; :param repositoryId => 'order-service'; :param repoIds => null
MATCH (baseline:AnalysisBaseline {tenantId: $tenantId, repositoryId: $repositoryId})
WHERE $repoIds IS NULL OR baseline.repositoryId IN $repoIds
RETURN baseline.document AS document
