import { Injectable } from '@nestjs/common';
import type { RepositorySnapshot } from '@lore/domain';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import type { GraphState } from './graph-state-file';
import { IndexRunLeases, type RunScope } from './index-run-leases';
import { SnapshotWriter, type SnapshotChanges, type WrittenSnapshot } from './snapshot-writer';

export type { RunScope } from './index-run-leases';
export type { SnapshotChanges, WrittenSnapshot } from './snapshot-writer';

/**
 * What an indexing run asks of the graph: its lease and record (IndexRunLeases), and its snapshots,
 * each written as one transaction of only the difference with the live graph (SnapshotWriter).
 */
@Injectable()
export class IndexStoreRepository {
  constructor(
    private readonly runs: IndexRunLeases,
    private readonly snapshots: SnapshotWriter,
  ) {}

  /** Takes the repository's lease; refused with `conflict` while another run holds it. */
  beginRun(run: RunScope, startedAt: string): Promise<void> {
    return this.runs.beginRun(run, startedAt);
  }

  renewLease(run: RunScope): Promise<void> {
    return this.runs.renewLease(run);
  }

  failRun(run: RunScope, finishedAt: string, error: string): Promise<void> {
    return this.runs.failRun(run, finishedAt, error);
  }

  applySnapshot(
    snapshot: RepositorySnapshot,
    run: RunScope,
    summarize: () => IndexRunSummary,
    onBatch?: (done: number, total: number) => void,
    live?: GraphState | Promise<GraphState>,
  ): Promise<SnapshotChanges> {
    return this.snapshots.applySnapshot(snapshot, run, summarize, onBatch, live);
  }

  applyQueryableSnapshot(
    snapshot: RepositorySnapshot,
    run: RunScope,
    elapsedMs: () => number,
    onBatch?: (done: number, total: number) => void,
    live?: Promise<GraphState>,
  ): Promise<WrittenSnapshot> {
    return this.snapshots.applyQueryableSnapshot(snapshot, run, elapsedMs, onBatch, live);
  }

  liveGraph(run: RunScope): Promise<GraphState> {
    return this.snapshots.liveGraph(run);
  }
}
