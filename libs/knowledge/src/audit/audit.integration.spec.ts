import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { RefusedRequests } from '@lore/access';
import { ConfigModule } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import type { AuditEntry } from '@lore/domain/schemas/audit';
import { AuditRepository, MigrationService } from '@lore/graph';
import { testDriver } from '../../../../test/support/graph';
import { KnowledgeModule } from '../knowledge.module';
import { AuditWriter } from './audit-writer';
import { AuditService } from './audit.service';

/** The audit against the real Neo4j of the jest global setup; each test has its own tenant chain. */
let moduleRef: TestingModule;
let driver: Driver;
let audit: AuditService;
let writer: AuditWriter;

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-26T12:00:00.000Z');
let counter = 0;

function entry(tenantId: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  counter += 1;
  return {
    id: `${tenantId}-entry-${counter}`,
    tenantId,
    timestamp: NOW.toISOString(),
    subject: 'api-key-1',
    door: 'rest',
    operation: 'get_symbol',
    repository: 'shop',
    refs: [],
    queryHash: null,
    status: 'ok',
    httpStatus: null,
    latencyMs: 2.5,
    resultBytes: 100,
    requestId: `request-${counter}`,
    agentRunId: null,
    ...overrides,
  };
}

/** Records `count` entries and waits until they are written. */
async function recorded(tenantId: string, count: number, overrides: (index: number) => Partial<AuditEntry> = () => ({})): Promise<void> {
  for (let index = 0; index < count; index++) writer.record(entry(tenantId, overrides(index)));
  await writer.flush();
}

async function seqIds(tenantId: string): Promise<{ seq: number; id: string }[]> {
  const result = await driver.executeQuery('MATCH (a:AuditRecord {tenant: $tenantId}) RETURN a.seq AS seq, a.id AS id ORDER BY seq', {
    tenantId,
  });
  return result.records.map((record) => ({ seq: record.get('seq') as number, id: record.get('id') as string }));
}

const admin = (tenantId: string): Principal => localPrincipal(tenantId, 'auditor');

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  await moduleRef.get(MigrationService, { strict: false }).migrate();
  audit = moduleRef.get(AuditService);
  writer = moduleRef.get(AuditWriter, { strict: false });
  driver = testDriver();
  await driver.executeQuery("MATCH (n) WHERE (n:AuditRecord OR n:AuditHead) AND n.tenant STARTS WITH 'audit-' DETACH DELETE n");
});

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

describe('the audit chain in Neo4j', () => {
  it('500 records handed to three writers at once (as three processes would) make one chain: seq 1..500, no fork, none lost', async () => {
    const tenant = 'audit-concurrent';
    const refused = moduleRef.get(RefusedRequests, { strict: false });
    const repository = moduleRef.get(AuditRepository, { strict: false });
    const writers = [writer, new AuditWriter(repository, refused), new AuditWriter(repository, refused)];
    const entries = Array.from({ length: 500 }, () => entry(tenant));
    await Promise.all(
      entries.map(async (item, index) => {
        const chosen = writers[index % writers.length]!;
        chosen.record(item);
        if (index % 7 === 0) await chosen.flush();
      }),
    );
    await Promise.all(writers.map((each) => each.flush()));

    expect(writers.map((each) => each.counts())).toEqual(
      writers.map(() => expect.objectContaining({ pending: 0, failedWrites: 0, lost: 0 })),
    );
    const stored = await seqIds(tenant);
    expect(stored.map((record) => record.seq)).toEqual(Array.from({ length: 500 }, (_, index) => index + 1));
    expect(new Set(stored.map((record) => record.id))).toEqual(new Set(entries.map((item) => item.id)));
    expect(await audit.verifyAudit({}, admin(tenant))).toEqual({
      tenantId: tenant,
      valid: true,
      checked: 500,
      anchorSeq: 0,
      headSeq: 500,
      headHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      problem: null,
    });
  });

  it('names a record edited directly in Neo4j by its seq and id', async () => {
    const tenant = 'audit-edited';
    await recorded(tenant, 10);
    const seventh = (await seqIds(tenant))[6]!;
    await driver.executeQuery("MATCH (a:AuditRecord {tenant: $tenant, seq: 7}) SET a.subject = 'someone-innocent'", { tenant });

    expect(await audit.verifyAudit({}, admin(tenant))).toMatchObject({
      valid: false,
      headSeq: 10,
      problem: {
        kind: 'edited',
        seq: 7,
        id: seventh.id,
        message: `Record 7 (${seventh.id}) was edited: its fields no longer hash to its hash.`,
      },
    });
  });

  it('names the seq of a record deleted directly in Neo4j, and the record after the gap', async () => {
    const tenant = 'audit-deleted';
    await recorded(tenant, 10);
    const sixth = (await seqIds(tenant))[5]!;
    await driver.executeQuery('MATCH (a:AuditRecord {tenant: $tenant, seq: 5}) DELETE a', { tenant });

    expect(await audit.verifyAudit({}, admin(tenant))).toMatchObject({
      valid: false,
      problem: { kind: 'removed', seq: 5, id: null, message: `Records 5 are missing: removed before record 6 (${sixth.id}).` },
    });
  });

  it('names a record inserted with the seq of another, and one appended past the head', async () => {
    const tenant = 'audit-inserted';
    await recorded(tenant, 5);
    await driver.executeQuery(
      "MATCH (a:AuditRecord {tenant: $tenant, seq: 3}) CREATE (b:AuditRecord) SET b = a {.*, id: 'forged-3', subject: 'mallory'}",
      { tenant },
    );
    expect((await audit.verifyAudit({}, admin(tenant))).problem).toMatchObject({ kind: 'inserted', seq: 3, id: 'forged-3' });

    // (Each verification is recorded in the chain too: the head moves on.)
    await driver.executeQuery("MATCH (b:AuditRecord {id: 'forged-3'}) SET b.seq = 100", { tenant });
    const { headSeq, problem } = await audit.verifyAudit({}, admin(tenant));
    expect(problem).toEqual({
      kind: 'inserted',
      seq: headSeq + 1,
      id: null,
      message: `Records after the chain's head (seq ${headSeq}) are stored: inserted beyond its end.`,
    });
  });

  it('keeps the records of the retention period; the anchor of the removed ones keeps the chain verifiable', async () => {
    const tenant = 'audit-retention';
    const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
    // 1-3 are old; 4 is recent; 5 is old again (ended late) and stays, since removing it would leave a gap.
    await recorded(tenant, 5, (index) => ({ timestamp: daysAgo([120, 100, 91, 1, 95][index]!) }));
    const fourth = (await seqIds(tenant))[3]!;

    expect(await audit.pruneExpired(NOW)).toMatchObject({ [tenant]: 3 });
    expect((await seqIds(tenant)).map((record) => record.seq)).toEqual([4, 5]);
    expect(await audit.verifyAudit({}, admin(tenant))).toMatchObject({
      tenantId: tenant,
      valid: true,
      checked: 2,
      anchorSeq: 3,
      headSeq: 5,
      problem: null,
    });
    expect(await audit.pruneExpired(NOW)).toMatchObject({ [tenant]: 0 });

    // A record removed after the anchor is still named.
    await driver.executeQuery('MATCH (a:AuditRecord {tenant: $tenant, seq: 4}) DELETE a', { tenant });
    expect((await audit.verifyAudit({}, admin(tenant))).problem).toMatchObject({ kind: 'removed', seq: 4 });
    expect(fourth.seq).toBe(4);
  });
});

describe('reading the audit', () => {
  const tenant = 'audit-reading';
  beforeAll(async () => {
    await recorded(tenant, 7, (index) => ({
      subject: index % 2 === 0 ? 'api-key-1' : 'api-key-2',
      operation: index < 5 ? 'get_symbol' : 'search_code',
      status: index === 6 ? 'permission_denied' : 'ok',
      timestamp: new Date(NOW.getTime() + index * 1000).toISOString(),
    }));
  });

  it('pages newest first with an opaque cursor, the pages together every record once', async () => {
    const seqs: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await audit.listAudit({ limit: 3, cursor }, admin(tenant));
      seqs.push(...page.records.map((record) => record.seq));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seqs).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('filters by subject, operation, status, door and time', async () => {
    const seqsOf = async (filter: Record<string, unknown>) =>
      (await audit.listAudit(filter, admin(tenant))).records.map((record) => record.seq);
    expect(await seqsOf({ subject: 'api-key-2' })).toEqual([6, 4, 2]);
    expect(await seqsOf({ operation: 'search_code' })).toEqual([7, 6]);
    expect(await seqsOf({ status: 'permission_denied' })).toEqual([7]);
    expect(await seqsOf({ door: 'cli' })).toEqual([]);
    expect(await seqsOf({ from: '2026-11-26T12:00:02Z', to: '2026-11-26T13:00:04+01:00' })).toEqual([4, 3]);
  });

  it('answers only an admin, and only about its own tenant', async () => {
    await expect(audit.listAudit({}, { ...admin(tenant), permissions: ['read'] })).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(audit.listAudit({ tenant: 'audit-concurrent' }, admin(tenant))).rejects.toMatchObject({
      code: 'permission_denied',
      message: 'An admin reads the audit of its own tenant (audit-reading), not of audit-concurrent.',
    });
    await expect(audit.listAudit({ cursor: 'not-a-cursor' }, admin(tenant))).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('records its own calls through the gate, refusals included', async () => {
    await audit.listAudit({ limit: 1 }, admin(tenant)).catch(() => undefined);
    await audit.listAudit({}, { ...admin(tenant), subject: 'reader', permissions: ['read'] }).catch(() => undefined);
    const page = await audit.listAudit({ operation: 'list_audit', limit: 2 }, admin(tenant));
    expect(
      page.records.map(({ subject, status, door, resultBytes }) => ({
        subject,
        status,
        door,
        resultBytes: resultBytes === null ? null : 'n',
      })),
    ).toEqual([
      { subject: 'reader', status: 'permission_denied', door: 'internal', resultBytes: null },
      { subject: 'auditor', status: 'ok', door: 'internal', resultBytes: 'n' },
    ]);
  });
});
