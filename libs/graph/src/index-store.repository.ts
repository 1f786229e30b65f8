import { Inject, Injectable } from '@nestjs/common';
import type { ManagedTransaction } from 'neo4j-driver';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { ConflictError, type IndexRunSummary, type RepositorySnapshot } from '@lore/domain';
import { CypherQueries } from './cypher-queries';
import { Neo4jService, runRows, type Params } from './neo4j.service';
import { NODE_LABELS, RELATIONSHIPS, relationshipKey, snapshotGraph, type GraphNode, type GraphRelationship } from './snapshot-graph';
import { SNAPSHOT_QUERIES } from './snapshot-queries';

const BATCH_SIZE = 2000;

export interface RunScope {
  tenantId: string;
  repoId: string;
  runId: string;
}

export interface SnapshotChanges {
  nodesWritten: number;
  nodesDeleted: number;
  relationshipsWritten: number;
  relationshipsDeleted: number;
}

/**
 * Writes repository snapshots. A run first takes the repository's lease (a second run is refused
 * with `conflict`). The new snapshot is compared with the live graph element by element, and only
 * the difference is written — deletions, then nodes, then relationships, in UNWIND batches — all in
 * ONE transaction together with the repository's new commit. Readers see the previous snapshot until
 * it commits; a crash or kill rolls it back, so a half-written snapshot is never served. Re-indexing
 * the same commit writes nothing.
 */
@Injectable()
export class IndexStoreRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  async beginRun(run: RunScope, startedAt: string): Promise<void> {
    const [row] = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/begin-run'), {
        ...scopeParams(run),
        startedAt,
        leaseSeconds: this.config.LORE_INDEX_LEASE_SECONDS,
      }),
    );
    if (row?.busy) {
      throw new ConflictError(`Repository ${run.repoId} is being indexed by another run.`, {
        hint: 'Wait for that run to finish, then retry.',
      });
    }
  }

  /** Heartbeat of a live run; a run that stops beating (killed) loses the repository when its lease ends. */
  async renewLease(run: RunScope): Promise<void> {
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/renew-lease'), { ...scopeParams(run), leaseSeconds: this.config.LORE_INDEX_LEASE_SECONDS }),
    );
  }

  async failRun(run: RunScope, finishedAt: string, error: string): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('index/fail-run'), { ...scopeParams(run), finishedAt, error }));
  }

  /**
   * Replaces the repository's snapshot by the given one and completes the run, atomically.
   * `summarize` is called inside the transaction, just before it commits, for the run record.
   */
  async applySnapshot(
    snapshot: RepositorySnapshot,
    run: RunScope,
    summarize: () => IndexRunSummary,
    onBatch?: (done: number, total: number) => void,
  ): Promise<SnapshotChanges> {
    const scope = scopeParams(run);
    const graph = snapshotGraph(snapshot);
    const live = await this.readLive(scope);

    const nodeUpserts = new Map(NODE_LABELS.map((label) => [label, [] as GraphNode[]]));
    const nodeDeletes = new Map(NODE_LABELS.map((label) => [label, [] as string[]]));
    for (const node of graph.nodes) {
      const liveHash = live.nodes.get(node.label)!.get(node.uid);
      if (liveHash !== node.hash) nodeUpserts.get(node.label)!.push(node);
    }
    for (const label of NODE_LABELS) {
      const wanted = new Set(graph.nodes.filter((node) => node.label === label).map((node) => node.uid));
      for (const uid of live.nodes.get(label)!.keys()) if (!wanted.has(uid)) nodeDeletes.get(label)!.push(uid);
    }
    const relationshipUpserts = new Map(RELATIONSHIPS.map((shape) => [shape, [] as GraphRelationship[]]));
    const wantedRelationships = new Set<string>();
    for (const relationship of graph.relationships) {
      const key = relationshipKey(relationship.shape, relationship.fromUid, relationship.toUid);
      wantedRelationships.add(key);
      if (live.relationships.get(key)?.hash !== relationship.hash) relationshipUpserts.get(relationship.shape)!.push(relationship);
    }
    const relationshipDeletes = new Map(RELATIONSHIPS.map((shape) => [shape, [] as { fromUid: string; toUid: string }[]]));
    for (const [key, { shape, fromUid, toUid }] of live.relationships) {
      if (!wantedRelationships.has(key)) relationshipDeletes.get(shape)!.push({ fromUid, toUid });
    }

    const steps: [string, Params[]][] = [
      ...RELATIONSHIPS.map((shape): [string, Params[]] => [
        SNAPSHOT_QUERIES.deleteRelationships.get(shape)!,
        relationshipDeletes.get(shape)!,
      ]),
      ...NODE_LABELS.map((label): [string, Params[]] => [
        SNAPSHOT_QUERIES.deleteNodes[label],
        nodeDeletes.get(label)! as unknown as Params[],
      ]),
      ...NODE_LABELS.map((label): [string, Params[]] => [
        SNAPSHOT_QUERIES.upsertNodes[label],
        nodeUpserts.get(label)!.map(({ uid, props, hash }) => ({ uid, props, hash })),
      ]),
      ...RELATIONSHIPS.map((shape): [string, Params[]] => [
        SNAPSHOT_QUERIES.upsertRelationships.get(shape)!,
        relationshipUpserts.get(shape)!.map(({ fromUid, toUid, props, hash }) => ({ fromUid, toUid, props, hash })),
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
          props: {
            name: snapshot.repositoryId,
            rootPath: snapshot.rootPath,
            url: snapshot.url,
            defaultBranch: snapshot.defaultBranch,
            gitPrefix: snapshot.gitPrefix,
          },
        });
        for (const [query, rows] of steps) {
          for (let start = 0; start < rows.length; start += BATCH_SIZE) {
            await runRows(tx, query, { ...scope, rows: rows.slice(start, start + BATCH_SIZE) });
            onBatch?.(++done, total);
          }
        }
        await this.completeRun(tx, scope, summarize());
        onBatch?.(total, total);
      },
      // Named, so operators (and the kill test) can see a snapshot write in SHOW TRANSACTIONS.
      { timeoutMs: this.config.NEO4J_INDEX_TX_TIMEOUT_MS, metadata: { lore: 'snapshot', runId: run.runId } },
    );

    const count = <T>(map: Map<unknown, T[]>): number => [...map.values()].reduce((sum, rows) => sum + rows.length, 0);
    return {
      nodesWritten: count(nodeUpserts),
      nodesDeleted: count(nodeDeletes),
      relationshipsWritten: count(relationshipUpserts),
      relationshipsDeleted: count(relationshipDeletes),
    };
  }

  private async completeRun(tx: ManagedTransaction, scope: ReturnType<typeof scopeParams>, run: IndexRunSummary): Promise<void> {
    await runRows(tx, this.queries.get('index/complete-run'), {
      ...scope,
      commitSha: run.commitSha,
      finishedAt: run.finishedAt,
      run: {
        uid: run.runId,
        status: run.status,
        commitSha: run.commitSha,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        durationMs: run.durationMs,
        files: run.files,
        symbols: run.symbols,
        calls: run.calls,
        imports: run.imports,
        skipped: run.skipped.map((file) => `${file.path}: ${file.reason}`),
        secretsRedacted: run.secretsRedacted,
      },
    });
  }

  /** The repository's graph as it is now: node hashes by label and uid, relationship hashes by key. */
  private async readLive(scope: ReturnType<typeof scopeParams>): Promise<{
    nodes: Map<string, Map<string, string>>;
    relationships: Map<string, { shape: (typeof RELATIONSHIPS)[number]; fromUid: string; toUid: string; hash: string }>;
  }> {
    const nodes = new Map<string, Map<string, string>>();
    for (const label of NODE_LABELS) {
      const rows = await this.neo4j.read(SNAPSHOT_QUERIES.liveNodes[label], scope);
      nodes.set(label, new Map(rows.map((row) => [row.uid as string, row.hash as string])));
    }
    const relationships = new Map<string, { shape: (typeof RELATIONSHIPS)[number]; fromUid: string; toUid: string; hash: string }>();
    for (const shape of RELATIONSHIPS) {
      for (const row of await this.neo4j.read(SNAPSHOT_QUERIES.liveRelationships.get(shape)!, scope)) {
        const fromUid = row.fromUid as string;
        const toUid = row.toUid as string;
        relationships.set(relationshipKey(shape, fromUid, toUid), { shape, fromUid, toUid, hash: row.hash as string });
      }
    }
    return { nodes, relationships };
  }
}

function scopeParams(run: RunScope): { tenantId: string; repoId: string; repoUid: string; runId: string } {
  return { tenantId: run.tenantId, repoId: run.repoId, repoUid: `${run.tenantId}:${run.repoId}`, runId: run.runId };
}
