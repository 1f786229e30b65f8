import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { ConfigModule } from '@lore/config';
import { DocumentationSessionRepository } from '@lore/graph';
import { type LoreError, type Principal, localPrincipal } from '@lore/domain';
import { gitIn } from '../../../../test/support/fixtures';
import { testDriver, wipeGraph } from '../../../../test/support/graph';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { KnowledgeModule } from '@lore/knowledge';
import { DocumentationModule } from '../documentation.module';
import { DocumentationSessionsService } from './documentation-sessions.service';

// The suite's own output directory and a short idle timeout, read when the module is built.
const output = mkdtempSync(join(tmpdir(), 'lore-doc-sessions-'));
process.env.LORE_DOCS_OUTPUT_DIR = output;
process.env.LORE_DOC_SESSION_IDLE_TIMEOUT = '3s';
const knowledgeStore = mkdtempSync(join(tmpdir(), 'lore-doc-sessions-knowledge-'));
process.env.LORE_KNOWLEDGE_DIR = knowledgeStore;

/** Two principals of one tenant: a session is its creator's alone. */
const alice: Principal = localPrincipal('sessions', 'alice');
const bob: Principal = localPrincipal('sessions', 'bob');

let moduleRef: TestingModule;
let driver: Driver;
let sessions: DocumentationSessionsService;
let store: DocumentationSessionRepository;

beforeAll(async () => {
  moduleRef = await Test.createTestingModule({ imports: [ConfigModule, KnowledgeModule, DocumentationModule] }).compile();
  await moduleRef.init();
  sessions = moduleRef.get(DocumentationSessionsService);
  store = moduleRef.get(DocumentationSessionRepository);
  driver = testDriver();
  await wipeGraph(driver);
  const root = join(mkdtempSync(join(tmpdir(), 'lore-doc-sessions-repo-')), 'shop');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'tsconfig.json'), '{}');
  writeFileSync(join(root, 'src/price.ts'), 'export function price(total: number): number {\n  return total;\n}\n');
  gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
  gitIn(root, ['add', '-A']);
  gitIn(root, ['commit', '-q', '-m', 'first']);
  await moduleRef.get(IndexingService).indexRepository({ path: root, repositoryId: 'shop' }, alice);
}, 120_000);

afterAll(async () => {
  await moduleRef.close();
  await driver.close();
  rmSync(output, { recursive: true, force: true });
  rmSync(knowledgeStore, { recursive: true, force: true });
});

async function refusal(call: Promise<unknown>): Promise<{ code: string; seed: string | undefined }> {
  const error = (await call.then(
    () => null,
    (reason: unknown) => reason,
  )) as LoreError | null;
  if (error === null) throw new Error('expected a refusal');
  return { code: error.code, seed: (error.details?.seedError as { code: string } | undefined)?.code };
}

describe('documentation sessions in Neo4j', () => {
  it('belong to their creator: another principal of the tenant gets SESSION_NOT_FOUND, and sees none listed', async () => {
    const started = await sessions.fullDocumentation({ workspace_id: 'shop' }, alice);
    expect((await sessions.getDocumentationStatus({ session_id: started.session_id }, alice)).status).toBe('awaiting_groupings');
    expect(await refusal(sessions.getDocumentationStatus({ session_id: started.session_id }, bob))).toEqual({
      code: 'not_found',
      seed: 'SESSION_NOT_FOUND',
    });
    const now = new Date().toISOString();
    expect((await store.list(alice, now)).map((session) => session.sessionId)).toContain(started.session_id);
    expect(await store.list(bob, now)).toEqual([]);
  });

  it('refuses a save made from a version another call saved meanwhile, writing nothing', async () => {
    const started = await sessions.createDocumentation(
      { workspace_id: 'shop', module_name: 'pricing', file_paths: ['src/price.ts'] },
      alice,
    );
    const read = (await store.get(alice, started.session_id, new Date().toISOString()))!;
    expect(read).toMatchObject({ state: 'started', version: 1 });
    const changes = {
      state: 'started',
      machine: read.machine,
      toolMachine: read.toolMachine,
      updatedAt: read.updatedAt,
      expiresAt: read.expiresAt,
    };
    expect(await store.save(alice, started.session_id, 1, changes)).toBe(true);
    expect(await store.save(alice, started.session_id, 1, { ...changes, state: 'processing' })).toBe(false);
    expect(await store.get(alice, started.session_id, new Date().toISOString())).toMatchObject({ state: 'started', version: 2 });
  });

  it('persists the tool machine with the history of the calls', async () => {
    const started = await sessions.createDocumentation(
      { workspace_id: 'shop', module_name: 'pricing', file_paths: ['src/price.ts'] },
      alice,
    );
    await sessions.analyzeFileCallback(
      {
        session_id: started.session_id,
        file_path: 'src/price.ts',
        analysis: { summary: 'Prices.', documentation: '`price` is exported.' },
      },
      alice,
    );
    const stored = (await store.get(alice, started.session_id, new Date().toISOString()))!;
    const tool = JSON.parse(stored.toolMachine) as { value: string; context: { sessionId: string; history: { tool: string }[] } };
    expect(tool.value).toBe('succeeded');
    expect(tool.context.sessionId).toBe(started.session_id);
    expect(tool.context.history.map((entry) => entry.tool)).toEqual(['create_documentation', 'analyze_file_callback']);
    expect(stored.state).toBe('completed');
    expect((await sessions.getDocumentationStatus({ session_id: started.session_id }, alice)).quality_metrics.claims).toEqual({
      supported: 1,
      contradicted: 0,
      unknown: 0,
    });
  });

  it('writes the documentation into the project knowledge with knowledge_store: a document per module, a chapter per file, one commit', async () => {
    const started = await sessions.createDocumentation(
      { workspace_id: 'shop', module_name: 'Pricing rules', file_paths: ['src/price.ts'], knowledge_store: true },
      alice,
    );
    await sessions.analyzeFileCallback(
      {
        session_id: started.session_id,
        file_path: 'src/price.ts',
        analysis: { summary: 'Prices an order.', documentation: '`price` returns the total it is given.', keywords: ['price', 'total'] },
      },
      alice,
    );
    const status = await sessions.getDocumentationStatus({ session_id: started.session_id }, alice);
    const git = (...args: string[]) => execFileSync('git', ['-C', knowledgeStore, ...args], { encoding: 'utf8' }).trim();
    expect(status.knowledge).toEqual({ project_id: 'shop', files: ['pricing-rules.md'], commit: git('rev-parse', 'HEAD') });
    expect(status.quality_metrics.total_memories_created).toBe(1);
    expect(git('log', '--format=%s|%an <%ae>')).toBe(
      'Update knowledge for shop: Created pricing-rules.md|Knowledge MCP Server <knowledge-mcp@localhost>',
    );
    const written = readFileSync(join(knowledgeStore, 'tenants/sessions/projects/shop/pricing-rules.md'), 'utf8');
    expect(written.replace(/^updated: .*$/m, 'updated: (when)')).toBe(
      [
        '---',
        'title: Pricing rules',
        'keywords: [price, total]',
        'updated: (when)',
        '---',
        '',
        'The Pricing rules module of shop, documented file by file by a documentation session.',
        '',
        '## src/price.ts',
        'Prices an order.',
        '',
        '`price` returns the total it is given.',
        '',
      ].join('\n'),
    );
  });

  it('refuses knowledge_store to a caller without knowledge:write, starting no session', async () => {
    const reader: Principal = { ...localPrincipal('sessions', 'dave'), permissions: ['read'] };
    expect(
      await refusal(
        sessions.createDocumentation(
          { workspace_id: 'shop', module_name: 'pricing', file_paths: ['src/price.ts'], knowledge_store: true },
          reader,
        ),
      ),
    ).toEqual({ code: 'permission_denied', seed: undefined });
    expect(await refusal(sessions.fullDocumentation({ workspace_id: 'shop', knowledge_store: true }, reader))).toEqual({
      code: 'permission_denied',
      seed: undefined,
    });
    expect(await store.list(reader, new Date().toISOString())).toEqual([]);
  });

  it("lists the caller's sessions and clears one, never another principal's", async () => {
    const carol: Principal = localPrincipal('sessions', 'carol');
    const first = await sessions.fullDocumentation({ workspace_id: 'shop' }, carol);
    const second = await sessions.createDocumentation(
      { workspace_id: 'shop', module_name: 'pricing', file_paths: ['src/price.ts'] },
      carol,
    );
    const listed = await sessions.listDocumentationSessions({}, carol);
    expect(listed.session_ids).toEqual([second.session_id, first.session_id]);
    expect(listed.sessions.map((session) => [session.session_id, session.repositoryId, session.status])).toEqual([
      [second.session_id, 'shop', 'started'],
      [first.session_id, 'shop', 'awaiting_groupings'],
    ]);
    expect(await refusal(sessions.clearDocumentationSession({ session_id: first.session_id }, bob))).toEqual({
      code: 'not_found',
      seed: 'SESSION_NOT_FOUND',
    });
    expect(await sessions.clearDocumentationSession({ session_id: first.session_id }, carol)).toEqual({
      session_id: first.session_id,
      cleared: true,
    });
    expect((await sessions.listDocumentationSessions({}, carol)).session_ids).toEqual([second.session_id]);
    expect(await refusal(sessions.getDocumentationStatus({ session_id: first.session_id }, carol))).toEqual({
      code: 'not_found',
      seed: 'SESSION_NOT_FOUND',
    });
    expect(await refusal(sessions.clearDocumentationSession({}, carol))).toEqual({ code: 'invalid_input', seed: 'MISSING_PARAMETER' });
  });

  it('forgets a session left idle past LORE_DOC_SESSION_IDLE_TIMEOUT', async () => {
    const started = await sessions.fullDocumentation({ workspace_id: 'shop' }, alice);
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    expect(await refusal(sessions.getDocumentationStatus({ session_id: started.session_id }, alice))).toEqual({
      code: 'not_found',
      seed: 'SESSION_NOT_FOUND',
    });
  });
});
