import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { InvalidInputError, PermissionDeniedError, type Principal } from '@lore/domain';
import {
  type AuditRecord,
  type ListAuditInput,
  ListAuditInputSchema,
  type ListAuditResult,
  type VerifyAuditInput,
  VerifyAuditInputSchema,
  type VerifyAuditResult,
} from '@lore/domain/schemas/audit';
import { AUDIT_GENESIS_HASH, AuditRepository } from '@lore/graph';
import { Operation } from '../operations/operation';
import { parseInput } from '../validation';
import { ChainVerifier } from './audit-chain';
import { AuditWriter } from './audit-writer';

/** Verify reads a chain this many seqs at a time. */
const VERIFY_WINDOW = 1000;
/** Retention removes at most this many records per transaction. */
const PRUNE_BATCH = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The audit for admins: its records, a page at a time with filters, and the verification of a
 * tenant's hash chain; and its retention. Served by REST and the CLI only: it is admin data about
 * every caller, not something an agent (MCP) or an explorer (GraphQL) needs.
 */
@Injectable()
export class AuditService implements OnModuleDestroy {
  private readonly logger = new Logger('Audit');
  private sweeps: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: AuditRepository,
    private readonly writer: AuditWriter,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  @Operation('list_audit', { kind: 'admin' })
  async listAudit(input: ListAuditInput, principal: Principal): Promise<ListAuditResult> {
    const query = parseInput(ListAuditInputSchema, input);
    const tenantId = adminTenant(principal, query.tenant);
    // An admin reads what this process recorded so far too, its own earlier calls included.
    await this.writer.flush();
    const beforeSeq = query.cursor === undefined ? null : readCursor(query.cursor);
    const filter = {
      subject: query.subject ?? null,
      operation: query.operation ?? null,
      status: query.status ?? null,
      door: query.door ?? null,
      from: query.from === undefined ? null : new Date(query.from).toISOString(),
      to: query.to === undefined ? null : new Date(query.to).toISOString(),
    };
    const records = await this.repository.page(tenantId, filter, beforeSeq, query.limit + 1);
    const page = records.slice(0, query.limit);
    return { tenantId, records: page, nextCursor: records.length > query.limit ? writeCursor(page.at(-1)!) : null };
  }

  /**
   * Walks the tenant's chain from its anchor to its head, re-hashing every record, and names the
   * first record edited, removed or inserted. A chain whose every record and head were rewritten
   * consistently by someone with write access to the database cannot be told from a genuine one:
   * keep the head's hash elsewhere (docs/security.md) to catch that.
   */
  @Operation('verify_audit', { kind: 'admin' })
  async verifyAudit(input: VerifyAuditInput, principal: Principal): Promise<VerifyAuditResult> {
    const query = parseInput(VerifyAuditInputSchema, input);
    const tenantId = adminTenant(principal, query.tenant);
    await this.writer.flush();
    const head = await this.repository.head(tenantId);
    if (!head) return { tenantId, valid: true, checked: 0, anchorSeq: 0, headSeq: 0, headHash: AUDIT_GENESIS_HASH, problem: null };
    const verifier = new ChainVerifier({ seq: head.anchorSeq, hash: head.anchorHash });
    // The records of one seq (two only by tampering) are handed to the verifier together.
    let sameSeq: AuditRecord[] = [];
    walk: for (let after = head.anchorSeq; after < head.seq; after += VERIFY_WINDOW) {
      for (const record of await this.repository.seqWindow(tenantId, after, Math.min(after + VERIFY_WINDOW, head.seq))) {
        if (sameSeq.length > 0 && sameSeq[0]!.seq !== record.seq) {
          if (!verifier.accept(sameSeq)) break walk;
          sameSeq = [];
        }
        sameSeq.push(record);
      }
    }
    verifier.accept(sameSeq);
    const lastStoredSeq = await this.repository.lastStoredSeq(tenantId);
    const currentHeadSeq = (await this.repository.head(tenantId))?.seq ?? head.seq;
    const problem = verifier.finish(head, lastStoredSeq, currentHeadSeq);
    return {
      tenantId,
      valid: problem === null,
      checked: verifier.checked,
      anchorSeq: head.anchorSeq,
      headSeq: head.seq,
      headHash: head.hash,
      problem,
    };
  }

  /** The tenants that have an audit chain (the CLI verifies each when no tenant is named). */
  chainTenants(): Promise<string[]> {
    return this.repository.tenants();
  }

  /** Removes every chain's records older than LORE_AUDIT_RETENTION_DAYS; returns how many per tenant. */
  async pruneExpired(now: Date = new Date()): Promise<Record<string, number>> {
    await this.writer.flush();
    const cutoff = new Date(now.getTime() - this.config.LORE_AUDIT_RETENTION_DAYS * DAY_MS).toISOString();
    const removed: Record<string, number> = {};
    for (const tenant of await this.repository.tenants()) {
      removed[tenant] = 0;
      for (
        let step = await this.repository.prune(tenant, cutoff, PRUNE_BATCH);
        step > 0;
        step = await this.repository.prune(tenant, cutoff, PRUNE_BATCH)
      )
        removed[tenant] += step;
    }
    return removed;
  }

  /** The server's retention: a sweep now, then daily. A failed sweep is logged and tried again the next day. */
  startRetentionSweeps(): void {
    const sweep = (): void =>
      void this.pruneExpired().then(
        (removed) => {
          const total = Object.values(removed).reduce((sum, count) => sum + count, 0);
          if (total > 0)
            this.logger.log(`retention removed ${total} audit records older than ${this.config.LORE_AUDIT_RETENTION_DAYS} days`);
        },
        (error: unknown) =>
          this.logger.error(`The audit retention sweep failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    sweep();
    this.sweeps = setInterval(sweep, DAY_MS);
    this.sweeps.unref();
  }

  onModuleDestroy(): void {
    if (this.sweeps) clearInterval(this.sweeps);
  }
}

/** An admin reads and verifies its own tenant's audit, and no other. */
function adminTenant(principal: Principal, asked: string | undefined): string {
  if (asked !== undefined && asked !== principal.tenantId) {
    throw new PermissionDeniedError(`An admin reads the audit of its own tenant (${principal.tenantId}), not of ${asked}.`);
  }
  return principal.tenantId;
}

function writeCursor(last: AuditRecord): string {
  return Buffer.from(`audit:${last.seq}`).toString('base64url');
}

function readCursor(cursor: string): number {
  const match = /^audit:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new InvalidInputError('Invalid cursor: pass the nextCursor of the previous page unchanged.');
  return Number(match[1]);
}
