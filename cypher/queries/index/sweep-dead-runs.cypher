// Index runs still marked running that no live lease holds (killed, crashed or cut off before they
// could record it) are failed, with why, so that no record says "running" forever. Runs of every
// tenant: a start-up chore, not an answer to anyone.
MATCH (run:IndexRun {status: 'running'})
OPTIONAL MATCH (lease:IndexLease {uid: run.tenantId + ':' + run.repoId})
WITH run, lease
WHERE lease IS NULL OR lease.runId IS NULL OR lease.runId <> run.uid OR lease.until <= datetime()
SET run.status = 'failed', run.finishedAt = $now,
    run.error = 'The run ended without finishing: its process was killed, crashed or cut off (found at ' + $now + ').'
RETURN count(run) AS swept
