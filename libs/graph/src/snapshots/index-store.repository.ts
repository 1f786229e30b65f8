import { Injectable } from '@nestjs/common';
import { CrossRepositoryLinks } from '../links/cross-repository-links';
import { IndexRunLeases } from '../storage-slots/index-run-leases';
import { SnapshotWriter } from './snapshot-writer';

export type { LinkChanges, PackageRecords } from '../links/cross-repository-links';
export type { RunOutcome, RunScope } from '../storage-slots/index-run-leases';
export type { SnapshotChanges, WrittenSnapshot } from './snapshot-writer';

/**
 * What an indexing run asks of the graph: its lease and record (IndexRunLeases), its snapshots,
 * each written as one transaction of only the difference with the live graph (SnapshotWriter), and
 * the links between it and the tenant's other repositories (CrossRepositoryLinks).
 */
@Injectable()
export class IndexStoreRepository {
  constructor(
    private readonly runs: IndexRunLeases,
    private readonly snapshots: SnapshotWriter,
    private readonly links: CrossRepositoryLinks,
  ) {}

  beginRun(...args: Parameters<IndexRunLeases['beginRun']>): ReturnType<IndexRunLeases['beginRun']> {
    return this.runs.beginRun(...args);
  }

  sweepDeadRuns(): ReturnType<IndexRunLeases['sweepDeadRuns']> {
    return this.runs.sweepDeadRuns();
  }

  renewLease(...args: Parameters<IndexRunLeases['renewLease']>): ReturnType<IndexRunLeases['renewLease']> {
    return this.runs.renewLease(...args);
  }

  failRun(...args: Parameters<IndexRunLeases['failRun']>): ReturnType<IndexRunLeases['failRun']> {
    return this.runs.failRun(...args);
  }

  applyQueryableSnapshot(
    ...args: Parameters<SnapshotWriter['applyQueryableSnapshot']>
  ): ReturnType<SnapshotWriter['applyQueryableSnapshot']> {
    return this.snapshots.applyQueryableSnapshot(...args);
  }

  applySnapshot(...args: Parameters<SnapshotWriter['applySnapshot']>): ReturnType<SnapshotWriter['applySnapshot']> {
    return this.snapshots.applySnapshot(...args);
  }

  indexedOutcome(...args: Parameters<SnapshotWriter['indexedOutcome']>): ReturnType<SnapshotWriter['indexedOutcome']> {
    return this.snapshots.indexedOutcome(...args);
  }

  completeUnchangedRun(...args: Parameters<SnapshotWriter['completeUnchangedRun']>): ReturnType<SnapshotWriter['completeUnchangedRun']> {
    return this.snapshots.completeUnchangedRun(...args);
  }

  liveGraph(...args: Parameters<SnapshotWriter['liveGraph']>): ReturnType<SnapshotWriter['liveGraph']> {
    return this.snapshots.liveGraph(...args);
  }

  linkRepository(...args: Parameters<CrossRepositoryLinks['linkRepository']>): ReturnType<CrossRepositoryLinks['linkRepository']> {
    return this.links.linkRepository(...args);
  }
}
