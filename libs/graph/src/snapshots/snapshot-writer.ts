// Snapshot writes: a repository's snapshot replaced by writing only its difference with the live graph, in
// one transaction, or in bounded ones where readers cannot tell (see stagingOf), or, past the bound, the
// whole snapshot beside the served graph in the repository's other storage slot (see storageSlots).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ManagedTransaction } from 'neo4j-driver';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { storageSlots, type RepositorySnapshot } from '@lore/domain';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { CypherQueries } from '../neo4j/cypher-queries';
import { emptyState, GraphStateFile, setRelationship, type GraphState } from './graph-state-file';
import {
  IndexRunLeases,
  runParams,
  slotParams,
  type RunOutcome,
  type RunParams,
  type RunScope,
  type SlotParams,
} from '../storage-slots/index-run-leases';
import { Neo4jService, runRows, type Params } from '../neo4j/neo4j.service';
import { diffSnapshot, refinesResolvedRelationships, type SnapshotDiff } from './snapshot-diff';
import {
  ENDPOINTS,
  hashOf,
  inStorageSlot,
  NODE_LABELS,
  RELATIONSHIPS,
  snapshotGraph,
  type NodeLabel,
  type GraphNode,
  type GraphRelationship,
  type SnapshotGraph,
} from './snapshot-graph';
import { SNAPSHOT_QUERIES } from './snapshot-queries';

/** Rows of one UNWIND statement. */
const BATCH_SIZE = 2000;
/**
 * What Neo4j's transaction memory holds for a written row, by estimate: an overhead per node (its
 * record, labels and entries in the uniqueness, lookup and full-text indexes) or per relationship,
 * and bytes per character of its strings. Measured with db.memory.transaction.max=16m (issue 16 in
 * docs/benchmarks.md): a Symbol node of ~330 characters took 5.5 KB, a CALLS relationship 2.1 KB;
 * the estimate is above both.
 */
const NODE_ROW_BYTES = 6144;
const RELATIONSHIP_ROW_BYTES = 2560;
const CHARACTER_BYTES = 4;

/** What applyQueryableSnapshot wrote, and the graph it left (the run holds the lease: nobody else writes it). */
export interface WrittenSnapshot {
  changes: SnapshotChanges;
  state: GraphState;
}

export interface SnapshotChanges {
  nodesWritten: number;
  nodesDeleted: number;
  relationshipsWritten: number;
  relationshipsDeleted: number;
}

/**
 * Writes repository snapshots, the only writer of a repository's elements. The new snapshot is
 * compared with the live graph element by element, and only the difference is written — deletions,
 * then nodes, then relationships, in UNWIND batches — in ONE transaction together with the
 * repository's new commit and the run's record, or, where readers cannot tell (a repository not yet
 * served, or the exact pass refining this commit's calls), in transactions of at most
 * LORE_SNAPSHOT_TRANSACTION_BYTES followed by a small one with the commit and the run's record. A
 * served repository's difference past that bound is written beside it: the whole snapshot into its
 * other storage slot, hidden, in bounded transactions, then one small transaction serves that slot
 * and retires the other, which is deleted in bounded transactions.
 * A half-written snapshot is never served; a killed run's staged part is completed by the next run's
 * diff. Re-indexing the same commit writes nothing.
 */
@Injectable()
export class SnapshotWriter {
  private readonly logger = new Logger('IndexStore');

  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
    private readonly runs: IndexRunLeases,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  /**
   * Replaces the repository's snapshot by the given one and completes the run, atomically.
   * `summarize` is called inside the transaction, just before it commits, for the run record.
   */
  async applySnapshot(
    snapshot: RepositorySnapshot,
    run: RunScope,
    summarize: () => IndexRunSummary,
    onBatch?: (done: number, total: number) => void,
    /** The graph as it is: as this run's applyQueryableSnapshot left it, or from liveGraph; read now when absent. */
    live?: GraphState | Promise<GraphState>,
    /** The digest of what the snapshot was made from (see runInputs), kept with the run for a later one of the same inputs. */
    inputs: string | null = null,
  ): Promise<SnapshotChanges> {
    const { changes, state, version, slotId } = await this.writeSnapshot(
      snapshot,
      run,
      (tx, scope) => this.runs.completeRun(tx, scope, summarize(), inputs),
      {
        onBatch,
        live,
        keepResolvedEdgesOfUnchangedFiles: false,
        deleteUnservedSlots: true,
      },
    );
    // Only the final state is kept: a run killed before it leaves a version no file carries.
    this.stateFile(run, slotId).write(version, state);
    return changes;
  }

  /**
   * Replaces the repository's snapshot by a first, syntactic one, atomically, and records on the run
   * when it became queryable. The run keeps its lease: a later applySnapshot completes it.
   *
   * Files whose content did not change keep the calls, tests and inheritance the live graph has for
   * their symbols (resolved exactly by an earlier run) instead of taking the syntactic ones: the
   * graph is not downgraded while the compiler works, and re-reading an unchanged repository writes
   * nothing. Edges of changed files are the syntactic ones until the exact snapshot replaces them.
   */
  async applyQueryableSnapshot(
    snapshot: RepositorySnapshot,
    run: RunScope,
    elapsedMs: () => number,
    onBatch?: (done: number, total: number) => void,
    /** From liveGraph, asked for while the repository was read; read now when absent. */
    live?: Promise<GraphState>,
  ): Promise<WrittenSnapshot> {
    const { changes, state } = await this.writeSnapshot(
      snapshot,
      run,
      (tx, scope) => this.runs.recordQueryable(tx, scope, snapshot.commitSha, elapsedMs()),
      // A slot this write retires is deleted by the run's last write: the graph is queryable sooner.
      { onBatch, live, keepResolvedEdgesOfUnchangedFiles: true, deleteUnservedSlots: false },
    );
    return { changes, state };
  }

  private async writeSnapshot(
    snapshot: RepositorySnapshot,
    run: RunScope,
    recordRun: (tx: ManagedTransaction, scope: SlotParams) => Promise<void>,
    options: {
      onBatch?: (done: number, total: number) => void;
      live?: GraphState | Promise<GraphState>;
      keepResolvedEdgesOfUnchangedFiles: boolean;
      /** Delete the repository's slots that serve nothing once the snapshot is served (the run's last write). */
      deleteUnservedSlots: boolean;
    },
  ): Promise<{ changes: SnapshotChanges; state: GraphState; version: string; slotId: string }> {
    const started = performance.now();
    const scope = runParams(run);
    const slots = await this.slotsOf(scope);
    const served = slots.find((slot) => slot.commitSha !== null) ?? null;
    const graph = snapshotGraph(snapshot);
    const live = await (options.live ?? this.liveGraph(run));
    const liveRead = performance.now();
    // In place: the served slot (or, on a first index, the first slot) takes the difference.
    let slot = slotParams(scope, served?.slotId ?? scope.repoId);
    let diff = diffSnapshot(snapshot, inSlot(graph, scope, slot), live, options);
    let way: 'hidden' | 'refinement' | 'beside' | null = stagingOf(served, snapshot.commitSha, diff);
    const budget = this.config.LORE_SNAPSHOT_TRANSACTION_BYTES;
    let staged = stagedTransactions(snapshotSteps(diff), slot, budget);
    let retired: SlotParams | null = null;
    if (way === null && staged.length > 1) {
      // Too large for one transaction where readers see it: the whole snapshot goes to the other slot,
      // hidden, in bounded transactions (completing what a killed run left there), and one small
      // transaction makes that slot the served one.
      retired = slot;
      slot = slotParams(
        scope,
        storageSlots(scope.repoId).find((slotId) => slotId !== retired!.slotId)!,
      );
      const stored = slots.some((other) => other.slotId === slot.slotId && other.stored);
      diff = diffSnapshot(snapshot, inSlot(graph, scope, slot), stored ? await this.readLive(slot) : emptyState(), {
        keepResolvedEdgesOfUnchangedFiles: false,
      });
      way = 'beside';
      staged = stagedTransactions(snapshotSteps(diff), slot, budget);
    }
    // Stamps the graph this transaction leaves; a GraphStateFile with the same stamp describes it.
    const version = randomUUID();
    // First in every transaction: the repository's CONTAINS start at its Repository node.
    const upsertRepository = (tx: ManagedTransaction): Promise<unknown> =>
      runRows(tx, this.queries.get('index/upsert-repository'), {
        ...slot,
        snapshotVersion: version,
        props: {
          name: snapshot.repositoryId,
          rootPath: snapshot.rootPath,
          url: snapshot.url,
          defaultBranch: snapshot.defaultBranch,
          gitPrefix: snapshot.gitPrefix,
        },
      });
    // The run's record, and (beside) the slot written made the served one, in the same transaction.
    const recordAndServe = async (tx: ManagedTransaction): Promise<void> => {
      if (retired !== null)
        await runRows(tx, this.queries.get('index/retire-slot'), { tenantId: scope.tenantId, retiredUid: retired.slotUid });
      await recordRun(tx, slot);
    };
    // Named, so operators (and the kill tests) can see a snapshot write in SHOW TRANSACTIONS.
    const transaction = { timeoutMs: this.config.NEO4J_INDEX_TX_TIMEOUT_MS, metadata: { lore: 'snapshot', runId: run.runId } };
    const { onBatch } = options;
    let transactions: number;
    // A difference within the bound is one transaction either way: the cheapest, and served whole.
    if (staged.length <= 1) {
      const batches = staged[0] ?? [];
      const total = batches.length + 1;
      transactions = 1;
      await this.neo4j.write(async (tx) => {
        await upsertRepository(tx);
        await runBatches(tx, batches, (done) => onBatch?.(done, total));
        await recordAndServe(tx);
        onBatch?.(total, total);
      }, transaction);
    } else {
      // Bounded transactions, each committed on its own. What they leave is not served yet (a slot
      // with no commit: 'hidden', 'beside') or is the same commit with some calls still syntactic
      // ('refinement'), until the last, small, transaction records the run (and, 'beside', makes the
      // slot the served one). A run killed in between leaves them for the next run, which diffs
      // against the graph as it is and completes it.
      const total = staged.reduce((sum, batches) => sum + batches.length, 0) + 1;
      transactions = staged.length + 1;
      let done = 0;
      for (const batches of staged) {
        await this.neo4j.write(async (tx) => {
          await upsertRepository(tx);
          await runBatches(tx, batches);
        }, transaction);
        done += batches.length;
        onBatch?.(done, total);
      }
      await this.neo4j.write(async (tx) => {
        await upsertRepository(tx);
        await recordAndServe(tx);
      }, transaction);
      onBatch?.(total, total);
    }
    // What no longer serves: the slot a re-index beside it replaced, or what a killed one left. The
    // snapshot is committed and served: a deletion cut short is hidden, and finished by the next run.
    for (const other of options.deleteUnservedSlots ? storageSlots(scope.repoId) : []) {
      if (other !== slot.slotId && slots.some((known) => known.slotId === other && known.stored))
        await this.deleteSlot(slotParams(scope, other)).catch((error: Error) =>
          this.logger.warn(
            `${other}: the storage slot that no longer serves was not all deleted (${error.message}); the next run deletes the rest`,
          ),
        );
    }

    const count = <T>(map: Map<unknown, T[]>): number => [...map.values()].reduce((sum, rows) => sum + rows.length, 0);
    this.logger.debug(
      `${snapshot.repositoryId}: live graph ${options.live ? 'known or awaited' : 'read or loaded'} in ${Math.round(liveRead - started)} ms; ` +
        `created ${count(diff.nodeCreates)} nodes and ${count(diff.relationshipCreates)} relationships, updated ${count(diff.nodeUpdates)} and ` +
        `${count(diff.relationshipUpdates)}, deleted ${count(diff.nodeDeletes)} and ${count(diff.relationshipDeletes)}, ` +
        `in ${transactions} transaction(s)${transactions > 1 ? ` (${way})` : ''} and ${Math.round(performance.now() - liveRead)} ms`,
    );
    return {
      changes: {
        nodesWritten: count(diff.nodeCreates) + count(diff.nodeUpdates),
        nodesDeleted: count(diff.nodeDeletes),
        relationshipsWritten: count(diff.relationshipCreates) + count(diff.relationshipUpdates),
        relationshipsDeleted: count(diff.relationshipDeletes),
      },
      state: diff.state,
      version,
      slotId: slot.slotId,
    };
  }

  /** The repository's storage slots, first first: stored (a Repository node) and served (its commit). */
  private async slotsOf(scope: RunParams): Promise<StorageSlot[]> {
    const rows = await this.neo4j.read(this.queries.get('index/slots'), { tenantId: scope.tenantId, slotIds: storageSlots(scope.repoId) });
    return rows.map((row) => ({
      slotId: row.slotId as string,
      stored: row.stored === true,
      commitSha: (row.commitSha as string | null) ?? null,
    }));
  }

  /** A slot that serves nothing, deleted in transactions of at most LORE_SNAPSHOT_TRANSACTION_BYTES by estimate. */
  private async deleteSlot(slot: SlotParams): Promise<void> {
    const started = performance.now();
    let transactions = 1;
    const budget = this.config.LORE_SNAPSHOT_TRANSACTION_BYTES;
    const batches: [Record<NodeLabel, string>, number][] = [
      [SNAPSHOT_QUERIES.deleteSlotRelationships, Math.max(1, Math.floor(budget / RELATIONSHIP_ROW_BYTES))],
      [SNAPSHOT_QUERIES.deleteSlotNodes, Math.max(1, Math.floor(budget / NODE_ROW_BYTES))],
    ];
    for (const [statements, limit] of batches) {
      for (const label of NODE_LABELS) {
        for (;;) {
          const [row] = await this.neo4j.write((tx) => runRows(tx, statements[label], { ...slot, limit }));
          transactions += 1;
          if (Number(row?.deleted ?? 0) < limit) break;
        }
      }
    }
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('index/delete-slot-repository'), slot));
    this.logger.debug(
      `${slot.slotId}: storage slot deleted in ${transactions} transactions and ${Math.round(performance.now() - started)} ms`,
    );
  }

  /**
   * What the last complete run of the repository's served slot made, if it was made from these
   * inputs and nothing has written the slot since: then a run of them has nothing to write.
   */
  async indexedOutcome(run: RunScope, inputs: string): Promise<RunOutcome | null> {
    const served = await this.servedSlot(run);
    return served === null ? null : this.runs.indexedOutcome(served, inputs);
  }

  /** Completes a run of the inputs of the served slot's last complete run, writing no element (see indexedOutcome). */
  async completeUnchangedRun(run: RunScope, inputs: string, summary: IndexRunSummary): Promise<void> {
    const served = await this.servedSlot(run);
    if (served === null || !(await this.runs.completeUnchangedRun(served, inputs, summary)))
      throw new Error(`${run.repoId}: the graph is no longer the one of these inputs; index again`);
  }

  private async servedSlot(run: RunScope): Promise<SlotParams | null> {
    const scope = runParams(run);
    const served = (await this.slotsOf(scope)).find((slot) => slot.commitSha !== null);
    return served ? slotParams(scope, served.slotId) : null;
  }

  /**
   * The repository's graph as it is now (its served slot's, or on a first index its first slot's):
   * from the file the last run left when it is still current, else read. Asked for by a run that holds
   * the lease (nobody else writes the repository), it may be asked for early, while the repository is read.
   */
  async liveGraph(run: RunScope): Promise<GraphState> {
    const scope = runParams(run);
    const served = (await this.slotsOf(scope)).find((slot) => slot.commitSha !== null);
    const slot = slotParams(scope, served?.slotId ?? scope.repoId);
    const [row] = await this.neo4j.read(this.queries.get('index/snapshot-version'), slot);
    // A repository with nothing in the graph (a first index) has an empty live graph: no 15 reads.
    if (row?.empty === true) return emptyState();
    const version = row?.version as string | null | undefined;
    const kept = version ? this.stateFile(run, slot.slotId).read(version) : null;
    return kept ?? (await this.readLive(slot));
  }

  private stateFile(run: RunScope, slotId: string): GraphStateFile {
    return new GraphStateFile(this.config.LORE_CACHE_DIR, `${this.config.NEO4J_URI}/${this.config.NEO4J_DATABASE}`, run.tenantId, slotId);
  }

  /** A storage slot's graph as it is now. */
  private async readLive(slot: SlotParams): Promise<GraphState> {
    // One list per label and shape, read side by side: a record per element costs more to decode than the element.
    const [nodeLists, relationshipLists] = await Promise.all([
      Promise.all(NODE_LABELS.map((label) => this.neo4j.read(SNAPSHOT_QUERIES.liveNodes[label], slot))),
      Promise.all(RELATIONSHIPS.map((shape) => this.neo4j.read(SNAPSHOT_QUERIES.liveRelationships.get(shape)!, slot))),
    ]);
    const state = emptyState();
    NODE_LABELS.forEach((label, i) => state.nodes.set(label, new Map(nodeLists[i]![0]!.elements as [string, string][])));
    relationshipLists.forEach((list, i) => {
      for (const [fromUid, toUid, props] of list[0]!.elements as [string, string, Record<string, unknown>][]) {
        setRelationship(state.relationships[i]!, fromUid, toUid, hashOf(props));
      }
    });
    return state;
  }
}

/** A storage slot of a repository (storageSlots): whether it has a Repository node, and the commit it serves. */
interface StorageSlot {
  slotId: string;
  stored: boolean;
  commitSha: string | null;
}

/** The snapshot's graph as the slot stores it. */
function inSlot(graph: SnapshotGraph, scope: RunParams, slot: SlotParams): SnapshotGraph {
  return slot.slotId === scope.repoId ? graph : inStorageSlot(graph, scope.repoUid, slot);
}

/**
 * Whether the difference may be written in several bounded transactions in place, and why readers
 * cannot tell: 'hidden' while the repository serves nothing (a slot with no commit: readers leave it
 * out, see TenantView), 'refinement' when the graph is already of this commit and only calls, tests
 * and inheritance change (the exact pass: answers mix syntactic and exact calls of one commit until
 * the run completes, never two commits). Otherwise one transaction, or, past the bound, the other slot.
 */
function stagingOf(served: StorageSlot | null, commitSha: string, diff: SnapshotDiff): 'hidden' | 'refinement' | null {
  if (served === null) return 'hidden';
  return served.commitSha === commitSha && refinesResolvedRelationships(diff) ? 'refinement' : null;
}

/** The difference as UNWIND steps, in the order they must run. */
function snapshotSteps(diff: SnapshotDiff): [string, Params[]][] {
  // A node's hash is stored as one of its properties (see SNAPSHOT_QUERIES). A relationship's is not:
  // it is the hash of the few properties it has (none for most), made again when read back (readLive).
  // A property less per relationship made a full typeorm index's first write a quarter faster.
  const nodeRows = (nodes: GraphNode[]): Params[] => nodes.map(({ uid, props, hash }) => ({ uid, props: { ...props, hash } }));
  const relationshipRows = (rows: GraphRelationship[]): Params[] => rows.map(({ fromUid, toUid, props }) => ({ fromUid, toUid, props }));
  // Relationships go before the nodes they touch are deleted, and after the nodes they join exist.
  return [
    ...RELATIONSHIPS.map((shape): [string, Params[]] => [
      SNAPSHOT_QUERIES.deleteRelationships.get(shape)!,
      diff.relationshipDeletes.get(shape)!,
    ]),
    ...NODE_LABELS.map((label): [string, Params[]] => [
      SNAPSHOT_QUERIES.deleteNodes[label],
      diff.nodeDeletes.get(label)! as unknown as Params[],
    ]),
    ...NODE_LABELS.map((label): [string, Params[]] => [SNAPSHOT_QUERIES.createNodes[label], nodeRows(diff.nodeCreates.get(label)!)]),
    ...NODE_LABELS.map((label): [string, Params[]] => [SNAPSHOT_QUERIES.updateNodes[label], nodeRows(diff.nodeUpdates.get(label)!)]),
    ...ENDPOINTS.map((endpoints): [string, Params[]] => [
      SNAPSHOT_QUERIES.createRelationships.get(endpoints)!,
      diff.relationshipCreates.get(endpoints)!.map(({ shape, fromUid, toUid, props }) => ({ type: shape.type, fromUid, toUid, props })),
    ]),
    ...RELATIONSHIPS.map((shape): [string, Params[]] => [
      SNAPSHOT_QUERIES.updateRelationships.get(shape)!,
      relationshipRows(diff.relationshipUpdates.get(shape)!),
    ]),
  ];
}

/** One UNWIND statement and its rows. */
interface UnwindBatch {
  query: string;
  params: Params;
}

/**
 * The steps' rows, in order, cut into transactions of at most `budgetBytes` by estimate (a row alone
 * larger than that is a transaction of its own), each in UNWIND batches of at most BATCH_SIZE.
 */
export function stagedTransactions(steps: [string, Params[]][], scope: Params, budgetBytes: number): UnwindBatch[][] {
  const transactions: UnwindBatch[][] = [];
  let transaction: UnwindBatch[] = [];
  let used = 0;
  for (const [query, rows] of steps) {
    let batch: Params[] = [];
    const close = (): void => {
      if (batch.length > 0) transaction.push({ query, params: { ...scope, rows: batch } });
      batch = [];
    };
    for (const row of rows) {
      const bytes = rowBytes(row);
      if (used + bytes > budgetBytes && used > 0) {
        close();
        transactions.push(transaction);
        transaction = [];
        used = 0;
      }
      batch.push(row);
      used += bytes;
      if (batch.length === BATCH_SIZE) close();
    }
    close();
  }
  if (transaction.length > 0) transactions.push(transaction);
  return transactions;
}

/** A row's estimated share of a transaction's memory: a node's row has a uid (a deleted node's is one), a relationship's ends. */
export function rowBytes(row: Params | string): number {
  const node = typeof row === 'string' || 'uid' in row;
  return (node ? NODE_ROW_BYTES : RELATIONSHIP_ROW_BYTES) + CHARACTER_BYTES * characters(row);
}

/** The characters of a value's strings and keys, 2 for any other value. */
function characters(value: unknown): number {
  if (typeof value === 'string') return value.length;
  let count = 2;
  if (Array.isArray(value)) for (const item of value) count += characters(item);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) count += key.length + characters(item);
  return count;
}

/**
 * The batches run in order in one transaction, one batch ahead: the next batch is encoded and sent
 * while Neo4j runs the one before. A transaction's statements run one after the other, in the order
 * sent, so the graph is the same.
 */
async function runBatches(tx: ManagedTransaction, batches: UnwindBatch[], onDone?: (done: number) => void): Promise<void> {
  let inFlight: Promise<unknown> | undefined;
  let done = 0;
  for (const { query, params } of batches) {
    const sent = runRows(tx, query, params);
    // Awaited below; a failure of the batch before it must not leave this one unhandled.
    sent.catch(() => undefined);
    if (inFlight) {
      await inFlight;
      onDone?.(++done);
    }
    inFlight = sent;
  }
  if (inFlight) {
    await inFlight;
    onDone?.(done + 1);
  }
}
