// Code health analysis: the stored runs of tenant $tenantId, oldest first (by seq), of repository
// $repositoryId only when it is not null, among the repositories the caller may read ($repoIds, null
// for all). At most the history limit of runs is stored, so the list is short.
// Example (cypher-shell): :param tenantId => 'default'; :param repositoryId => null; :param repoIds => null
MATCH (run:AnalysisRun {tenantId: $tenantId})
WHERE ($repositoryId IS NULL OR run.repositoryId = $repositoryId)
  AND ($repoIds IS NULL OR run.repositoryId IN $repoIds)
RETURN run.report AS report
ORDER BY run.seq
