import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule, LORE_CONFIG, type LoreConfig } from '@lore/config';
import { type LoreError, type Principal, localPrincipal } from '@lore/domain';
import { LoreMetrics } from '@lore/observability';
import { type FixtureRepository, gitFixture, gitIn } from '../../../../test/support/fixtures';
import { testDriver } from '../../../../test/support/graph';
import { AuditWriter } from '../audit/audit-writer';
import { IndexingService } from '../indexing/indexing.service';
import { KnowledgeModule } from '../knowledge.module';
import { AgentMemoryService } from './agent-memory.service';

/**
 * Agent memory through the services as every door calls them (the operation gate included), on
 * order-service indexed in tenant memory-a (and memory-b): candidates with evidence, approval behind
 * the setting and the permission, tenants apart, bad input refused with nothing written, and a memory
 * whose evidence's signature changed flagged stale after a re-index.
 */
const TENANT = 'memory-a';
const OTHER_TENANT = 'memory-b';
const REPOSITORY = 'order-service';

const owner = localPrincipal(TENANT, 'owner');
const agent: Principal = { ...localPrincipal(TENANT, 'agent'), permissions: ['read', 'knowledge:write'] };
const reader: Principal = { ...localPrincipal(TENANT, 'reader'), permissions: ['read'] };
const otherOwner = localPrincipal(OTHER_TENANT, 'owner');

const APPLY_DISCOUNT = `${TENANT}:${REPOSITORY}:src/pricing/discounts.ts#applyDiscount`;
const DISCOUNTS_FILE = `${TENANT}:${REPOSITORY}:src/pricing/discounts.ts`;
const TEXT = 'applyDiscount leaves the total unchanged for an unknown code.';

let moduleRef: TestingModule;
let driver: Driver;
let fixture: FixtureRepository;
let memory: AgentMemoryService;
let config: LoreConfig;

const symbolUri = (name: string, commit = fixture.commitSha) => `symbol://${REPOSITORY}/${commit}/${name}`;
const codeUri = (path: string, lines: string) => `code://${REPOSITORY}/${fixture.commitSha}/${path}#${lines}`;
const memoryCount = async () =>
  Number((await driver.executeQuery('MATCH (m:Memory {tenantId: $tenant}) RETURN count(m) AS n', { tenant: TENANT })).records[0]!.get('n'));

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    const { code, message, details } = error as LoreError;
    return { code, message, details };
  }
}

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule] }).compile();
  await moduleRef.init();
  driver = testDriver();
  await driver.executeQuery("MATCH (n) WHERE n.tenantId IN ['memory-a', 'memory-b'] DETACH DELETE n");
  fixture = gitFixture(REPOSITORY);
  const indexing = moduleRef.get(IndexingService);
  await indexing.indexRepository({ path: fixture.path }, owner);
  await indexing.indexRepository({ path: fixture.path }, otherOwner);
  memory = moduleRef.get(AgentMemoryService);
  config = moduleRef.get(LORE_CONFIG);
}, 180_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
});

describe('agent memory', () => {
  let memoryId: string;

  it('writes a candidate with its evidence resolved, and counts the write', async () => {
    const before = (await moduleRef.get(LoreMetrics).registry.getSingleMetricAsString('lore_memory_candidate_writes_total')).split('\n');
    const created = await memory.createMemoryCandidate(
      {
        repositoryId: REPOSITORY,
        text: `  ${TEXT}  `,
        evidence: [symbolUri('applyDiscount'), codeUri('src/pricing/discounts.ts', 'L8-L12')],
        kind: 'rule',
      },
      agent,
    );
    memoryId = created.memoryId;
    expect(memoryId).toMatch(/^mem_[0-9a-f]{24}$/);
    expect(created).toEqual({
      memoryId,
      uri: `memory://${memoryId}`,
      repositoryId: REPOSITORY,
      status: 'candidate',
      kind: 'rule',
      text: TEXT,
      evidence: [
        {
          uri: symbolUri('applyDiscount'),
          kind: 'symbol',
          about: APPLY_DISCOUNT,
          repositoryId: REPOSITORY,
          stale: false,
          status: 'current',
          staleReason: null,
        },
        {
          uri: codeUri('src/pricing/discounts.ts', 'L8-L12'),
          kind: 'code',
          about: DISCOUNTS_FILE,
          repositoryId: REPOSITORY,
          stale: false,
          status: 'current',
          staleReason: null,
        },
      ],
      stale: false,
      createdBy: 'agent',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reviewedBy: null,
      reviewedAt: null,
      reviewNote: null,
    });
    expect(before).toContain('lore_memory_candidate_writes_total 0');
    expect(await moduleRef.get(LoreMetrics).registry.getSingleMetricAsString('lore_memory_candidate_writes_total')).toContain(
      'lore_memory_candidate_writes_total 1',
    );
  });

  it('never serves a candidate as memory: only when asked for, marked so', async () => {
    expect(await memory.getMemory({ repositoryId: REPOSITORY }, agent)).toEqual({ memories: [], warnings: [] });
    const candidates = await memory.getMemory({ repositoryId: REPOSITORY, status: 'candidate' }, agent);
    expect(candidates.memories.map((item) => [item.memoryId, item.status])).toEqual([[memoryId, 'candidate']]);
    expect(candidates.warnings).toEqual(['1 candidate memory: proposed, not approved; not to be taken as memory.']);
    expect(await outcome(() => memory.getMemory({ memoryId }, agent))).toEqual({
      code: 'not_found',
      message: `Memory ${memoryId} is a candidate, not approved memory.`,
      details: null,
    });
  });

  it('refuses evidence it cannot resolve, listing each with why, and writes nothing', async () => {
    const count = await memoryCount();
    const refused = await outcome(() =>
      memory.createMemoryCandidate(
        {
          repositoryId: REPOSITORY,
          text: TEXT,
          evidence: [
            symbolUri('applyDiscount'),
            symbolUri('noSuchFunction'),
            codeUri('src/nope.ts', 'L1'),
            codeUri('src/pricing/discounts.ts', 'L1-L99'),
            symbolUri('applyDiscount', 'deadbeef'),
            'symbol://billing-service/abc/BillingService',
            'knowledge://projects/order-service/chapters/pricing.md#Discounts',
            'https://example.com/notes',
          ],
        },
        agent,
      ),
    );
    expect(refused).toMatchObject({ code: 'invalid_input' });
    expect((refused as { details: { unresolvedEvidence: unknown } }).details.unresolvedEvidence).toEqual([
      { uri: symbolUri('noSuchFunction'), reason: 'No symbol named noSuchFunction.' },
      { uri: codeUri('src/nope.ts', 'L1'), reason: 'no indexed file src/nope.ts' },
      { uri: codeUri('src/pricing/discounts.ts', 'L1-L99'), reason: 'src/pricing/discounts.ts has 14 lines, not 99' },
      {
        uri: symbolUri('applyDiscount', 'deadbeef'),
        reason: `commit deadbeef is not indexed; the indexed commit of order-service is ${fixture.commitSha}`,
      },
      { uri: 'symbol://billing-service/abc/BillingService', reason: 'no indexed repository billing-service' },
      {
        uri: 'knowledge://projects/order-service/chapters/pricing.md#Discounts',
        reason: 'no chapter "Discounts" of pricing.md in project order-service',
      },
      { uri: 'https://example.com/notes', reason: 'Not a Lore resource URI: expected code://, symbol://, doc://.' },
    ]);
    expect(await memoryCount()).toBe(count);
  });

  it('refuses empty text, text over the limit, no evidence and an unknown repository, writing nothing', async () => {
    const count = await memoryCount();
    const evidence = [symbolUri('applyDiscount')];
    const refusals = await Promise.all([
      outcome(() => memory.createMemoryCandidate({ repositoryId: REPOSITORY, text: '   ', evidence }, agent)),
      outcome(() => memory.createMemoryCandidate({ repositoryId: REPOSITORY, text: 'x'.repeat(4001), evidence }, agent)),
      outcome(() => memory.createMemoryCandidate({ repositoryId: REPOSITORY, text: TEXT, evidence: [] }, agent)),
      outcome(() => memory.createMemoryCandidate({ repositoryId: 'nowhere', text: TEXT, evidence }, agent)),
    ]);
    expect(refusals.map((refusal) => [(refusal as LoreError).code, (refusal as LoreError).message])).toEqual([
      ['invalid_input', 'Invalid input: text: a memory says something: the text is empty'],
      ['invalid_input', 'Invalid input: text: a memory is at most 4000 characters'],
      ['invalid_input', 'Invalid input: evidence: Too small: expected array to have >=1 items'],
      ['not_found', 'No indexed repository nowhere.'],
    ]);
    expect(await memoryCount()).toBe(count);
  });

  it('lets no read-only principal propose memory', async () => {
    expect(
      await outcome(() =>
        memory.createMemoryCandidate({ repositoryId: REPOSITORY, text: TEXT, evidence: [symbolUri('applyDiscount')] }, reader),
      ),
    ).toEqual({
      code: 'permission_denied',
      message: 'create_memory_candidate needs the knowledge:write permission, which this credential does not hold.',
      details: null,
    });
  });

  it('keeps approval disabled by default, and behind memory:approve when enabled', async () => {
    expect(await outcome(() => memory.approveMemory({ memoryId }, owner))).toEqual({
      code: 'permission_denied',
      message: 'approve_memory is disabled on this server: approving and archiving agent memory is off by default.',
      details: { disabled: true, setting: 'LORE_MEMORY_ENABLE_APPROVAL' },
    });
    config.LORE_MEMORY_ENABLE_APPROVAL = true;
    try {
      expect(await outcome(() => memory.approveMemory({ memoryId }, agent))).toEqual({
        code: 'permission_denied',
        message: 'approve_memory needs the memory:approve permission, which this credential does not hold.',
        details: null,
      });
      expect(await outcome(() => memory.approveMemory({ memoryId }, otherOwner))).toEqual({
        code: 'not_found',
        message: `No memory ${memoryId}.`,
        details: null,
      });
      const approved = await memory.approveMemory({ memoryId, note: 'checked against the code' }, owner);
      expect([approved.status, approved.reviewedBy, approved.reviewNote]).toEqual(['approved', 'owner', 'checked against the code']);
      expect((await memory.getMemory({ repositoryId: REPOSITORY }, agent)).memories.map((item) => item.memoryId)).toEqual([memoryId]);
      expect((await memory.getMemory({ about: APPLY_DISCOUNT }, agent)).memories.map((item) => item.memoryId)).toEqual([memoryId]);
      expect((await memory.getMemory({ about: symbolUri('isKnownDiscount') }, agent)).memories).toEqual([]);
      expect((await memory.getMemory({ query: 'UNKNOWN CODE' }, agent)).memories.map((item) => item.memoryId)).toEqual([memoryId]);
      expect(await outcome(() => memory.getMemory({ memoryId }, otherOwner))).toMatchObject({ code: 'not_found' });
      expect(await outcome(() => memory.approveMemory({ memoryId }, owner))).toEqual({
        code: 'conflict',
        message: `Memory ${memoryId} is approved: only candidate memory can be approved.`,
        details: { memoryId, status: 'approved' },
      });
    } finally {
      config.LORE_MEMORY_ENABLE_APPROVAL = false;
    }
  });

  it('flags a memory stale when the code its evidence names changed, after a re-index', async () => {
    const path = join(fixture.path, 'src/pricing/discounts.ts');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        'applyDiscount(total: Money, code?: string): Money',
        'applyDiscount(total: Money, code?: string, floor = 0): Money',
      ),
    );
    gitIn(fixture.path, ['commit', '-q', '-am', 'a floor']);
    await moduleRef.get(IndexingService).indexRepository({ path: fixture.path }, owner);
    const [read] = (await memory.getMemory({ memoryId }, agent)).memories;
    expect(read!.stale).toBe(true);
    expect(read!.evidence.map(({ status, staleReason }) => [status, staleReason])).toEqual([
      [
        'signature_changed',
        'the signature of applyDiscount was `export function applyDiscount(total: Money, code?: string): Money`, ' +
          'is `export function applyDiscount(total: Money, code?: string, floor = 0): Money`',
      ],
      ['file_changed', 'src/pricing/discounts.ts changed'],
    ]);
    expect((await memory.getMemory({ memoryId }, agent)).warnings).toEqual([
      '1 memory cites evidence that changed since: check before relying on it.',
    ]);
  });

  it('audits every memory write, answered or refused, naming the memory', async () => {
    await moduleRef.get(AuditWriter).flush();
    const { records } = await driver.executeQuery(
      `MATCH (a:AuditRecord {tenant: $tenant}) WHERE a.operation IN ['approve_memory', 'archive_memory']
       RETURN a.subject AS subject, a.operation AS operation, a.status AS status, a.refs AS refs ORDER BY a.seq`,
      { tenant: TENANT },
    );
    const ref = [`memory://${memoryId}`];
    expect(records.map((record) => record.toObject())).toEqual([
      { subject: 'owner', operation: 'approve_memory', status: 'permission_denied', refs: ref },
      { subject: 'agent', operation: 'approve_memory', status: 'permission_denied', refs: ref },
      // An answer adds what it names: the memory's evidence.
      {
        subject: 'owner',
        operation: 'approve_memory',
        status: 'ok',
        refs: [...ref, symbolUri('applyDiscount'), codeUri('src/pricing/discounts.ts', 'L8-L12')],
      },
      { subject: 'owner', operation: 'approve_memory', status: 'conflict', refs: ref },
    ]);
  });

  it('archives approved memory, which is then served only when asked for', async () => {
    config.LORE_MEMORY_ENABLE_APPROVAL = true;
    try {
      expect((await memory.archiveMemory({ memoryId, note: 'superseded' }, owner)).status).toBe('archived');
      expect(await memory.getMemory({ repositoryId: REPOSITORY }, agent)).toEqual({ memories: [], warnings: [] });
      expect((await memory.getMemory({ repositoryId: REPOSITORY, status: 'archived' }, agent)).memories.map((item) => item.status)).toEqual(
        ['archived'],
      );
      expect(await outcome(() => memory.approveMemory({ memoryId }, owner))).toMatchObject({ code: 'conflict' });
    } finally {
      config.LORE_MEMORY_ENABLE_APPROVAL = false;
    }
  });
});
