MATCH (r:Repository {uid: $repoUid})
SET r.commitSha = $commitSha, r.indexedAt = $finishedAt, r.lastRunId = $run.uid
MERGE (run:IndexRun {uid: $run.uid})
SET run += $run, run.tenantId = $tenantId, run.repoId = $repoId
