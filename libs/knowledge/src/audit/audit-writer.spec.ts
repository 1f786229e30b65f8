import { Logger } from '@nestjs/common';
import type { RefusedRequest, RefusedRequests } from '@lore/access';
import { UnavailableError } from '@lore/domain';
import type { AuditEntry, AuditRecord } from '@lore/domain/schemas/audit';
import { AUDIT_GENESIS_HASH, type AuditChainHead, type AuditRepository } from '@lore/graph';
import { AuditWriter } from './audit-writer';

/** A chain store in memory that can be made to fail, as Neo4j going down would. */
class ChainsInMemory {
  readonly chains = new Map<string, AuditRecord[]>();
  transactions = 0;
  down = false;

  async append(tenant: string, link: (head: AuditChainHead) => AuditRecord[]): Promise<AuditRecord[]> {
    if (this.down) throw new UnavailableError('The graph database is unavailable.');
    this.transactions++;
    const chain = this.chains.get(tenant) ?? [];
    const last = chain.at(-1);
    const records = link({ seq: last?.seq ?? 0, hash: last?.hash ?? AUDIT_GENESIS_HASH, anchorSeq: 0, anchorHash: AUDIT_GENESIS_HASH });
    this.chains.set(tenant, [...chain, ...records]);
    return records;
  }
}

class RefusalsInMemory {
  listener: ((refusal: RefusedRequest) => void) | null = null;
  listen(listener: (refusal: RefusedRequest) => void): void {
    this.listener = listener;
  }
}

function entry(tenantId: string, id: string): AuditEntry {
  return {
    id,
    tenantId,
    timestamp: '2026-11-26T10:00:00.000Z',
    subject: 'local',
    door: 'cli',
    operation: 'get_symbol',
    repository: null,
    refs: [],
    queryHash: null,
    status: 'ok',
    httpStatus: null,
    latencyMs: 1,
    resultBytes: 10,
    requestId: id,
    agentRunId: null,
  };
}

describe('AuditWriter', () => {
  let store: ChainsInMemory;
  let refusals: RefusalsInMemory;
  let writer: AuditWriter;
  let errors: string[];

  beforeEach(() => {
    store = new ChainsInMemory();
    refusals = new RefusalsInMemory();
    writer = new AuditWriter(store as unknown as AuditRepository, refusals as unknown as RefusedRequests);
    writer.onModuleInit();
    errors = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void errors.push(String(message)));
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('appends each tenant its own chain, in the order recorded, one transaction per tenant and batch', async () => {
    for (const id of ['a1', 'b1', 'a2', 'a3']) writer.record(entry(id.startsWith('a') ? 'acme' : 'beta', id));
    await writer.flush();
    expect(store.chains.get('acme')!.map((record) => [record.seq, record.id])).toEqual([
      [1, 'a1'],
      [2, 'a2'],
      [3, 'a3'],
    ]);
    expect(store.chains.get('beta')!.map((record) => [record.seq, record.id])).toEqual([[1, 'b1']]);
    expect(store.transactions).toBe(2);
    expect(writer.counts()).toEqual({ written: 4, pending: 0, failedWrites: 0, lost: 0 });
  });

  it('writes on its own within 100 ms, without a flush', async () => {
    writer.record(entry('acme', 'a1'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(store.chains.get('acme')!.map((record) => record.id)).toEqual(['a1']);
  });

  it('keeps records through a failed write, logs the outage once, and writes them when the graph is back', async () => {
    store.down = true;
    writer.record(entry('acme', 'a1'));
    await writer.flush();
    writer.record(entry('acme', 'a2'));
    await writer.flush();
    expect(writer.counts()).toEqual({ written: 0, pending: 2, failedWrites: 2, lost: 0 });
    expect(errors).toEqual([
      'Writing 1 audit records of tenant acme failed (tried again every second): The graph database is unavailable.',
    ]);
    store.down = false;
    await writer.flush();
    expect(store.chains.get('acme')!.map((record) => [record.seq, record.id])).toEqual([
      [1, 'a1'],
      [2, 'a2'],
    ]);
  });

  it('counts as lost what it could not write before shutdown', async () => {
    store.down = true;
    writer.record(entry('acme', 'a1'));
    await writer.onModuleDestroy();
    expect(writer.counts()).toEqual({ written: 0, pending: 0, failedWrites: 1, lost: 1 });
    expect(errors.at(-1)).toBe('1 audit records could not be written before shutdown and are lost.');
  });

  it('records the requests the HTTP doors refused', async () => {
    refusals.listener!({
      tenantId: 'acme',
      subject: 'anonymous',
      door: 'mcp-http',
      route: 'POST /mcp',
      httpStatus: 401,
      code: 'permission_denied',
      requestId: 'r-1',
      agentRunId: null,
    });
    await writer.flush();
    expect(store.chains.get('acme')![0]).toMatchObject({
      seq: 1,
      subject: 'anonymous',
      door: 'mcp-http',
      operation: 'POST /mcp',
      status: 'permission_denied',
      httpStatus: 401,
      resultBytes: null,
    });
  });
});
