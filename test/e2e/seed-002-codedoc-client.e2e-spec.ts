import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { type JWTPayload, SignJWT } from 'jose';
import type { Driver } from 'neo4j-driver';
import { type FixtureRepository, gitFixture } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { cliJson } from './doors';
import { SEED_TRANSPORTS, callSeedTool, connectSeedServer, seedPayload } from './seed-clients';

/**
 * A client of the CodeDoc MCP handler (seed 002), written from the seed's text only: its eight tools
 * with their request fields, its integration test `TestMCPIntegration` ported line for line (reading
 * `resp1["session_id"]`, `"processing"`, `"completed"` at the top of each answer), the cases of its
 * `TestHandleFullDocumentation`, and the error codes its tools list, each in its ErrorResponse shape
 * (isError, "ERROR: <title>\n\n<explanation>", meta {error, title, explanation, details}). Run against
 * `lore mcp --as codedoc` and `/mcp/codedoc` on the order-service fixture.
 */
const TENANT = 'seed-002-e2e';
const WORKSPACE = 'order-service';
const output = mkdtempSync(join(tmpdir(), 'lore-seed-002-'));
const env = { LORE_TENANT: TENANT, LORE_DOCS_OUTPUT_DIR: output };
const SEED_TOOLS = [
  'full_documentation',
  'provide_thematic_groupings',
  'provide_dependency_files',
  'create_documentation',
  'analyze_file_callback',
  'get_project_structure',
  'verify_documentation',
  'get_documentation_status',
];

let driver: Driver;
let workspace: FixtureRepository & { ID: string };
let server: RunningServer;

/** The seed's createTestWorkspace: a repository Lore has indexed, named by its workspace id. */
async function createTestWorkspace(): Promise<FixtureRepository & { ID: string }> {
  const fixture = gitFixture(WORKSPACE);
  expect((await cliJson(['index', fixture.path, '--name', WORKSPACE], env)).code).toBe(0);
  return { ...fixture, ID: WORKSPACE };
}

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  workspace = await createTestWorkspace();
  // A second workspace, so that a path names its workspace as a CodeDoc client gives it (health-ts has no README.md).
  expect((await cliJson(['index', gitFixture('health-ts').path, '--name', 'health-ts'], env)).code).toBe(0);
  server = await startServer(env);
  await waitUntilReady(server.url);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await driver?.close();
  rmSync(output, { recursive: true, force: true });
});

describe.each(SEED_TRANSPORTS)('a CodeDoc client over %s', (transport) => {
  let client: Client;
  /** The seed's client.Call: the answer's fields, at the top. */
  const Call = (name: string, args: Record<string, unknown>) => seedPayload(client, name, args);

  beforeAll(async () => {
    client = await connectSeedServer(transport, 'codedoc', server.url, env);
  }, 60_000);
  afterAll(() => client?.close());

  it('lists exactly the seed’s eight tools, their fields marked required as the seed’s request schemas mark them', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...SEED_TOOLS].sort());
    const required = Object.fromEntries(tools.map((tool) => [tool.name, [...(tool.inputSchema.required ?? [])].sort()]));
    expect(required).toEqual({
      full_documentation: ['workspace_id'],
      provide_thematic_groupings: ['groupings', 'session_id'],
      provide_dependency_files: ['dependencies', 'requesting_file', 'session_id'],
      create_documentation: ['file_paths', 'module_name', 'workspace_id'],
      analyze_file_callback: ['analysis', 'file_path', 'session_id'],
      get_project_structure: ['workspace_path'],
      verify_documentation: ['code_paths', 'doc_path'],
      get_documentation_status: ['session_id'],
    });
  });

  it('TestMCPIntegration: full documentation flow', async () => {
    const files = [join(workspace.path, 'src/pricing/discounts.ts'), join(workspace.path, 'src/validation/order-validator.ts')];

    // Step 2: Start full documentation
    const resp1 = await Call('full_documentation', {
      workspace_id: workspace.ID,
    });

    const sessionID = resp1['session_id'] as string;
    expect(resp1['status']).toBe('awaiting_groupings');

    // Step 3: Provide groupings
    const resp2 = await Call('provide_thematic_groupings', {
      session_id: sessionID,
      groupings: [
        {
          theme: 'handlers',
          file_paths: files,
        },
      ],
    });
    expect(resp2['status']).toBe('processing');

    // Step 4: Simulate file analysis callbacks
    for (const file of files) {
      const answered = await Call('analyze_file_callback', {
        session_id: sessionID,
        file_path: file,
        analysis: {
          summary: 'Test file',
          documentation: '# Test Documentation',
        },
      });
      expect(answered).toMatchObject({
        session_id: sessionID,
        file_path: file,
        status: 'completed',
        message: 'Analysis received and processed',
      });
    }

    // Step 5: Check status
    const resp3 = await Call('get_documentation_status', {
      session_id: sessionID,
    });
    expect(resp3['status']).toBe('completed');
    expect(resp3).toMatchObject({ session_id: sessionID, progress: { total_files: 2, processed_files: 2, failed_files: [] } });
  });

  it('keeps Lore’s own fields (the requests sent, the repository) out of the payload, in _meta', async () => {
    const started = await callSeedTool(client, 'full_documentation', { workspace_id: workspace.ID });
    expect(Object.keys(started.payload).sort()).toEqual(
      ['hint', 'message', 'next_action', 'session_id', 'status', 'workspace_id', 'workspace_path'].sort(),
    );
    expect(started.meta['lore/repositoryId']).toBe(WORKSPACE);
    const grouped = await callSeedTool(client, 'provide_thematic_groupings', {
      session_id: started.payload['session_id'],
      groupings: [{ theme: 'entry', file_paths: ['src/index.ts'] }],
    });
    expect(Object.keys(grouped.payload).sort()).toEqual(['next_action', 'session_id', 'status', 'themes', 'total_files']);
    expect(grouped.meta['lore/requests']).toEqual([{ request_id: expect.any(String), file_path: 'src/index.ts' }]);
    const status = await callSeedTool(client, 'get_documentation_status', { session_id: started.payload['session_id'] });
    expect(status.payload).not.toHaveProperty('pending_requests');
    expect(status.payload).not.toHaveProperty('repositoryId');
    expect(status.meta).toMatchObject({ 'lore/pendingTotal': 1, 'lore/repositoryId': WORKSPACE });
    // The tools/list output schemas say the same: no Lore field in the payload.
    const tools = (await client.listTools()).tools;
    const properties = (name: string) => Object.keys(tools.find((tool) => tool.name === name)!.outputSchema!.properties!);
    expect(properties('full_documentation')).not.toContain('repositoryId');
    expect(properties('provide_thematic_groupings')).not.toContain('requests');
  });

  it('TestHandleFullDocumentation: missing workspace_id, workspace not found', async () => {
    const missing = await callSeedTool(client, 'full_documentation', {});
    expect(missing.isError).toBe(true);
    expect(missing.meta['title']).toBe('Missing required parameter: workspace_id');
    expect(missing.text).toBe(`ERROR: ${missing.meta['title'] as string}\n\n${missing.meta['explanation'] as string}`);

    const notFound = await callSeedTool(client, 'full_documentation', { workspace_id: 'proj-invalid' });
    expect(notFound.isError).toBe(true);
    expect(notFound.meta).toMatchObject({ error: true, code: 'WORKSPACE_NOT_FOUND' });
    expect(notFound.meta['details']).toHaveProperty('active_workspaces');
  });

  it('answers each tool’s listed error codes in the ErrorResponse shape, calls out of order included', async () => {
    const codeOf = async (name: string, args: Record<string, unknown>) => {
      const answer = await callSeedTool(client, name, args);
      expect({ name, isError: answer.isError, error: answer.meta['error'] }).toEqual({ name, isError: true, error: true });
      return answer.meta['code'];
    };
    expect(await codeOf('provide_thematic_groupings', { session_id: 'ds_missing', groupings: [] })).toBe('SESSION_NOT_FOUND');
    expect(await codeOf('get_documentation_status', { session_id: 'ds_missing' })).toBe('SESSION_NOT_FOUND');
    const started = await Call('full_documentation', { workspace_id: workspace.ID });
    const session_id = started['session_id'] as string;
    expect(await codeOf('provide_thematic_groupings', { session_id, groupings: [{ theme: '', file_paths: [] }] })).toBe('INVALID_GROUPING');
    await Call('provide_thematic_groupings', { session_id, groupings: [{ theme: 'entry', file_paths: ['src/index.ts'] }] });
    // An analysis without its required documentation.
    expect(await codeOf('analyze_file_callback', { session_id, file_path: 'src/index.ts', analysis: { summary: 'x' } })).toBe(
      'INVALID_ANALYSIS',
    );
    // Out of order: the session no longer awaits groupings.
    expect(await codeOf('provide_thematic_groupings', { session_id, groupings: [{ theme: 'again', file_paths: ['src/index.ts'] }] })).toBe(
      'INVALID_SESSION_STATE',
    );
    expect(
      await codeOf('provide_dependency_files', {
        session_id,
        requesting_file: 'src/index.ts',
        dependencies: [{ file_path: 'src/domain/order.ts', dependency_type: 'inheritance' }],
      }),
    ).toBe('INVALID_DEPENDENCY_TYPE');
    expect(await codeOf('create_documentation', { workspace_id: workspace.ID, module_name: 'orders' })).toBe('MISSING_PARAMETER');
    expect(await codeOf('get_project_structure', { workspace_path: '/nowhere/indexed' })).toBe('PATH_NOT_FOUND');
    // Nothing changed: the session still has its one file waiting.
    expect(await Call('get_documentation_status', { session_id })).toMatchObject({
      status: 'processing',
      progress: { total_files: 1, processed_files: 0 },
    });
    await expect(client.callTool({ name: 'analyze_repository', arguments: { root: workspace.path } })).rejects.toThrow(
      /analyze_repository/,
    );
  });

  it('get_project_structure and verify_documentation answer the seed’s response fields at the top', async () => {
    const structure = await Call('get_project_structure', { workspace_path: workspace.path, max_depth: 10 });
    expect(structure['workspace_id']).toEqual(expect.any(String));
    const { directories, files } = structure['structure'] as { directories: string[]; files: { path: string; extension: string }[] };
    expect(directories).toEqual(expect.arrayContaining(['src', 'src/pricing', 'test']));
    expect(files.map((file) => file.path)).toContain('src/pricing/discounts.ts');
    expect(structure['summary']).toMatchObject({ total_files: files.length, total_directories: directories.length });

    const report = await Call('verify_documentation', { doc_path: 'README.md', code_paths: ['src'], verification_depth: 'deep' });
    expect(report['report_id']).toEqual(expect.any(String));
    const findings = report['findings'] as { severity: string; doc_statement: string }[];
    expect(report['summary']).toMatchObject({ total_findings: findings.length });
    expect(report['summary']).toHaveProperty('accuracy_score');
  });

  it('verify_documentation takes the seed’s paths: absolute inside a workspace, or relative when one workspace holds the document', async () => {
    // Two workspaces are indexed: the absolute path names its own, the relative one the only workspace with a README.md.
    const absolute = await Call('verify_documentation', {
      doc_path: join(workspace.path, 'README.md'),
      code_paths: [join(workspace.path, 'src')],
      verification_depth: 'shallow',
    });
    const relative = await Call('verify_documentation', { doc_path: 'README.md', code_paths: ['src'], verification_depth: 'shallow' });
    expect(absolute).toEqual(relative);
    expect(absolute).toMatchObject({ doc_path: 'README.md', summary: { total_findings: 0, errors: 0, warnings: 0, accuracy_score: 1 } });
    // A path outside every workspace, and a document no workspace holds: the seed's codes, nothing answered.
    const outside = await callSeedTool(client, 'verify_documentation', { doc_path: '/nowhere/README.md', code_paths: ['/nowhere/src'] });
    expect(outside).toMatchObject({ isError: true, meta: { error: true, code: 'INVALID_PARAMETER' } });
    const missing = await callSeedTool(client, 'verify_documentation', { doc_path: 'docs/absent.md', code_paths: ['src'] });
    expect(missing).toMatchObject({ isError: true, meta: { error: true, code: 'PATH_NOT_FOUND' } });
    expect(missing.text).toMatch(/^ERROR: /);
  });
});

/** A CodeDoc handler configured as the seed deploys it: MCP_AUTH_ENABLED with its X-API-Key header, and a token limit (MCP_TOKEN_LIMIT, here 500). */
describe('a CodeDoc server with authentication and a 500-token limit', () => {
  const limitedEnv = { ...env, MCP_AUTH_ENABLED: 'true', MCP_TOKEN_LIMIT: '500' };
  let limited: RunningServer;
  let key: { id: string; key: string };

  beforeAll(async () => {
    const created = await cliJson(['keys', 'create', '--tenant', TENANT, '--label', 'codedoc client'], env);
    expect(created.code).toBe(0);
    key = created.body as { id: string; key: string };
    limited = await startServer(limitedEnv);
    await waitUntilReady(limited.url);
  }, 120_000);

  afterAll(async () => {
    await limited?.stop();
    // Keys are server-wide: left behind, they would make later specs' servers require one.
    if (key) expect((await cliJson(['keys', 'revoke', key.id], env)).code).toBe(0);
  });

  it('answers a request without its key AUTH_REQUIRED, and with a wrong one INVALID_TOKEN, as the seed’s AuthError', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const post = (headers: Record<string, string>) =>
      fetch(`${limited.url}/mcp/codedoc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      });
    const without = await post({});
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ error: true, code: 'AUTH_REQUIRED', message: expect.any(String) });
    const wrong = await post({ 'X-API-Key': 'lore_not_a_key' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: true, code: 'INVALID_TOKEN', message: expect.any(String) });
  });

  describe.each(SEED_TRANSPORTS)('over %s, the key in X-API-Key', (transport) => {
    let client: Client;
    beforeAll(async () => {
      client = await connectSeedServer(transport, 'codedoc', limited.url, limitedEnv, { 'X-API-Key': key.key });
    }, 60_000);
    afterAll(() => client?.close());

    it('cuts an answer over the limit: _meta truncated, continuation_token and estimated_tokens; the token continues it', async () => {
      const first = await callSeedTool(client, 'get_project_structure', { workspace_path: workspace.path, max_depth: 10 });
      expect(first.isError).toBe(false);
      expect(first.meta).toMatchObject({ truncated: true, continuation_token: expect.any(String) });
      expect(first.meta['estimated_tokens'] as number).toBeGreaterThan(500);
      const firstFiles = (first.payload['structure'] as { files: { path: string }[] }).files.map((file) => file.path);
      const second = await callSeedTool(client, 'get_project_structure', {
        workspace_path: workspace.path,
        max_depth: 10,
        continuation: first.meta['continuation_token'],
      });
      expect(second.isError).toBe(false);
      const secondFiles = (second.payload['structure'] as { files: { path: string }[] }).files.map((file) => file.path);
      expect(secondFiles.length).toBeGreaterThan(0);
      expect(secondFiles.filter((path) => firstFiles.includes(path))).toEqual([]);
    });

    it('refuses a request over the limit on every tool with TOKEN_LIMIT_EXCEEDED {estimated_tokens, limit, content_size}, before it runs', async () => {
      const long = 'word '.repeat(600);
      for (const [name, args] of [
        ['verify_documentation', { doc_path: 'README.md', code_paths: ['src'], note: long }],
        ['get_project_structure', { workspace_path: workspace.path, include_patterns: [long] }],
        ['full_documentation', { workspace_id: long }],
        ['get_documentation_status', { session_id: long }],
      ] as const) {
        const refused = await callSeedTool(client, name, args);
        expect({ name, isError: refused.isError, code: refused.meta['code'] }).toEqual({
          name,
          isError: true,
          code: 'TOKEN_LIMIT_EXCEEDED',
        });
        expect(refused.meta['details']).toEqual({
          estimated_tokens: expect.any(Number),
          limit: 500,
          content_size: JSON.stringify(args).length,
          hint: expect.any(String),
        });
        expect((refused.meta['details'] as { estimated_tokens: number }).estimated_tokens).toBeGreaterThan(500);
      }
    });
  });
});

/**
 * The seed's deployment variables for its authentication and rate limiting middleware: a JWT signed
 * with MCP_JWT_SECRET, the API key in the header MCP_API_KEY_HEADER names, MCP_RATE_LIMIT_* (here a
 * burst of 3 and 1 a minute, so that the fourth call of a credential is refused).
 */
describe('a CodeDoc server deployed with MCP_JWT_SECRET, MCP_API_KEY_HEADER and MCP_RATE_LIMIT_*', () => {
  const SECRET = 'the codedoc deployment secret, 32+ chars';
  const seedEnv = {
    ...env,
    MCP_AUTH_ENABLED: 'true',
    MCP_JWT_SECRET: SECRET,
    MCP_API_KEY_HEADER: 'X-CodeDoc-Key',
    MCP_RATE_LIMIT_ENABLED: 'true',
    MCP_RATE_LIMIT_RPM: '1',
    MCP_RATE_LIMIT_BURST: '3',
  };
  const jwt = (claims: JWTPayload, secret = SECRET) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('10m').sign(new TextEncoder().encode(secret));
  const bearer = async (claims: JWTPayload) => ({ Authorization: `Bearer ${await jwt(claims)}` });
  const clients: Client[] = [];
  const connect = async (headers: Record<string, string>) => {
    const client = await connectSeedServer('http', 'codedoc', deployed.url, seedEnv, headers);
    clients.push(client);
    return client;
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${deployed.url}/mcp/codedoc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
  let deployed: RunningServer;
  let key: { id: string; key: string };

  beforeAll(async () => {
    const created = await cliJson(['keys', 'create', '--tenant', TENANT, '--label', 'codedoc header client'], env);
    expect(created.code).toBe(0);
    key = created.body as { id: string; key: string };
    deployed = await startServer(seedEnv);
    await waitUntilReady(deployed.url);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await deployed?.stop();
    if (key) expect((await cliJson(['keys', 'revoke', key.id], env)).code).toBe(0);
  });

  it('takes an HS256 JWT signed with MCP_JWT_SECRET; one signed with another secret is INVALID_TOKEN', async () => {
    const client = await connect(await bearer({ sub: 'codedoc-reader' }));
    const structure = await seedPayload(client, 'get_project_structure', { workspace_path: workspace.path, max_depth: 1 });
    expect(structure['structure']).toMatchObject({ directories: ['src', 'test'] });
    const forged = await post({ Authorization: `Bearer ${await jwt({ sub: 'codedoc-reader' }, 'another secret of thirty-two bytes!!')}` });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      error: true,
      code: 'INVALID_TOKEN',
      message: "The token's signature does not verify with MCP_JWT_SECRET.",
    });
  });

  it('reads the API key from the header MCP_API_KEY_HEADER names, and no longer from X-API-Key', async () => {
    const inTheSeedDefault = await post({ 'X-API-Key': key.key });
    expect(inTheSeedDefault.status).toBe(401);
    expect(await inTheSeedDefault.json()).toMatchObject({ error: true, code: 'AUTH_REQUIRED' });
    const client = await connect({ 'X-CodeDoc-Key': key.key });
    const missing = await callSeedTool(client, 'get_documentation_status', { session_id: 'ds_missing' });
    expect(missing).toMatchObject({ isError: true, meta: { error: true, code: 'SESSION_NOT_FOUND' } });
  });

  it('answers ACCESS_DENIED for what the credential may not do; a workspace it may not read is PATH_NOT_FOUND, as one that does not exist', async () => {
    // A token signed with the secret reads; knowledge_store writes project knowledge, which it may not.
    const reader = await connect(await bearer({ sub: 'codedoc-writer' }));
    const denied = await callSeedTool(reader, 'full_documentation', { workspace_id: workspace.ID, knowledge_store: true });
    expect(denied).toMatchObject({
      isError: true,
      text: 'ERROR: knowledge_store writes project knowledge, which needs the knowledge:write permission.\n\nStart the session without knowledge_store, or with a credential that holds knowledge:write.',
      meta: { error: true, code: 'ACCESS_DENIED' },
    });
    // Hidden equals absent (docs/security.md): a repository the token does not list answers as a path nothing was indexed from.
    const healthOnly = await connect(await bearer({ sub: 'health-only', lore_repositories: ['health-ts'] }));
    const hidden = await callSeedTool(healthOnly, 'get_project_structure', { workspace_path: workspace.path });
    const absent = await callSeedTool(healthOnly, 'get_project_structure', { workspace_path: '/nowhere/indexed' });
    expect([hidden.meta['code'], absent.meta['code']]).toEqual(['PATH_NOT_FOUND', 'PATH_NOT_FOUND']);
    expect(hidden.meta['details']).toEqual({ ...(absent.meta['details'] as object), workspace_path: workspace.path });
  });

  it('admits MCP_RATE_LIMIT_BURST calls of a credential at once, then answers the RateLimiter’s RATE_LIMIT_EXCEEDED', async () => {
    const client = await connect(await bearer({ sub: 'codedoc-busy' }));
    for (let call = 1; call <= 3; call++) {
      const admitted = await callSeedTool(client, 'get_documentation_status', { session_id: 'ds_missing' });
      expect({ call, code: admitted.meta['code'] }).toEqual({ call, code: 'SESSION_NOT_FOUND' });
    }
    const refused = await callSeedTool(client, 'get_documentation_status', { session_id: 'ds_missing' });
    expect(refused).toMatchObject({
      isError: true,
      text: 'Rate limit exceeded. Please retry later.',
      meta: { error: true, code: 'RATE_LIMIT_EXCEEDED', retry_after: expect.any(Number) },
    });
    // One a minute: the next call is at most a minute away.
    expect(refused.meta['retry_after'] as number).toBeGreaterThan(0);
    expect(refused.meta['retry_after'] as number).toBeLessThanOrEqual(60);
    // Another credential has its own bucket.
    const other = await connect(await bearer({ sub: 'codedoc-quiet' }));
    expect((await callSeedTool(other, 'get_documentation_status', { session_id: 'ds_missing' })).meta['code']).toBe('SESSION_NOT_FOUND');
  });
});
