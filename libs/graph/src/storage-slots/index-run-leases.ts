// Index runs and the repository's lease: a run begins (taking the lease), beats, fails, becomes queryable, completes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { Inject, Injectable } from '@nestjs/common';
import type { ManagedTransaction } from 'neo4j-driver';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { ConflictError, repositoryUid } from '@lore/domain';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, runRows } from '../neo4j/neo4j.service';

/** This machine, as leases record it: a hash, so that no host name is stored in the graph. */
const THIS_MACHINE = createHash('sha256').update(hostname()).digest('hex').slice(0, 16);

/**
 * Whether a process of this machine is alive (one of another user still counts: it answers EPERM).
 * A zombie is dead: killed, but not yet reaped (a container without an init reaps nothing).
 */
function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** Linux: the state field of /proc/<pid>/stat, after the parenthesised command name. Elsewhere: not known, not a zombie. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

export interface RunScope {
  tenantId: string;
  repoId: string;
  runId: string;
}

/** A run's scope as query parameters (a type, not an interface: it is passed as Params). */
export type RunParams = { tenantId: string; repoId: string; repoUid: string; runId: string };

export function runParams(run: RunScope): RunParams {
  return { tenantId: run.tenantId, repoId: run.repoId, repoUid: repositoryUid(run.tenantId, run.repoId), runId: run.runId };
}

/**
 * A run's scope and the storage slot it writes (storageSlots in @lore/domain): snapshot statements
 * take the slot (`$slotId`, `$slotUid`), the run's record and lease the repository (`$repoId`, `$repoUid`).
 */
export type SlotParams = RunParams & { slotId: string; slotUid: string };

export function slotParams(scope: RunParams, slotId: string): SlotParams {
  return { ...scope, slotId, slotUid: repositoryUid(scope.tenantId, slotId) };
}

/**
 * The IndexRun records and the repository's IndexLease: its own node, so that heartbeats never wait
 * on a snapshot transaction. A second run while the lease holds is refused with `conflict`; a killed
 * run's lease ends LORE_INDEX_LEASE_SECONDS after its last heartbeat, or at once for the next run on the
 * same machine (the lease records the holder's process). A dead run is recorded as failed, with why. A run becomes queryable and
 * completes inside the snapshot transactions (see SnapshotWriter), so the record commits with the graph.
 */
@Injectable()
export class IndexRunLeases {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  /**
   * Takes the repository's lease in one write transaction: the lease's write lock first
   * (index/claim-lease), then the decision (index/begin-run), so that of two runs starting at the same
   * moment, in two processes or on two machines, one waits for the other's commit and is refused.
   */
  async beginRun(run: RunScope, startedAt: string): Promise<void> {
    const scope = runParams(run);
    const row = await this.neo4j.write(async (tx) => {
      const [holder] = await runRows(tx, this.queries.get('index/claim-lease'), { ...scope, host: THIS_MACHINE });
      // A holder on this machine whose process is gone is dead now, not when its lease runs out.
      const deadRunId = holder?.onThisMachine && !processAlive(Number(holder.pid)) ? String(holder.runId) : null;
      const [decided] = await runRows(tx, this.queries.get('index/begin-run'), {
        ...scope,
        startedAt,
        leaseSeconds: this.config.LORE_INDEX_LEASE_SECONDS,
        deadRunId,
        pid: process.pid,
        host: THIS_MACHINE,
      });
      return decided;
    });
    if (row?.busy) {
      const where = row.holderOnThisMachine ? `process ${String(row.holderPid)} on this machine` : 'a process on another machine';
      throw new ConflictError(
        `Repository ${run.repoId} is being indexed by a live run (${where}, started at ${String(row.holderStartedAt)}).`,
        {
          hint:
            'Wait for that run to finish, or stop its process. A run that dies frees the repository at once on this machine, ' +
            `and within LORE_INDEX_LEASE_SECONDS (${this.config.LORE_INDEX_LEASE_SECONDS} s) of its last heartbeat elsewhere.`,
          details: { runId: row.holderRunId, leaseSecondsLeft: row.leaseSecondsLeft },
        },
      );
    }
  }

  /** Runs recorded as running that no live lease holds any more are marked failed, with why (start-up and every run). */
  async sweepDeadRuns(): Promise<number> {
    const [row] = await this.neo4j.write((tx) => runRows(tx, this.queries.get('index/sweep-dead-runs'), { now: new Date().toISOString() }));
    return Number(row?.swept ?? 0);
  }

  /** Heartbeat of a live run; a run that stops beating (killed) loses the repository when its lease ends. */
  async renewLease(run: RunScope): Promise<void> {
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/renew-lease'), { ...runParams(run), leaseSeconds: this.config.LORE_INDEX_LEASE_SECONDS }),
    );
  }

  async failRun(run: RunScope, finishedAt: string, error: string): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('index/fail-run'), { ...runParams(run), finishedAt, error }));
  }

  /** In the queryable snapshot's transaction: when the run made the repository queryable. The run keeps its lease. */
  async recordQueryable(tx: ManagedTransaction, scope: SlotParams, commitSha: string, queryableMs: number): Promise<void> {
    await runRows(tx, this.queries.get('index/record-queryable'), {
      ...scope,
      commitSha,
      queryableAt: new Date().toISOString(),
      queryableMs,
    });
  }

  /**
   * In the final snapshot's transaction: the run completed, with its record, and the lease released.
   * With `inputs` (the digest of what the snapshot was made from, see runInputs), the slot keeps them
   * and what the run made, for a later run of the same inputs (see indexedOutcome).
   */
  async completeRun(tx: ManagedTransaction, scope: SlotParams, run: IndexRunSummary, inputs: string | null = null): Promise<void> {
    await runRows(tx, this.queries.get('index/complete-run'), {
      ...scope,
      commitSha: run.commitSha,
      finishedAt: run.finishedAt,
      inputs,
      outcome: inputs === null ? null : JSON.stringify(outcomeOf(run)),
      run: runRecord(run),
    });
  }

  /** What the slot's last complete run made, if it was made from these inputs and nothing has written the slot since; else null. */
  async indexedOutcome(scope: SlotParams, inputs: string): Promise<RunOutcome | null> {
    const [row] = await this.neo4j.read(this.queries.get('index/indexed-outcome'), { ...scope, inputs });
    return typeof row?.outcome === 'string' ? (JSON.parse(row.outcome) as RunOutcome) : null;
  }

  /**
   * A run of the inputs of the slot's last complete run: completed with its record and the lease
   * released, no element written, the slot's stamp kept. False when the slot no longer holds those
   * inputs (then nothing was recorded).
   */
  async completeUnchangedRun(scope: SlotParams, inputs: string, run: IndexRunSummary): Promise<boolean> {
    const [row] = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/complete-unchanged-run'), {
        ...scope,
        inputs,
        commitSha: run.commitSha,
        finishedAt: run.finishedAt,
        run: { ...runRecord(run), unchanged: true },
      }),
    );
    return Number(row?.completed ?? 0) > 0;
  }
}

/** What a run made, as its summary says it: kept with the digest of its inputs, the summary of a later run of the same inputs. */
export type RunOutcome = Pick<
  IndexRunSummary,
  'files' | 'symbols' | 'calls' | 'imports' | 'skipped' | 'languageServers' | 'secretsRedacted'
> & {
  /** Whether a compiler's pass followed the queryable snapshot (the summary's exactMs was not null). */
  exact: boolean;
};

function outcomeOf(run: IndexRunSummary): RunOutcome {
  const { files, symbols, calls, imports, skipped, languageServers, secretsRedacted } = run;
  return { files, symbols, calls, imports, skipped, languageServers, secretsRedacted, exact: run.exactMs !== null };
}

/** The IndexRun node's properties. */
function runRecord(run: IndexRunSummary): Record<string, unknown> {
  return {
    uid: run.runId,
    status: run.status,
    commitSha: run.commitSha,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    durationMs: run.durationMs,
    queryableMs: run.queryableMs,
    exactMs: run.exactMs,
    files: run.files,
    symbols: run.symbols,
    calls: run.calls,
    imports: run.imports,
    skipped: run.skipped.map((file) => `${file.path}: ${file.reason}`),
    secretsRedacted: run.secretsRedacted,
  };
}
