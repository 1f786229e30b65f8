import { Injectable } from '@nestjs/common';
import { ConflictError, type IndexRunSummary, type RepositorySnapshot } from '@lore/domain';
import { CypherQueries } from './cypher-queries';
import { Neo4jService, runRows, type Params } from './neo4j.service';

const BATCH_SIZE = 2000;
/** A run holds its repository for this long after each batch; a crashed run's lease simply expires. */
const LEASE_SECONDS = 600;

export interface RunScope {
  tenantId: string;
  repoId: string;
  runId: string;
}

/**
 * Writes repository snapshots. A run first takes the repository's lease (a second run is refused
 * with `conflict`); then nodes, then relationships, in UNWIND batches inside managed transactions.
 * Every node written carries the run id, and what an earlier run wrote and this one did not is
 * deleted at the end, so re-indexing the same commit leaves the same graph.
 */
@Injectable()
export class IndexStoreRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  async beginRun(run: RunScope, startedAt: string): Promise<void> {
    const [row] = await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/begin-run'), { ...params(run), startedAt, leaseSeconds: LEASE_SECONDS }),
    );
    if (row?.busy) {
      throw new ConflictError(`Repository ${run.repoId} is being indexed by another run.`, {
        hint: 'Wait for that run to finish, then retry.',
      });
    }
  }

  async failRun(run: RunScope, finishedAt: string, error: string): Promise<void> {
    await this.neo4j.write((tx) => runRows(tx, this.queries.get('index/fail-run'), { ...params(run), finishedAt, error }));
  }

  async writeSnapshot(snapshot: RepositorySnapshot, run: RunScope, onBatch?: (done: number, total: number) => void): Promise<void> {
    const scope = params(run);
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/upsert-repository'), {
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
      }),
    );

    const rows = (items: readonly object[]): Params[] => items as unknown as Params[];
    const nodeSteps: [string, Params[]][] = [
      ['index/upsert-files', rows(snapshot.files)],
      ['index/upsert-symbols', snapshot.symbols.map(({ fileUid, parentUid: _parentUid, ...props }) => ({ fileUid, props }))],
      ['index/link-members', snapshot.symbols.filter((s) => s.parentUid !== null).map((s) => ({ uid: s.uid, parentUid: s.parentUid }))],
      ['index/upsert-documents', rows(snapshot.documents)],
      ['index/upsert-sections', rows(snapshot.sections)],
    ];
    const edgeSteps: [string, Params[]][] = [
      ['index/merge-calls', rows(snapshot.calls)],
      ['index/merge-imports', rows(snapshot.imports)],
      ['index/merge-inheritance', rows(snapshot.inheritance)],
      ['index/merge-tests', rows(snapshot.tests)],
      ['index/merge-symbol-mentions', rows(snapshot.mentions.filter((m) => m.targetKind === 'symbol'))],
      ['index/merge-file-mentions', rows(snapshot.mentions.filter((m) => m.targetKind === 'file'))],
    ];
    const total = [...nodeSteps, ...edgeSteps].reduce((sum, [, items]) => sum + Math.ceil(items.length / BATCH_SIZE), 0);
    let done = 0;
    const writeBatches = async ([query, items]: [string, Params[]]): Promise<void> => {
      for (let start = 0; start < items.length; start += BATCH_SIZE) {
        await this.neo4j.write((tx) => runRows(tx, this.queries.get(query), { ...scope, rows: items.slice(start, start + BATCH_SIZE) }));
        await this.neo4j.write((tx) => runRows(tx, this.queries.get('index/renew-lease'), { ...scope, leaseSeconds: LEASE_SECONDS }));
        onBatch?.(++done, total);
      }
    };

    for (const step of nodeSteps) await writeBatches(step);
    for (const query of ['index/delete-outgoing-calls', 'index/delete-outgoing-imports', 'index/delete-outgoing-mentions']) {
      await this.neo4j.autoCommit(this.queries.get(query), scope);
    }
    for (const step of edgeSteps) await writeBatches(step);
    for (const query of [
      'index/delete-stale-sections',
      'index/delete-stale-documents',
      'index/delete-stale-symbols',
      'index/delete-stale-files',
    ]) {
      await this.neo4j.autoCommit(this.queries.get(query), scope);
    }
  }

  /** Points the repository at the new commit and records the run's outcome. */
  async completeRun(run: IndexRunSummary, tenantId: string): Promise<void> {
    const scope = params({ tenantId, repoId: run.repositoryId, runId: run.runId });
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/complete-run'), {
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
        },
      }),
    );
  }
}

function params(run: RunScope): { tenantId: string; repoId: string; repoUid: string; runId: string } {
  return { tenantId: run.tenantId, repoId: run.repoId, repoUid: `${run.tenantId}:${run.repoId}`, runId: run.runId };
}
