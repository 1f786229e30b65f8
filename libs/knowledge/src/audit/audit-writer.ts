import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RefusedRequests } from '@lore/access';
import type { AuditEntry } from '@lore/domain/schemas/audit';
import { outsideBookmarkScope } from '@lore/domain';
import { AuditRepository } from '@lore/graph';
import { outsideTraces } from '@lore/observability';
import { linkEntries } from './audit-chain';
import { refusalEntry } from './audit-entry';

/** A batch is written this long after its first record at the latest... */
const FLUSH_AFTER_MS = 100;
/** ...or as soon as it holds this many. */
const BATCH_SIZE = 200;
/** One transaction writes at most this many: a backlog (a burst of calls) is caught up in few transactions. */
const MAX_WRITE = 1000;
/** After a failed write, the records wait this long before the next try. */
const RETRY_AFTER_MS = 1000;
/** Records held while the graph cannot take them; past this, new ones are counted as lost. */
const MAX_PENDING = 20_000;

/** What the writer has done since start, for metrics and the log. */
export interface AuditWriterCounts {
  written: number;
  pending: number;
  failedWrites: number;
  lost: number;
}

/**
 * The one writer of audit records in a process: calls hand it their entries and go on (a call never
 * waits for its record), and it appends them in batches, one batch at a time, one transaction per
 * tenant chain under the chain head's lock. Written within 100 ms, and on shutdown; a process that
 * dies without shutting down (kill -9, a crash) loses what was not written yet. A failed write is
 * logged at error, counted, and tried again; records that cannot be held are counted as lost.
 */
@Injectable()
export class AuditWriter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Audit');
  private pending: AuditEntry[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly tally = { written: 0, failedWrites: 0, lost: 0 };
  /** Writes failed since the last that succeeded; null while they succeed. */
  private failedInARow: number | null = null;

  constructor(
    private readonly repository: AuditRepository,
    private readonly refusedRequests: RefusedRequests,
  ) {}

  onModuleInit(): void {
    this.refusedRequests.listen((refusal) => this.record(refusalEntry({ ...refusal, status: refusal.code })));
  }

  record(entry: AuditEntry): void {
    if (this.pending.length >= MAX_PENDING) {
      if (this.tally.lost++ === 0)
        this.logger.error(`Audit records are being lost: ${MAX_PENDING} wait for a graph that cannot take them.`);
      return;
    }
    this.pending.push(entry);
    // The batch is written for every caller in it: its Cypher is no child of this call's trace.
    if (this.pending.length === BATCH_SIZE) void outsideTraces(() => this.flush());
    else this.schedule(FLUSH_AFTER_MS);
  }

  /**
   * Writes every record handed in so far (resolves when done or failed; a failure is logged, not thrown).
   * A batch holds many callers' records and is written after their answers: its bookmark is no call's.
   */
  flush(): Promise<void> {
    return outsideBookmarkScope(() => {
      this.writing = this.writing.then(() => this.drain());
      return this.writing;
    });
  }

  counts(): AuditWriterCounts {
    return { ...this.tally, pending: this.pending.length };
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    if (this.pending.length > 0) {
      this.tally.lost += this.pending.length;
      this.logger.error(`${this.pending.length} audit records could not be written before shutdown and are lost.`);
      this.pending = [];
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) return;
    this.timer = outsideTraces(() =>
      setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, delayMs),
    );
    // A CLI command's records are flushed when its services close: the timer need not keep it alive.
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_WRITE);
      const unwritten = await this.write(batch);
      if (unwritten.length > 0) {
        this.pending.unshift(...unwritten);
        this.schedule(RETRY_AFTER_MS);
        return;
      }
    }
  }

  /** Appends a batch, one chain at a time, in order; returns the entries of the chains that failed. */
  private async write(batch: readonly AuditEntry[]): Promise<AuditEntry[]> {
    const byTenant = new Map<string, AuditEntry[]>();
    for (const entry of batch) byTenant.set(entry.tenantId, [...(byTenant.get(entry.tenantId) ?? []), entry]);
    const unwritten: AuditEntry[] = [];
    for (const [tenant, entries] of byTenant) {
      try {
        await this.repository.append(tenant, (head) => linkEntries(head, entries));
        this.tally.written += entries.length;
        if (this.failedInARow !== null) this.logger.log(`Audit records are written again, after ${this.failedInARow} failed writes.`);
        this.failedInARow = null;
      } catch (error) {
        this.tally.failedWrites++;
        // Once per outage, not once a second while the graph is down.
        if (this.failedInARow === null)
          this.logger.error(
            `Writing ${entries.length} audit records of tenant ${tenant} failed (tried again every second): ${describe(error)}`,
          );
        this.failedInARow = (this.failedInARow ?? 0) + 1;
        unwritten.push(...entries);
      }
    }
    return unwritten;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
