import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { type FixtureRepository, gitFixture } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { cliJson, connectMcp } from './doors';

/**
 * The CodeDoc documentation session, walked with the official MCP SDK client: over stdio with the
 * analyze_file_request notifications, the `lore mcp` process replaced between the groupings and the
 * callbacks (the session is in Neo4j, not in the process); over HTTP by polling the pending requests,
 * a third file left unanswered past the callback timeout landing in failed_files; every bad input with
 * its CodeDoc code, changing nothing; and the session's status alike through MCP, REST and the CLI.
 */
const TENANT = 'doc-sessions-e2e';
const REPO = 'order-service';
const output = mkdtempSync(join(tmpdir(), 'lore-doc-sessions-'));
// stdio sessions wait the default 5 minutes for a callback; the HTTP server gives up after 8 seconds.
const env = { LORE_TENANT: TENANT, LORE_DOCS_OUTPUT_DIR: output };
const CALLBACK_TIMEOUT_MS = 8_000;
const httpEnv = { ...env, MCP_CALLBACK_TIMEOUT: String(CALLBACK_TIMEOUT_MS) };

let driver: Driver;
let fixture: FixtureRepository;
let server: RunningServer;
let http: Client;

interface StatefulAnswer {
  data: Record<string, unknown>;
  metadata: { tool: string; version: string; executionTime: number; timestamp: string };
  status: { success: boolean; code: number; message?: string };
  context: { sessionId?: string; relatedResults?: string[] };
}

interface SeedErrorAnswer {
  text: string;
  meta: { error: boolean; code: string; title: string; explanation: string; details: Record<string, unknown> };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<StatefulAnswer> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${(result.content as { text: string }[])[0]!.text}`);
  return result.structuredContent as unknown as StatefulAnswer;
}

async function refusal(client: Client, name: string, args: Record<string, unknown>): Promise<SeedErrorAnswer> {
  const result = await client.callTool({ name, arguments: args });
  expect({ name, args, isError: result.isError }).toEqual({ name, args, isError: true });
  expect(result.structuredContent).toBeUndefined();
  return { text: (result.content as { text: string }[])[0]!.text, meta: result._meta as SeedErrorAnswer['meta'] };
}

/** A stdio client that keeps every analyze_file_request it is sent. */
async function stdioClient(): Promise<{ client: Client; requests: Record<string, unknown>[] }> {
  const client = await connectMcp('stdio', server.url, env);
  const requests: Record<string, unknown>[] = [];
  client.fallbackNotificationHandler = async (notification) => {
    if (notification.method === 'analyze_file_request') requests.push(notification.params as Record<string, unknown>);
  };
  return { client, requests };
}

const analysis = (summary: string, documentation: string) => ({ summary, documentation, key_functions: [], keywords: ['orders'] });

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  fixture = gitFixture(REPO);
  expect((await cliJson(['index', fixture.path, '--name', REPO], env)).code).toBe(0);
  server = await startServer(httpEnv);
  await waitUntilReady(server.url);
  http = await connectMcp('http 2026-07-28', server.url, env);
}, 240_000);

afterAll(async () => {
  await http?.close();
  await server?.stop();
  await driver?.close();
  rmSync(output, { recursive: true, force: true });
});

describe('the documentation session over stdio, across a restart', () => {
  it('full_documentation → groupings → two analyze_file_request → (new process) two callbacks → completed, written and checked', async () => {
    const first = await stdioClient();
    const started = await call(first.client, 'full_documentation', { workspace_id: REPO });
    const sessionId = started.data.session_id as string;
    expect(started).toMatchObject({
      data: {
        status: 'awaiting_groupings',
        next_action: 'Call provide_thematic_groupings with organized file paths',
        workspace_path: fixture.path,
        repositoryId: REPO,
      },
      metadata: { tool: 'full_documentation', version: '1', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      status: { success: true, code: 200 },
      context: { sessionId, relatedResults: [] },
    });
    // The seed's proj-<uuid> workspace id names the same repository.
    const byWorkspaceId = await call(first.client, 'full_documentation', { workspace_id: started.data.workspace_id });
    expect(byWorkspaceId.data).toMatchObject({ status: 'awaiting_groupings', repositoryId: REPO });
    expect(started.data.workspace_id).toMatch(/^proj-[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);

    const grouped = await call(first.client, 'provide_thematic_groupings', {
      session_id: sessionId,
      groupings: [
        {
          theme: 'Pricing and validation',
          description: 'Rules an order passes.',
          file_paths: [join(fixture.path, 'src/pricing/discounts.ts'), 'src/validation/order-validator.ts'],
        },
      ],
    });
    expect(grouped.data).toMatchObject({ session_id: sessionId, status: 'processing', themes: 1, total_files: 2 });
    const requests = grouped.data.requests as { request_id: string; file_path: string }[];
    expect(requests.map((request) => request.file_path)).toEqual(['src/pricing/discounts.ts', 'src/validation/order-validator.ts']);
    expect(grouped.context.relatedResults).toEqual(requests.map((request) => request.request_id));
    await waitFor(() => first.requests.length === 2);
    expect(first.requests.map(({ session_id, request_id, file_path }) => ({ session_id, request_id, file_path }))).toEqual(
      requests.map((request) => ({ session_id: sessionId, ...request })),
    );
    const discountsPrompt = first.requests[0]!.prompt as string;
    expect(discountsPrompt).toContain('Analyse src/pricing/discounts.ts (repository order-service, theme "Pricing and validation")');
    expect(discountsPrompt).toContain('function applyDiscount (lines 9-12)');
    expect(discountsPrompt).toContain('called by: OrderService.placeOrder (src/services/order-service.ts)');
    expect(discountsPrompt).not.toContain('Math.round'); // the graph's view of the file, never the file
    const validatorPrompt = first.requests[1]!.prompt as string;
    expect(validatorPrompt).toContain('class OrderValidator (lines 7-25)');
    expect(validatorPrompt).toMatch(/Tests: .*order-validator\.spec\.ts/);
    await first.client.close();

    // Another `lore mcp` process continues the session where the first left it.
    const second = await stdioClient();
    const waiting = await call(second.client, 'get_documentation_status', { session_id: sessionId });
    expect(waiting.data).toMatchObject({
      status: 'processing',
      progress: { total_files: 2, processed_files: 0, failed_files: [] },
      pending_total: 2,
    });
    expect((waiting.data.pending_requests as { prompt: string }[]).map((request) => request.prompt)).toEqual([
      discountsPrompt,
      validatorPrompt,
    ]);

    const one = await call(second.client, 'analyze_file_callback', {
      session_id: sessionId,
      request_id: requests[0]!.request_id,
      file_path: join(fixture.path, 'src/pricing/discounts.ts'),
      analysis: analysis('Percentage discount codes.', '`applyDiscount` is called by `placeOrder`.'),
    });
    expect(one.data).toEqual({
      session_id: sessionId,
      file_path: join(fixture.path, 'src/pricing/discounts.ts'),
      status: 'completed',
      message: 'Analysis received and processed',
      session_status: 'processing',
      processed_files: 1,
      total_files: 2,
    });
    const two = await call(second.client, 'analyze_file_callback', {
      session_id: sessionId,
      file_path: 'src/validation/order-validator.ts',
      analysis: analysis('Business rules of an order.', '`OrderValidator.validate` is called by `applyDiscount`.'),
    });
    expect(two.data).toMatchObject({ session_status: 'completed', processed_files: 2, total_files: 2 });

    const done = await call(second.client, 'get_documentation_status', { session_id: sessionId });
    expect(done.data).toMatchObject({
      session_id: sessionId,
      status: 'completed',
      module_name: REPO,
      progress: { total_files: 2, processed_files: 2, failed_files: [] },
      documentation_path: join(output, sessionId),
      pending_requests: [],
      pending_total: 0,
    });
    // The code supports the first statement and contradicts the second (applyDiscount calls nothing of the validator).
    expect((done.data.quality_metrics as { claims: unknown }).claims).toEqual({ supported: 1, contradicted: 1, unknown: 0 });
    expect(done.data.quality_metrics).toMatchObject({ average_quality_score: 0.5, consensus_status: 'not_applicable' });
    expect(readFileSync(join(output, sessionId, 'pricing-and-validation.md'), 'utf8')).toBe(
      [
        '# Pricing and validation',
        '',
        'Rules an order passes.',
        '',
        '## `src/pricing/discounts.ts`',
        '',
        'Percentage discount codes.',
        '',
        '`applyDiscount` is called by `placeOrder`.',
        '',
        '## `src/validation/order-validator.ts`',
        '',
        'Business rules of an order.',
        '',
        '`OrderValidator.validate` is called by `applyDiscount`.',
        '',
      ].join('\n'),
    );

    // The same session through REST and the CLI: one answer.
    const rest = (await (await fetch(`${server.url}/api/v1/docs/sessions/${sessionId}`)).json()) as Record<string, unknown>;
    const cli = await cliJson(['docs-session', 'status', sessionId], env);
    expect(cli.code).toBe(0);
    for (const answer of [rest, cli.body]) expect(withoutExpiry(answer)).toEqual(withoutExpiry(done.data));
    await second.client.close();
  }, 120_000);
});

describe('the documentation session over HTTP, polled', () => {
  it('create_documentation → polled prompts → two callbacks; the third file, unanswered past the timeout, fails', async () => {
    const started = await call(http, 'create_documentation', {
      workspace_id: REPO,
      module_name: 'Orders',
      file_paths: ['src/pricing/discounts.ts', 'src/validation/order-validator.ts', 'src/domain/errors.ts'],
    });
    const sessionId = started.data.session_id as string;
    expect(started.data).toMatchObject({ status: 'started', total_files: 3, module_name: 'Orders', doc_type: 'module' });
    const polled = await call(http, 'get_documentation_status', { session_id: sessionId });
    const pending = polled.data.pending_requests as { request_id: string; file_path: string; prompt: string; requested_at: string }[];
    expect(pending.map((request) => request.file_path)).toEqual([
      'src/pricing/discounts.ts',
      'src/validation/order-validator.ts',
      'src/domain/errors.ts',
    ]);
    expect(pending[2]!.prompt).toContain('class ValidationError');
    for (const request of pending.slice(0, 2)) {
      await call(http, 'analyze_file_callback', {
        session_id: sessionId,
        request_id: request.request_id,
        file_path: request.file_path,
        analysis: analysis(`About ${request.file_path}.`, `Documents ${request.file_path}.`),
      });
    }
    expect((await call(http, 'get_documentation_status', { session_id: sessionId })).data).toMatchObject({
      status: 'processing',
      progress: { total_files: 3, processed_files: 2, failed_files: [] },
    });
    await new Promise((resolve) => setTimeout(resolve, Date.parse(pending[2]!.requested_at) + CALLBACK_TIMEOUT_MS + 300 - Date.now()));
    const done = await call(http, 'get_documentation_status', { session_id: sessionId });
    expect(done.data).toMatchObject({
      status: 'completed',
      progress: { total_files: 3, processed_files: 2, failed_files: ['src/domain/errors.ts'] },
      documentation_path: join(output, sessionId),
      pending_requests: [],
    });
    expect(existsSync(join(output, sessionId, 'orders.md'))).toBe(true);
    // A late answer is refused: its request failed.
    const late = await refusal(http, 'analyze_file_callback', {
      session_id: sessionId,
      file_path: 'src/domain/errors.ts',
      analysis: analysis('Errors.', 'Late.'),
    });
    expect(late.meta.code).toBe('INVALID_SESSION_STATE');
    expect(late.meta.details).toMatchObject({ current_state: 'completed', expected_state: 'started or processing' });
  }, 60_000);
});

describe('bad input', () => {
  it('answers each with its CodeDoc code and shape, changing nothing', async () => {
    const sessionId = (await call(http, 'full_documentation', { workspace_id: REPO })).data.session_id as string;
    const missing = await refusal(http, 'full_documentation', {});
    expect(missing.text).toBe("ERROR: Missing required parameter: workspace_id\n\nThe parameter 'workspace_id' is required.");
    expect(missing.meta).toMatchObject({
      error: true,
      code: 'MISSING_PARAMETER',
      title: 'Missing required parameter: workspace_id',
      details: { missing_param: 'workspace_id', required_type: 'string', example: { workspace_id: 'proj-123' } },
    });
    const unknownWorkspace = await refusal(http, 'full_documentation', { workspace_id: 'proj-invalid' });
    expect(unknownWorkspace.meta).toMatchObject({
      code: 'WORKSPACE_NOT_FOUND',
      details: { provided_id: 'proj-invalid', repositories: [REPO] },
    });
    expect(unknownWorkspace.meta.details.active_workspaces).toHaveLength(1);

    const groupings = (file_paths: string[], theme = 'orders') => ({ session_id: sessionId, groupings: [{ theme, file_paths }] });
    const cases: [string, Record<string, unknown>, string][] = [
      ['get_documentation_status', { session_id: 'ds_nope' }, 'SESSION_NOT_FOUND'],
      [
        'analyze_file_callback',
        { session_id: sessionId, file_path: 'src/pricing/discounts.ts', analysis: analysis('s', 'd') },
        'INVALID_SESSION_STATE',
      ],
      ['provide_thematic_groupings', groupings(['src/pricing/discounts.ts'], ' '), 'INVALID_GROUPING'],
      ['provide_thematic_groupings', groupings(['src/../../etc/passwd']), 'INVALID_GROUPING'],
      ['provide_thematic_groupings', groupings(['/etc/passwd']), 'INVALID_GROUPING'],
      ['provide_thematic_groupings', groupings(['src/missing.ts']), 'INVALID_GROUPING'],
      ['provide_thematic_groupings', { session_id: sessionId }, 'MISSING_PARAMETER'],
      [
        'provide_dependency_files',
        {
          session_id: sessionId,
          requesting_file: 'src/pricing/discounts.ts',
          dependencies: [{ file_path: 'src/domain/order.ts', dependency_type: 'inheritance' }],
        },
        'INVALID_DEPENDENCY_TYPE',
      ],
      [
        'create_documentation',
        { workspace_id: REPO, module_name: 'm', file_paths: Array.from({ length: 101 }, (_, index) => `src/f${index}.ts`) },
        'TOO_MANY_FILES',
      ],
      ['create_documentation', { workspace_id: REPO, module_name: 'm', file_paths: ['src/missing.ts'] }, 'FILE_NOT_FOUND'],
      [
        'analyze_file_callback',
        { session_id: sessionId, file_path: 'src/pricing/discounts.ts', analysis: { summary: 'no documentation' } },
        'INVALID_ANALYSIS',
      ],
      [
        'analyze_file_callback',
        { session_id: sessionId, file_path: 'src/pricing/discounts.ts', analysis: analysis('big', 'word '.repeat(30_000)) },
        'TOKEN_LIMIT_EXCEEDED',
      ],
    ];
    for (const [tool, args, code] of cases) {
      const answer = await refusal(http, tool, args);
      expect({ tool, code: answer.meta.code, text: answer.text.startsWith('ERROR: ') }).toEqual({ tool, code, text: true });
    }
    const tooBig = await refusal(http, 'analyze_file_callback', cases.at(-1)![1]);
    expect(tooBig.meta.details).toMatchObject({ limit: 25_000, content_size: expect.any(Number), estimated_tokens: expect.any(Number) });
    const wrongState = await refusal(http, 'analyze_file_callback', cases[1]![1]);
    expect(wrongState.meta.details).toMatchObject({ current_state: 'awaiting_groupings', expected_state: 'started or processing' });

    // Nothing changed: the session still awaits its groupings, with no file.
    expect((await call(http, 'get_documentation_status', { session_id: sessionId })).data).toMatchObject({
      status: 'awaiting_groupings',
      progress: { total_files: 0, processed_files: 0, failed_files: [] },
    });
    // Another tenant's principal does not see the session.
    const stranger = await connectMcp('stdio', server.url, { ...env, LORE_TENANT: 'another-tenant' });
    try {
      expect((await refusal(stranger, 'get_documentation_status', { session_id: sessionId })).meta.code).toBe('SESSION_NOT_FOUND');
    } finally {
      await stranger.close();
    }
  }, 60_000);
});

function withoutExpiry(status: Record<string, unknown>): Record<string, unknown> {
  const { expires_at: _expiresAt, ...rest } = status;
  return rest;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
