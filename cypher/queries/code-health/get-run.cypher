// Code health analysis: one stored run of tenant $tenantId: by its full or short id ($runId), or the
// latest (the highest seq) when $runId is null, optionally of repository $repositoryId only, among the
// repositories the caller may read ($repoIds, null for all). A full id wins over a short one.
// Example (cypher-shell): :param tenantId => 'default'; :param runId => '3fa9c1d2'; :param repositoryId => null;
//   :param repoIds => null
MATCH (run:AnalysisRun {tenantId: $tenantId})
WHERE ($runId IS NULL OR run.runId = $runId OR run.shortId = $runId)
  AND ($repositoryId IS NULL OR run.repositoryId = $repositoryId)
  AND ($repoIds IS NULL OR run.repositoryId IN $repoIds)
WITH run
ORDER BY run.runId = $runId DESC, run.seq DESC
LIMIT 1
RETURN run {.runId, .shortId, .repositoryId, .commitSha, .report, .changed} AS run
