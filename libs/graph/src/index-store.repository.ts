import { Injectable } from '@nestjs/common';
import type { IndexRunSummary, RepositorySnapshot } from '@lore/domain';
import { CypherQueries } from './cypher-queries';
import { Neo4jService, runRows, type Params } from './neo4j.service';

const BATCH_SIZE = 2000;

/**
 * Writes one repository snapshot: nodes first, then relationships, in UNWIND batches inside managed
 * transactions. Every node written carries the run id; what an earlier run wrote and this one did
 * not is deleted at the end, so re-indexing the same commit leaves the same graph.
 */
@Injectable()
export class IndexStoreRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  async writeSnapshot(snapshot: RepositorySnapshot, run: IndexRunSummary, onBatch?: (done: number, total: number) => void): Promise<void> {
    const scope = {
      tenantId: snapshot.tenantId,
      repoId: snapshot.repositoryId,
      repoUid: `${snapshot.tenantId}:${snapshot.repositoryId}`,
      runId: run.runId,
    };
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

    const symbolRows = snapshot.symbols.map(({ fileUid, parentUid: _parentUid, ...props }) => ({ fileUid, props }));
    const memberRows = snapshot.symbols
      .filter((symbol) => symbol.parentUid !== null)
      .map((symbol) => ({ uid: symbol.uid, parentUid: symbol.parentUid }));
    const steps: [string, Params[]][] = [
      ['index/upsert-files', snapshot.files as unknown as Params[]],
      ['index/upsert-symbols', symbolRows],
      ['index/link-members', memberRows],
    ];
    const edgeSteps: [string, Params[]][] = [
      ['index/merge-calls', snapshot.calls as unknown as Params[]],
      ['index/merge-imports', snapshot.imports as unknown as Params[]],
    ];
    const total = [...steps, ...edgeSteps].reduce((sum, [, rows]) => sum + Math.ceil(rows.length / BATCH_SIZE), 0);
    let done = 0;
    const writeBatches = async ([query, rows]: [string, Params[]]): Promise<void> => {
      for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        await this.neo4j.write((tx) => runRows(tx, this.queries.get(query), { ...scope, rows: rows.slice(start, start + BATCH_SIZE) }));
        onBatch?.(++done, total);
      }
    };

    for (const step of steps) await writeBatches(step);
    await this.neo4j.autoCommit(this.queries.get('index/delete-outgoing-calls'), scope);
    await this.neo4j.autoCommit(this.queries.get('index/delete-outgoing-imports'), scope);
    for (const step of edgeSteps) await writeBatches(step);
    await this.neo4j.autoCommit(this.queries.get('index/delete-stale-symbols'), scope);
    await this.neo4j.autoCommit(this.queries.get('index/delete-stale-files'), scope);
    await this.neo4j.write((tx) =>
      runRows(tx, this.queries.get('index/complete-run'), {
        ...scope,
        commitSha: snapshot.commitSha,
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
