// Snapshot writes: a repository's snapshot replaced in one transaction that writes only its difference with the live graph.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ManagedTransaction } from 'neo4j-driver';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { RepositorySnapshot } from '@lore/domain';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { CypherQueries } from './cypher-queries';
import { emptyState, GraphStateFile, setRelationship, type GraphState } from './graph-state-file';
import { IndexRunLeases, runParams, type RunParams, type RunScope } from './index-run-leases';
import { Neo4jService, runRows, type Params } from './neo4j.service';
import { diffSnapshot } from './snapshot-diff';
import { ENDPOINTS, hashOf, NODE_LABELS, RELATIONSHIPS, snapshotGraph, type GraphNode, type GraphRelationship } from './snapshot-graph';
import { SNAPSHOT_QUERIES } from './snapshot-queries';

const BATCH_SIZE = 2000;

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
 * then nodes, then relationships, in UNWIND batches — all in ONE transaction together with the
 * repository's new commit and the run's record. Readers see the previous snapshot until it commits;
 * a crash or kill rolls it back, so a half-written snapshot is never served. Re-indexing the same
 * commit writes nothing.
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
  ): Promise<SnapshotChanges> {
    const { changes, state, version } = await this.writeSnapshot(
      snapshot,
      run,
      (tx, scope) => this.runs.completeRun(tx, scope, summarize()),
      {
        onBatch,
        live,
        keepResolvedEdgesOfUnchangedFiles: false,
      },
    );
    // Only the final state is kept: a run killed before it leaves a version no file carries.
    this.stateFile(run).write(version, state);
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
      { onBatch, live, keepResolvedEdgesOfUnchangedFiles: true },
    );
    return { changes, state };
  }

  private async writeSnapshot(
    snapshot: RepositorySnapshot,
    run: RunScope,
    recordRun: (tx: ManagedTransaction, scope: RunParams) => Promise<void>,
    options: {
      onBatch?: (done: number, total: number) => void;
      live?: GraphState | Promise<GraphState>;
      keepResolvedEdgesOfUnchangedFiles: boolean;
    },
  ): Promise<{ changes: SnapshotChanges; state: GraphState; version: string }> {
    const { onBatch } = options;
    const started = performance.now();
    const scope = runParams(run);
    const graph = snapshotGraph(snapshot);
    const live = await (options.live ?? this.liveGraph(run));
    const liveRead = performance.now();
    const diff = diffSnapshot(snapshot, graph, live, options);
    // Stamps the graph this transaction leaves; a GraphStateFile with the same stamp describes it.
    const version = randomUUID();
    // A node's hash is stored as one of its properties (see SNAPSHOT_QUERIES). A relationship's is not:
    // it is the hash of the few properties it has (none for most), made again when read back (readLive).
    // A property less per relationship made a full typeorm index's first write a quarter faster.
    const nodeRows = (nodes: GraphNode[]): Params[] => nodes.map(({ uid, props, hash }) => ({ uid, props: { ...props, hash } }));
    const relationshipRows = (rows: GraphRelationship[]): Params[] => rows.map(({ fromUid, toUid, props }) => ({ fromUid, toUid, props }));

    // Relationships go before the nodes they touch are deleted, and after the nodes they join exist.
    const steps: [string, Params[]][] = [
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
    const total = steps.reduce((sum, [, rows]) => sum + Math.ceil(rows.length / BATCH_SIZE), 0) + 1;

    await this.neo4j.write(
      async (tx) => {
        let done = 0;
        await runRows(tx, this.queries.get('index/upsert-repository'), {
          uid: scope.repoUid,
          tenantId: scope.tenantId,
          repoId: scope.repoId,
          snapshotVersion: version,
          props: {
            name: snapshot.repositoryId,
            rootPath: snapshot.rootPath,
            url: snapshot.url,
            defaultBranch: snapshot.defaultBranch,
            gitPrefix: snapshot.gitPrefix,
          },
        });
        // One batch ahead: the next batch is encoded and sent while Neo4j runs the one before. A
        // transaction's statements run one after the other, in the order sent, so the graph is the same.
        let inFlight: Promise<unknown> | undefined;
        for (const [query, rows] of steps) {
          for (let start = 0; start < rows.length; start += BATCH_SIZE) {
            const sent = runRows(tx, query, { ...scope, rows: rows.slice(start, start + BATCH_SIZE) });
            // Awaited below; a failure of the batch before it must not leave this one unhandled.
            sent.catch(() => undefined);
            if (inFlight) {
              await inFlight;
              onBatch?.(++done, total);
            }
            inFlight = sent;
          }
        }
        if (inFlight) {
          await inFlight;
          onBatch?.(done + 1, total);
        }
        await recordRun(tx, scope);
        onBatch?.(total, total);
      },
      // Named, so operators (and the kill test) can see a snapshot write in SHOW TRANSACTIONS.
      { timeoutMs: this.config.NEO4J_INDEX_TX_TIMEOUT_MS, metadata: { lore: 'snapshot', runId: run.runId } },
    );

    const count = <T>(map: Map<unknown, T[]>): number => [...map.values()].reduce((sum, rows) => sum + rows.length, 0);
    this.logger.debug(
      `${snapshot.repositoryId}: live graph ${options.live ? 'known or awaited' : 'read or loaded'} in ${Math.round(liveRead - started)} ms; ` +
        `created ${count(diff.nodeCreates)} nodes and ${count(diff.relationshipCreates)} relationships, updated ${count(diff.nodeUpdates)} and ` +
        `${count(diff.relationshipUpdates)}, deleted ${count(diff.nodeDeletes)} and ${count(diff.relationshipDeletes)}, ` +
        `in ${total} batches and ${Math.round(performance.now() - liveRead)} ms`,
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
    };
  }

  /**
   * The repository's graph as it is now: from the file the last run left when it is still current,
   * else read. Asked for by a run that holds the lease (nobody else writes the repository), it may be
   * asked for early, while the repository is read.
   */
  async liveGraph(run: RunScope): Promise<GraphState> {
    const scope = runParams(run);
    const [row] = await this.neo4j.read(this.queries.get('index/snapshot-version'), scope);
    // A repository with nothing in the graph (a first index) has an empty live graph: no 15 reads.
    if (row?.empty === true) return emptyState();
    const version = row?.version as string | null | undefined;
    const kept = version ? this.stateFile(run).read(version) : null;
    return kept ?? (await this.readLive(scope));
  }

  private stateFile(run: RunScope): GraphStateFile {
    return new GraphStateFile(
      this.config.LORE_CACHE_DIR,
      `${this.config.NEO4J_URI}/${this.config.NEO4J_DATABASE}`,
      run.tenantId,
      run.repoId,
    );
  }

  /** The repository's graph as it is now. */
  private async readLive(scope: RunParams): Promise<GraphState> {
    // One list per label and shape, read side by side: a record per element costs more to decode than the element.
    const [nodeLists, relationshipLists] = await Promise.all([
      Promise.all(NODE_LABELS.map((label) => this.neo4j.read(SNAPSHOT_QUERIES.liveNodes[label], scope))),
      Promise.all(RELATIONSHIPS.map((shape) => this.neo4j.read(SNAPSHOT_QUERIES.liveRelationships.get(shape)!, scope))),
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
