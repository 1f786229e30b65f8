import { Injectable } from '@nestjs/common';
import type { AuditRecord } from '@lore/domain/schemas/audit';
import { CypherQueries } from '../neo4j/cypher-queries';
import { Neo4jService, type Row, runRows } from '../neo4j/neo4j.service';

/** The hash of the record before the first: 64 zeros. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Where a tenant's audit chain ends, and where retention made it start. */
export interface AuditChainHead {
  seq: number;
  hash: string;
  /** The last seq removed by retention (0: none) and its hash: the first record kept links to it. */
  anchorSeq: number;
  anchorHash: string;
}

export interface AuditPageFilter {
  subject: string | null;
  operation: string | null;
  status: string | null;
  door: string | null;
  from: string | null;
  to: string | null;
}

/**
 * The audit's storage: per tenant, an AuditHead node and its AuditRecords. Audit nodes name their
 * tenant in `tenant`, not `tenantId`, so that nothing that reads or deletes a tenant's code graph by
 * `tenantId` reads or deletes its audit.
 */
@Injectable()
export class AuditRepository {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly queries: CypherQueries,
  ) {}

  /**
   * Appends to a tenant's chain in one transaction that holds the head's lock: `link` makes the
   * records from the head it is given (their seqs and hashes follow it). Concurrent appends, from
   * this process or another, wait for the lock, so the chain never forks. The transaction may be
   * retried, and `link` with it.
   */
  async append(tenant: string, link: (head: AuditChainHead) => AuditRecord[]): Promise<AuditRecord[]> {
    return this.neo4j.write(async (tx) => {
      const [row] = await runRows(tx, this.queries.get('audit/lock-head'), { tenant, genesis: AUDIT_GENESIS_HASH });
      const records = link(headOf(row!));
      const last = records.at(-1);
      if (!last) return records;
      await runRows(tx, this.queries.get('audit/append'), {
        tenant,
        records: records.map(toNode),
        headSeq: last.seq,
        headHash: last.hash,
      });
      return records;
    });
  }

  /** A tenant chain's head; null when it has no chain. */
  async head(tenant: string): Promise<AuditChainHead | null> {
    const [row] = await this.neo4j.read(this.queries.get('audit/head'), { tenant });
    return row ? headOf(row) : null;
  }

  async tenants(): Promise<string[]> {
    return (await this.neo4j.read(this.queries.get('audit/tenants'))).map((row) => row.tenant as string);
  }

  /** The records with seq in (afterSeq, untilSeq], in seq order (then id). */
  async seqWindow(tenant: string, afterSeq: number, untilSeq: number): Promise<AuditRecord[]> {
    const rows = await this.neo4j.read(this.queries.get('audit/seq-window'), { tenant, afterSeq, untilSeq });
    return rows.map((row) => fromNode(row.record as Row));
  }

  async lastStoredSeq(tenant: string): Promise<number> {
    const [row] = await this.neo4j.read(this.queries.get('audit/last-seq'), { tenant });
    return (row?.seq as number | null) ?? 0;
  }

  /** Newest first, before the seq `beforeSeq` (the cursor) when given. */
  async page(tenant: string, filter: AuditPageFilter, beforeSeq: number | null, limit: number): Promise<AuditRecord[]> {
    const rows = await this.neo4j.read(this.queries.get('audit/page'), { tenant, ...filter, beforeSeq, limit });
    return rows.map((row) => fromNode(row.record as Row));
  }

  /**
   * Removes the oldest records, those that ended before `cutoff` (ISO), at most `batch` of them, in
   * one transaction under the head's lock: only a prefix of the chain (a record older than the cutoff
   * but after a newer one stays, so no gap is made), and the last removed becomes the anchor. Returns
   * how many were removed (0: nothing left to remove).
   */
  async prune(tenant: string, cutoff: string, batch: number): Promise<number> {
    return this.neo4j.write(async (tx) => {
      const [row] = await runRows(tx, this.queries.get('audit/lock-head'), { tenant, genesis: AUDIT_GENESIS_HASH });
      const head = headOf(row!);
      const [kept] = await runRows(tx, this.queries.get('audit/first-kept'), { tenant, anchorSeq: head.anchorSeq, cutoff });
      const firstKept = kept?.seq as number | null;
      const untilSeq = Math.min(firstKept === null ? head.seq : firstKept - 1, head.anchorSeq + batch);
      if (untilSeq <= head.anchorSeq) return 0;
      const [pruned] = await runRows(tx, this.queries.get('audit/prune'), { tenant, anchorSeq: head.anchorSeq, untilSeq });
      return (pruned?.removed as number | undefined) ?? 0;
    });
  }
}

function headOf(row: Row): AuditChainHead {
  return {
    seq: row.seq as number,
    hash: row.hash as string,
    anchorSeq: row.anchorSeq as number,
    anchorHash: row.anchorHash as string,
  };
}

function toNode(record: AuditRecord): Row {
  const { tenantId, ...fields } = record;
  return { ...fields, tenant: tenantId };
}

/** Neo4j keeps no null property: a field it lacks is null. */
function fromNode(node: Row): AuditRecord {
  const { tenant, ...fields } = node;
  return {
    id: fields.id as string,
    seq: fields.seq as number,
    tenantId: tenant as string,
    timestamp: fields.timestamp as string,
    subject: fields.subject as string,
    door: fields.door as AuditRecord['door'],
    operation: fields.operation as string,
    repository: (fields.repository as string | undefined) ?? null,
    refs: (fields.refs as string[] | undefined) ?? [],
    queryHash: (fields.queryHash as string | undefined) ?? null,
    status: fields.status as AuditRecord['status'],
    httpStatus: (fields.httpStatus as number | undefined) ?? null,
    latencyMs: fields.latencyMs as number,
    resultBytes: (fields.resultBytes as number | undefined) ?? null,
    requestId: fields.requestId as string,
    agentRunId: (fields.agentRunId as string | undefined) ?? null,
    prevHash: fields.prevHash as string,
    hash: fields.hash as string,
  };
}
