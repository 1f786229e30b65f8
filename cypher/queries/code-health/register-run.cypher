// Code health analysis: registers run $run ({runId: the report's digest, shortId, repositoryId,
// commitSha, settings, report: the canonical report as JSON, changed: the changed-paths overlay as JSON
// or null}) in tenant $tenantId's history and makes it the latest (the highest seq; registering a run
// already kept moves it to the top), then forgets the oldest runs past $historyLimit. The tenant's
// AnalysisHistory node serialises concurrent registrations.
// Example: {tenantId: 'default', historyLimit: 4, run: {runId: '3fa9…', shortId: '3fa9c1d2', repositoryId: 'order-service', …}}
MERGE (history:AnalysisHistory {tenantId: $tenantId})
ON CREATE SET history.seq = 0
SET history.seq = history.seq + 1
MERGE (run:AnalysisRun {tenantId: $tenantId, runId: $run.runId})
SET run += $run, run.seq = history.seq
WITH DISTINCT history
MATCH (kept:AnalysisRun {tenantId: $tenantId})
WITH kept ORDER BY kept.seq DESC
SKIP $historyLimit
DETACH DELETE kept
RETURN count(*) AS forgotten
