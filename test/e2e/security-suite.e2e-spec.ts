import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { GetMemoryResultSchema } from '@lore/domain/schemas/agent-memory';
import { GetCallersResultSchema } from '@lore/domain/schemas/callers';
import { FileSpanSchema } from '@lore/domain/schemas/files';
import { SearchCodeResultSchema } from '@lore/domain/schemas/search';
import { ProjectStructureSchema } from '@lore/domain/schemas/structure';
import { GetSymbolResultSchema } from '@lore/domain/schemas/symbols';
import { type FixtureRepository, gitFixture, gitIn } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { type RunningServer, runCli, startServer, waitUntilReady } from '../support/processes';
import {
  type Capability,
  type Doors,
  type McpDoor,
  askEveryDoor,
  cliJson,
  connectMcp,
  graphql,
  restJson,
  selectionOf,
  toolErrorAnswer,
} from './doors';

/**
 * The security suite of docs/specification.md, through every door (REST, GraphQL, MCP over HTTP and
 * stdio, the CLI): path traversal blocked, blocked secret files unavailable, tenant isolation (a
 * server of tenant B asking for tenant A's repository by name, uid, URI, GraphQL id and search
 * filter), model-supplied principals ignored, huge output truncated. Tenant A serves order-service
 * with a .env, a private key and a token in a source file; tenant B serves order-contracts, from the
 * same Neo4j. Last, with API keys (`lore keys create`), a key of tenant A limited to order-service
 * and a tool profile asks the HTTP doors for billing-service, indexed beside it (the CLI and MCP over
 * stdio run as the local user, who sees the whole tenant: libs/knowledge/src/access.integration.spec.ts
 * asks the services with limited principals).
 */
const TENANT_A = 'sec-a';
const TENANT_B = 'sec-b';
const REPO_A = 'order-service';
const REPO_B = 'order-contracts';
// Made at run time, so that no scanner of this repository mistakes the test for a leak.
const TOKEN = ['ghp', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('_');
// One project knowledge store for both tenants, as on a shared server.
const KNOWLEDGE_STORE = join(mkdtempSync(join(tmpdir(), 'lore-sec-knowledge-')), 'km');
const envA = { LORE_TENANT: TENANT_A, LORE_MCP_MAX_TOKENS: '1200', KNOWLEDGE_MCP_HOME: KNOWLEDGE_STORE };
const envB = { LORE_TENANT: TENANT_B, KNOWLEDGE_MCP_HOME: KNOWLEDGE_STORE };
const MCP_DOORS: McpDoor[] = ['stdio', 'http 2026-07-28'];

let driver: Driver;
let fixtureA: FixtureRepository;
let fixtureB: FixtureRepository;
let serverA: RunningServer;
let serverB: RunningServer;
const mcpA = new Map<McpDoor, Client>();
const mcpB = new Map<McpDoor, Client>();
const doorsA = (): Doors => ({ url: serverA.url, env: envA, mcp: mcpA });
const doorsB = (): Doors => ({ url: serverB.url, env: envB, mcp: mcpB });

const FILE_SPAN: Capability = {
  tool: 'get_file_span',
  graphqlField: 'resource',
  graphqlInput: 'GetFileSpanInput',
  result: FileSpanSchema,
  restPath: '/api/v1/spans',
  cli: [],
};
const GET_SYMBOL: Capability = {
  tool: 'get_symbol',
  graphqlField: 'symbol',
  graphqlInput: 'GetSymbolInput',
  result: GetSymbolResultSchema,
  restPath: '/api/v1/symbols',
  cli: [],
};
const GET_CALLERS: Capability = {
  tool: 'get_callers',
  graphqlField: 'callers',
  graphqlInput: 'GetCallersInput',
  result: GetCallersResultSchema,
  restPath: '/api/v1/callers',
  cli: [],
};
const SEARCH: Capability = {
  tool: 'search_code',
  graphqlField: 'searchCode',
  graphqlInput: 'SearchCodeInput',
  result: SearchCodeResultSchema,
  restPath: '/api/v1/search',
  cli: [],
};
const GET_MEMORY: Capability = {
  tool: 'get_memory',
  graphqlField: 'memory',
  graphqlInput: 'GetMemoryInput',
  result: GetMemoryResultSchema,
  restPath: '/api/v1/memory',
  cli: [],
};
const STRUCTURE: Capability = {
  tool: 'get_project_structure',
  graphqlField: 'projectStructure',
  graphqlInput: 'GetProjectStructureInput',
  result: ProjectStructureSchema,
  restPath: '/api/v1/structure',
  cli: [],
};

/** The same error code from every door of `doors`. */
const everyDoor = (doors: Doors, value: unknown): Record<string, unknown> =>
  Object.fromEntries(['rest', 'graphql', ...[...doors.mcp.keys()].map((door) => `mcp ${door}`), 'cli'].map((door) => [door, value]));

const ask = (doors: Doors, capability: Capability, input: Record<string, unknown>, query: string, cli: string[]) =>
  askEveryDoor(doors, { ...capability, cli }, input, query);

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  fixtureA = gitFixture(REPO_A);
  writeFileSync(join(fixtureA.path, '.env'), `DATABASE_PASSWORD=hunter2-very-secret\nGITHUB_TOKEN=${TOKEN}\n`);
  mkdirSync(join(fixtureA.path, 'deploy'));
  writeFileSync(
    join(fixtureA.path, 'deploy', 'id_rsa'),
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n',
  );
  writeFileSync(
    join(fixtureA.path, 'src', 'settings.ts'),
    `// Deploy settings.\nexport const githubToken = '${TOKEN}';\nexport const retries = 3;\n`,
  );
  gitIn(fixtureA.path, ['add', '-A']);
  gitIn(fixtureA.path, ['commit', '-q', '-m', 'settings']);
  fixtureA = { path: fixtureA.path, commitSha: gitIn(fixtureA.path, ['rev-parse', 'HEAD']).trim() };
  fixtureB = gitFixture(REPO_B);
  expect((await cliJson(['index', fixtureA.path, '--name', REPO_A], envA)).code).toBe(0);
  expect((await cliJson(['index', fixtureB.path, '--name', REPO_B], envB)).code).toBe(0);
  [serverA, serverB] = await Promise.all([startServer(envA), startServer(envB)]);
  await Promise.all([waitUntilReady(serverA.url), waitUntilReady(serverB.url)]);
  for (const door of MCP_DOORS) {
    mcpA.set(door, await connectMcp(door, serverA.url, envA));
    mcpB.set(door, await connectMcp(door, serverB.url, envB));
  }
}, 240_000);

afterAll(async () => {
  for (const client of [...mcpA.values(), ...mcpB.values()]) await client.close();
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  await driver?.close();
});

describe('path traversal is blocked', () => {
  const uriA = (path: string) => `code://${REPO_A}/${fixtureA.commitSha}/${path}`;

  it.each([
    ['../../etc/passwd'],
    ['src/../../../etc/passwd'],
    ['%2e%2e/%2e%2e/etc/passwd'],
    ['src%2F..%2F..%2Fetc%2Fpasswd'],
    ['/etc/passwd'],
    ['src/..%5C..%5Cetc%5Cpasswd'],
    ['src/%00/passwd'],
  ])('code://…/%s is invalid_input on every door', async (path) => {
    const uri = uriA(path);
    const answers = await ask(doorsA(), FILE_SPAN, { uri }, `uri=${encodeURIComponent(uri)}`, ['read', uri]);
    expect(answers).toEqual(everyDoor(doorsA(), { error: 'invalid_input' }));
    for (const client of mcpA.values()) await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602 });
  });

  it('answers a repository part that climbs out as a repository that is not indexed, and lines past the end as invalid_input', async () => {
    const climbing = `code://..%2F..%2Fetc/${fixtureA.commitSha}/passwd`;
    expect(await ask(doorsA(), FILE_SPAN, { uri: climbing }, `uri=${encodeURIComponent(climbing)}`, ['read', climbing])).toEqual(
      everyDoor(doorsA(), { error: 'not_found' }),
    );
    const past = `${uriA('src/services/order-service.ts')}#L9000-L9001`;
    expect(await ask(doorsA(), FILE_SPAN, { uri: past }, `uri=${encodeURIComponent(past)}`, ['read', past])).toEqual(
      everyDoor(doorsA(), { error: 'invalid_input' }),
    );
  });
});

describe('blocked secret files are unavailable, and secrets in code are redacted', () => {
  it.each([['.env'], ['deploy/id_rsa']])('%s is sensitive_content_blocked on every door', async (path) => {
    const uri = `code://${REPO_A}/${fixtureA.commitSha}/${path}`;
    const answers = await ask(doorsA(), FILE_SPAN, { uri }, `uri=${encodeURIComponent(uri)}`, ['read', uri]);
    expect(answers).toEqual(everyDoor(doorsA(), { error: 'sensitive_content_blocked' }));
    for (const client of mcpA.values()) await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602 });
  });

  it('serves a source file with its token redacted, the same on every door', async () => {
    const uri = `code://${REPO_A}/${fixtureA.commitSha}/src/settings.ts`;
    const answers = await ask(doorsA(), FILE_SPAN, { uri }, `uri=${encodeURIComponent(uri)}`, ['read', uri]);
    const text = "// Deploy settings.\nexport const githubToken = '[REDACTED:github]';\nexport const retries = 3;";
    for (const answer of Object.values(answers)) expect(answer).toMatchObject({ path: 'src/settings.ts', text, lineCount: 3 });
    expect(JSON.stringify(answers)).not.toContain(TOKEN);
  });

  it('never answers the secret to a search, and leaves the secret files out of resources/list', async () => {
    const answers = await ask(doorsA(), SEARCH, { query: 'githubToken' }, 'query=githubToken', ['search', 'githubToken']);
    expect(JSON.stringify(answers)).not.toContain(TOKEN);
    expect(JSON.stringify(answers)).not.toContain('hunter2');
    for (const client of mcpA.values()) {
      const uris = (await client.listResources()).resources.map((resource) => resource.uri);
      expect(uris).toContain(`code://${REPO_A}/${fixtureA.commitSha}/src/settings.ts`);
      expect(uris.filter((uri) => uri.endsWith('.env') || uri.endsWith('id_rsa'))).toEqual([]);
    }
  });
});

describe("tenant isolation: tenant B's server asked for tenant A's repository", () => {
  const placeOrderUid = `${TENANT_A}:${REPO_A}:src/services/order-service.ts#OrderService.placeOrder`;

  it('by uid: not_found on every door', async () => {
    expect(
      await ask(doorsB(), GET_SYMBOL, { uid: placeOrderUid }, `uid=${encodeURIComponent(placeOrderUid)}`, [
        'symbol',
        placeOrderUid,
        '--uid',
      ]),
    ).toEqual(everyDoor(doorsB(), { error: 'not_found' }));
    expect(
      await ask(doorsB(), GET_CALLERS, { uid: placeOrderUid }, `uid=${encodeURIComponent(placeOrderUid)}`, [
        'callers',
        placeOrderUid,
        '--uid',
      ]),
    ).toEqual(everyDoor(doorsB(), { error: 'not_found' }));
  });

  it('by name in that repository, and as a search filter: not_found on every door, as a repository that does not exist', async () => {
    const byName = (repo: string) =>
      ask(doorsB(), GET_SYMBOL, { name: 'OrderService', repositoryId: repo }, `name=OrderService&repositoryId=${repo}`, [
        'symbol',
        'OrderService',
        '--repo',
        repo,
      ]);
    expect(await byName(REPO_A)).toEqual(everyDoor(doorsB(), { error: 'not_found' }));
    const filtered = (repo: string) =>
      ask(doorsB(), SEARCH, { query: 'order', scope: { repositoryId: repo } }, `query=order&repositoryId=${repo}`, [
        'search',
        'order',
        '--repo',
        repo,
      ]);
    expect(await filtered(REPO_A)).toEqual(everyDoor(doorsB(), { error: 'not_found' }));
    expect(await filtered('nowhere')).toEqual(await filtered(REPO_A));
    expect(await ask(doorsB(), STRUCTURE, { repositoryId: REPO_A }, `repositoryId=${REPO_A}`, ['tree', REPO_A])).toEqual(
      everyDoor(doorsB(), { error: 'not_found' }),
    );
  });

  it('by resource URI: not_found on every door, and no resource of it listed or completed over MCP', async () => {
    const uri = `code://${REPO_A}/${fixtureA.commitSha}/src/services/order-service.ts#L1-L3`;
    expect(await ask(doorsB(), FILE_SPAN, { uri }, `uri=${encodeURIComponent(uri)}`, ['read', uri])).toEqual(
      everyDoor(doorsB(), { error: 'not_found' }),
    );
    for (const client of mcpB.values()) {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602 });
      const listed = (await client.listResources()).resources.map((resource) => resource.uri);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.filter((listedUri) => !listedUri.startsWith(`code://${REPO_B}/`))).toEqual([]);
      const ref = { type: 'ref/resource' as const, uri: 'code://{repo}/{commit}/{+path}' };
      expect((await client.complete({ ref, argument: { name: 'repo', value: 'order' } })).completion.values).toEqual([REPO_B]);
    }
  });

  it('by GraphQL id: absent from the repositories and their count, not_found by id, null by uid', async () => {
    const listing = await graphql(serverB.url, '{ repositories(first: 50) { totalCount nodes { id } } }', {});
    expect(listing.data).toEqual({ repositories: { totalCount: 1, nodes: [{ id: REPO_B }] } });
    const byId = await graphql(serverB.url, 'query($id: String!) { repository(id: $id) { id } }', { id: REPO_A });
    const absent = await graphql(serverB.url, 'query($id: String!) { repository(id: $id) { id } }', { id: 'nowhere' });
    expect(byId.errors![0]!.extensions.code).toBe('not_found');
    expect(byId.errors![0]!.message.replace(REPO_A, 'nowhere')).toBe(absent.errors![0]!.message);
    const symbol = await graphql(serverB.url, 'query($uid: String!) { symbolNode(uid: $uid) { uid } }', { uid: placeOrderUid });
    expect(symbol.errors![0]!.extensions.code).toBe('not_found');
  });

  it('answers a search with only its own tenant', async () => {
    const answers = await ask(doorsB(), SEARCH, { query: 'order placed', maxResults: 50 }, 'query=order%20placed&maxResults=50', [
      'search',
      'order placed',
      '--limit',
      '50',
    ]);
    for (const answer of Object.values(answers)) {
      const uids = (answer as { results: { uid: string }[] }).results.map((hit) => hit.uid);
      expect(uids.length).toBeGreaterThan(0);
      expect(uids.filter((uid) => !uid.startsWith(`${TENANT_B}:${REPO_B}:`))).toEqual([]);
    }
  });

  it("answers tenant A's MCP continuation on tenant B's server as not_found", async () => {
    for (const door of MCP_DOORS) {
      const page = await mcpA.get(door)!.callTool({ name: 'search_code', arguments: { query: 'order', maxResults: 50 } });
      const continuation = (page.structuredContent as { continuation: string | null }).continuation;
      expect(continuation).not.toBeNull();
      const foreign = await mcpB.get(door)!.callTool({ name: 'search_code', arguments: { query: 'order', maxResults: 50, continuation } });
      expect(foreign.isError).toBe(true);
      expect(toolErrorAnswer(foreign).error.code).toBe('not_found');
    }
  });
});

describe("tenant isolation of project knowledge: tenant B's server asked for tenant A's project", () => {
  const knowledgeRest = async (url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/api/v1/knowledge/projects/${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** get_project_main of `project` through every door of `doors`: each answer, an error as its code. */
  const mainThroughEveryDoor = async (doors: Doors, project: string) => {
    const answers: Record<string, unknown> = {};
    answers.rest = (await knowledgeRest(doors.url, 'GET', `${project}/main`)).body;
    const gql = await graphql(doors.url, 'query($input: GetProjectMainInput!) { knowledgeMain(input: $input) { content exists } }', {
      input: { project_id: project },
    });
    answers.graphql = gql.errors ? { error: gql.errors[0]!.extensions.code } : gql.data!.knowledgeMain;
    for (const [door, client] of doors.mcp) {
      answers[`mcp ${door}`] = (await client.callTool({ name: 'get_project_main', arguments: { project_id: project } })).structuredContent;
    }
    answers.cli = (await cliJson(['knowledge', 'show', '--project', project], doors.env)).body;
    return answers;
  };

  beforeAll(async () => {
    expect((await knowledgeRest(serverA.url, 'PUT', 'shared/main', { content: "Tenant A's rules.\n" })).status).toBe(200);
    const created = await knowledgeRest(serverA.url, 'POST', 'shared/files', {
      filename: 'plan',
      title: 'Plan',
      introduction: 'A plan.',
      keywords: ['roadmap'],
      chapters: [{ title: 'Q1', summary: 'First quarter.', content: 'Launch.' }],
    });
    expect(created.status).toBe(201);
  });

  it("answers tenant A's project on tenant B's server as a project B does not have, on every door", async () => {
    expect(await mainThroughEveryDoor(doorsB(), 'shared')).toEqual(everyDoor(doorsB(), { content: '', exists: false }));
    expect(await mainThroughEveryDoor(doorsA(), 'shared')).toEqual(everyDoor(doorsA(), { content: "Tenant A's rules.\n", exists: true }));
    const search = await knowledgeRest(serverB.url, 'GET', 'shared/search?query=roadmap');
    expect({ status: search.status, jsonRpcCode: (search.body.details as { jsonRpcCode: number }).jsonRpcCode }).toEqual({
      status: 404,
      jsonRpcCode: -32001,
    });
    for (const client of mcpB.values()) {
      await expect(client.readResource({ uri: 'knowledge://projects/shared/files' })).rejects.toMatchObject({ code: -32001 });
      await expect(
        client.callTool({ name: 'search_knowledge', arguments: { project_id: 'shared', query: 'roadmap' } }),
      ).rejects.toMatchObject({
        code: -32001,
      });
    }
    const cli = await cliJson(['knowledge', 'search', 'roadmap', '--project', 'shared'], envB);
    expect({ code: cli.code, error: (cli.body.error as { code: string }).code }).toEqual({ code: 3, error: 'not_found' });
  });

  it("writes tenant B's project of the same name apart, never over tenant A's, and refuses a climb into A's", async () => {
    expect((await knowledgeRest(serverB.url, 'PUT', 'shared/main', { content: "Tenant B's rules.\n" })).status).toBe(200);
    expect(readFileSync(join(KNOWLEDGE_STORE, 'tenants', TENANT_B, 'projects', 'shared', 'main.md'), 'utf8')).toBe("Tenant B's rules.\n");
    expect(readFileSync(join(KNOWLEDGE_STORE, 'tenants', TENANT_A, 'projects', 'shared', 'main.md'), 'utf8')).toBe("Tenant A's rules.\n");
    for (const climb of [`..%2F..%2F${TENANT_A}%2Fprojects%2Fshared`, '..%2F..']) {
      const refused = await knowledgeRest(serverB.url, 'PUT', `${climb}/main`, { content: 'overwrite' });
      expect({
        climb,
        status: refused.status,
        jsonRpcCode: (refused.body.details as { jsonRpcCode: number } | undefined)?.jsonRpcCode,
      }).toEqual({
        climb,
        status: 400,
        jsonRpcCode: -32004,
      });
    }
    await expect(
      mcpB
        .get('stdio')!
        .callTool({ name: 'delete_knowledge_file', arguments: { project_id: `../../${TENANT_A}/projects/shared`, filename: 'plan.md' } }),
    ).rejects.toMatchObject({ code: -32004 });
    expect(existsSync(join(KNOWLEDGE_STORE, 'tenants', TENANT_A, 'projects', 'shared', 'plan.md'))).toBe(true);
    expect(readFileSync(join(KNOWLEDGE_STORE, 'tenants', TENANT_A, 'projects', 'shared', 'main.md'), 'utf8')).toBe("Tenant A's rules.\n");
  });
});

describe('a model-supplied principal, user or tenant is ignored: it never changes who is asking', () => {
  it('MCP: a principal, userId or tenantId argument is invalid_input (the schemas are strict), never another identity', async () => {
    for (const client of mcpB.values()) {
      for (const extra of [{ principal: { userId: 'admin' } }, { tenantId: TENANT_A }, { userId: 'admin' }]) {
        const result = await client.callTool({ name: 'search_code', arguments: { query: 'order', ...extra } });
        expect(result.isError).toBe(true);
        expect(toolErrorAnswer(result).error.code).toBe('invalid_input');
      }
    }
  });

  it('REST: a tenantId or principal parameter is invalid_input', async () => {
    for (const extra of [`tenantId=${TENANT_A}`, 'principal.userId=admin', 'userId=admin']) {
      const answer = await restJson(serverB.url, `/api/v1/search?query=order&${extra}`);
      expect([answer.status, answer.body.code]).toEqual([400, 'invalid_input']);
    }
  });

  it('GraphQL: a tenantId in the input is invalid_input; variables the query does not use change nothing', async () => {
    const query = 'query($input: SearchCodeInput!) { searchCode(input: $input) { results { uid } } }';
    const inInput = await graphql(serverB.url, query, { input: { query: 'order', tenantId: TENANT_A } });
    expect(inInput.errors![0]!.extensions.code).toBe('invalid_input');
    const own = await graphql(serverB.url, query, { input: { query: 'order' } });
    const besides = await graphql(serverB.url, query, { input: { query: 'order' }, tenantId: TENANT_A, principal: { userId: 'admin' } });
    expect(besides).toEqual(own);
    expect(JSON.stringify(own)).not.toContain(`${TENANT_A}:`);
  });

  it('CLI: no option names a tenant or a principal; the configured tenant is the only one', async () => {
    const result = await runCli(['search', 'order', '--tenant', TENANT_A, '--json'], envB);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--tenant'");
  });
});

describe('huge output is truncated or refused, never served whole', () => {
  it('MCP keeps an answer under its token budget and continues it', async () => {
    for (const client of mcpA.values()) {
      const page = await client.callTool({ name: 'search_code', arguments: { query: 'order', maxResults: 50 } });
      const answer = page.structuredContent as { status: string; metadata: { tokens: number; maxTokens: number }; continuation: string };
      expect(answer.status).toBe('truncated');
      expect(answer.metadata.maxTokens).toBe(1200);
      expect(answer.metadata.tokens).toBeLessThanOrEqual(1200);
      const next = await client.callTool({
        name: 'search_code',
        arguments: { query: 'order', maxResults: 50, continuation: answer.continuation },
      });
      expect(next.isError).toBeFalsy();
    }
  });

  it('serves at most maxLines of a file on every door, with the URI of the rest', async () => {
    const uri = `code://${REPO_A}/${fixtureA.commitSha}/src/services/order-service.ts`;
    const answers = await ask(doorsA(), FILE_SPAN, { uri, maxLines: 3 }, `uri=${encodeURIComponent(uri)}&maxLines=3`, [
      'read',
      uri,
      '--max-lines',
      '3',
    ]);
    for (const answer of Object.values(answers)) {
      expect(answer).toMatchObject({ startLine: 1, endLine: 3, truncated: true, nextUri: `${uri}#L4-L6` });
    }
  });

  it('refuses a request for more than the limits as invalid_input on every door', async () => {
    const uri = `code://${REPO_A}/${fixtureA.commitSha}/src/services/order-service.ts`;
    expect(
      await ask(doorsA(), FILE_SPAN, { uri, maxLines: 100_000 }, `uri=${encodeURIComponent(uri)}&maxLines=100000`, [
        'read',
        uri,
        '--max-lines',
        '100000',
      ]),
    ).toEqual(everyDoor(doorsA(), { error: 'invalid_input' }));
    expect(
      await ask(doorsA(), SEARCH, { query: 'order', maxResults: 10_000 }, 'query=order&maxResults=10000', [
        'search',
        'order',
        '--limit',
        '10000',
      ]),
    ).toEqual(everyDoor(doorsA(), { error: 'invalid_input' }));
    const page = await graphql(serverA.url, '{ repositories(first: 100000) { totalCount } }', {});
    expect(page.errors![0]!.extensions.code).toBe('invalid_input');
  });
});

describe('a key limited to one repository and a tool profile, on the HTTP doors (REST, GraphQL, MCP over HTTP)', () => {
  const HIDDEN = 'billing-service';
  let server: RunningServer;
  const keys = { all: '', orders: '', explorer: '', writer: '' };
  const clients = new Map<string, Client>();

  /** The same question on each HTTP door with a key, each answer as askEveryDoor gives it. */
  async function askWith(key: string, capability: Capability, input: Record<string, unknown>, query: string) {
    const headers = { authorization: `Bearer ${key}` };
    const rest = await fetch(`${server.url}${capability.restPath}?${query}`, { headers });
    const restBody = (await rest.json()) as Record<string, unknown>;
    const gql = (await (
      await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query Ask($input: ${capability.graphqlInput}!) { ${capability.graphqlField}(input: $input) ${selectionOf(capability.result)} }`,
          variables: { input },
        }),
      })
    ).json()) as { data?: Record<string, unknown>; errors?: { extensions: { code: string } }[] };
    // A tool the server does not serve this key is the protocol's error, not a tool result.
    const mcp = await clients
      .get(key)!
      .callTool({ name: capability.tool, arguments: input })
      .then(
        (result) => (result.isError ? { error: toolErrorAnswer(result).error.code } : (result.structuredContent as { data: unknown }).data),
        (error: { code: number }) => ({ error: `json-rpc ${error.code}` }),
      );
    return {
      rest: rest.status >= 400 ? { error: restBody.code } : restBody,
      graphql: gql.errors ? { error: gql.errors[0]!.extensions.code } : gql.data![capability.graphqlField],
      'mcp http': mcp,
    };
  }
  const httpDoors = (value: unknown) => ({ rest: value, graphql: value, 'mcp http': value });
  const graphqlWith = async (key: string, query: string, variables: Record<string, unknown> = {}) =>
    (await (
      await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as { data?: Record<string, unknown>; errors?: { message: string; extensions: { code: string } }[] };

  beforeAll(async () => {
    expect((await cliJson(['index', gitFixture(HIDDEN).path, '--name', HIDDEN], envA)).code).toBe(0);
    const create = async (args: string[]) => {
      const created = await cliJson(['keys', 'create', '--tenant', TENANT_A, ...args], envA);
      expect(created.code).toBe(0);
      return created.body.key as string;
    };
    keys.all = await create([]);
    keys.orders = await create(['--repos', REPO_A]);
    keys.explorer = await create(['--repos', REPO_A, '--profile', 'read_only_explorer']);
    keys.writer = await create(['--permissions', 'read,knowledge:write']);
    server = await startServer(envA);
    await waitUntilReady(server.url);
    for (const key of Object.values(keys)) {
      const client = new Client({ name: 'lore-e2e', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
      );
      clients.set(key, client);
    }
  }, 180_000);

  afterAll(async () => {
    for (const client of clients.values()) await client.close();
    await server?.stop();
    // Keys are server-wide: left behind, they would make later specs' servers require authentication.
    await wipeGraph(driver);
  });

  it('answers the hidden repository by name, uid, URI and search filter as one that does not exist', async () => {
    const uid = `${TENANT_A}:${HIDDEN}:billing/service.py#BillingService`;
    const questions: [Capability, (repo: string) => Record<string, unknown>, (repo: string) => string][] = [
      [GET_SYMBOL, (repo) => ({ name: 'BillingService', repositoryId: repo }), (repo) => `name=BillingService&repositoryId=${repo}`],
      [GET_SYMBOL, (repo) => ({ uid: uid.replace(HIDDEN, repo) }), (repo) => `uid=${encodeURIComponent(uid.replace(HIDDEN, repo))}`],
      [SEARCH, (repo) => ({ query: 'invoice', scope: { repositoryId: repo } }), (repo) => `query=invoice&repositoryId=${repo}`],
      [STRUCTURE, (repo) => ({ repositoryId: repo }), (repo) => `repositoryId=${repo}`],
      [
        FILE_SPAN,
        (repo) => ({ uri: `code://${repo}/HEAD/billing/service.py` }),
        (repo) => `uri=${encodeURIComponent(`code://${repo}/HEAD/billing/service.py`)}`,
      ],
    ];
    for (const [capability, input, query] of questions) {
      const hidden = await askWith(keys.orders, capability, input(HIDDEN), query(HIDDEN));
      expect(hidden).toEqual(httpDoors({ error: 'not_found' }));
      expect(await askWith(keys.orders, capability, input('nowhere'), query('nowhere'))).toEqual(hidden);
    }
    // The key of the whole tenant reads it.
    expect((await askWith(keys.all, STRUCTURE, { repositoryId: HIDDEN }, `repositoryId=${HIDDEN}`)).rest).toMatchObject({
      repositoryId: HIDDEN,
    });
  });

  it('leaves the hidden repository out of search results, GraphQL lists and counts, and MCP resources and completions', async () => {
    const answers = await askWith(keys.orders, SEARCH, { query: 'invoice order', maxResults: 50 }, 'query=invoice%20order&maxResults=50');
    for (const answer of Object.values(answers)) {
      const uids = (answer as { results: { uid: string }[] }).results.map((hit) => hit.uid);
      expect(uids.length).toBeGreaterThan(0);
      expect(uids.filter((hitUid) => !hitUid.startsWith(`${TENANT_A}:${REPO_A}:`))).toEqual([]);
    }
    const listed = '{ repositories(first: 50) { totalCount nodes { id } } }';
    expect((await graphqlWith(keys.orders, listed)).data).toEqual({ repositories: { totalCount: 1, nodes: [{ id: REPO_A }] } });
    expect((await graphqlWith(keys.all, listed)).data).toEqual({
      repositories: { totalCount: 2, nodes: [{ id: HIDDEN }, { id: REPO_A }] },
    });
    const byId = await graphqlWith(keys.orders, 'query($id: String!) { repository(id: $id) { id } }', { id: HIDDEN });
    expect(byId.errors![0]!.extensions.code).toBe('not_found');
    const client = clients.get(keys.orders)!;
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris.filter((uri) => !uri.startsWith(`code://${REPO_A}/`))).toEqual([]);
    const ref = { type: 'ref/resource' as const, uri: 'code://{repo}/{commit}/{+path}' };
    expect((await client.complete({ ref, argument: { name: 'repo', value: '' } })).completion.values).toEqual([REPO_A]);
  });

  it("answers another key's continuation and GraphQL cursor as not_found", async () => {
    const page = await clients.get(keys.all)!.callTool({ name: 'search_code', arguments: { query: 'order', maxResults: 50 } });
    const continuation = (page.structuredContent as { continuation: string | null }).continuation;
    expect(continuation).not.toBeNull();
    const foreign = await clients
      .get(keys.orders)!
      .callTool({ name: 'search_code', arguments: { query: 'order', maxResults: 50, continuation } });
    expect(toolErrorAnswer(foreign).error.code).toBe('not_found');
    const first = await graphqlWith(keys.all, '{ repositories(first: 1) { pageInfo { endCursor } } }');
    const after = (first.data!.repositories as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    const next = 'query($after: String) { repositories(first: 1, after: $after) { nodes { id } } }';
    expect((await graphqlWith(keys.all, next, { after })).data).toEqual({ repositories: { nodes: [{ id: REPO_A }] } });
    expect((await graphqlWith(keys.orders, next, { after })).errors![0]!.extensions.code).toBe('not_found');
  });

  it('writes project knowledge only with the knowledge:write permission, on every HTTP door', async () => {
    const put = (key: string, content: string) =>
      fetch(`${server.url}/api/v1/knowledge/projects/keyed/main`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
    const refused = await put(keys.all, 'read-only key\n');
    expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({
      status: 403,
      code: 'permission_denied',
    });
    const mutation = await graphqlWith(
      keys.all,
      'mutation($input: UpdateProjectMainInput!) { updateProjectMain(input: $input) { success } }',
      {
        input: { project_id: 'keyed', content: 'read-only key\n' },
      },
    );
    expect(mutation.errors![0]!.extensions.code).toBe('permission_denied');
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.all}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'update_project_main', arguments: { project_id: 'keyed', content: 'read-only key\n' } },
      }),
    });
    expect(mcp.status).toBe(403);
    expect(mcp.headers.get('www-authenticate')).toContain('scope="lore:knowledge:write"');
    expect(existsSync(join(KNOWLEDGE_STORE, 'tenants', TENANT_A, 'projects', 'keyed'))).toBe(false);
    expect((await put(keys.writer, 'writer key\n')).status).toBe(200);
    expect(readFileSync(join(KNOWLEDGE_STORE, 'tenants', TENANT_A, 'projects', 'keyed', 'main.md'), 'utf8')).toBe('writer key\n');
    const read = await fetch(`${server.url}/api/v1/knowledge/projects/keyed/main`, { headers: { authorization: `Bearer ${keys.all}` } });
    expect(await read.json()).toEqual({ content: 'writer key\n', exists: true });
  });

  it("proposes agent memory only with knowledge:write, and answers a hidden repository's memory as none", async () => {
    const headers = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
    const found = await fetch(`${server.url}/api/v1/symbols?name=BillingService&repositoryId=${HIDDEN}`, { headers: headers(keys.all) });
    const { symbol } = (await found.json()) as { symbol: { symbolUri: string } };
    const candidate = { repositoryId: HIDDEN, text: 'An invoice is issued once per order.', evidence: [symbol.symbolUri] };
    const propose = (key: string) =>
      fetch(`${server.url}/api/v1/memory`, { method: 'POST', headers: headers(key), body: JSON.stringify(candidate) });
    const refused = await propose(keys.all);
    expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({
      status: 403,
      code: 'permission_denied',
    });
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...headers(keys.all), accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_memory_candidate', arguments: candidate },
      }),
    });
    expect(mcp.status).toBe(403);
    expect(mcp.headers.get('www-authenticate')).toContain('scope="lore:knowledge:write"');
    const created = await propose(keys.writer);
    expect(created.status).toBe(201);
    const { memoryId } = (await created.json()) as { memoryId: string };
    const ask = (key: string) => askWith(key, GET_MEMORY, { memoryId, status: 'candidate' }, `memoryId=${memoryId}&status=candidate`);
    expect(await ask(keys.orders)).toEqual(httpDoors({ error: 'not_found' }));
    const answers = await ask(keys.all);
    expect(answers.rest).toMatchObject({ memories: [{ memoryId, repositoryId: HIDDEN, status: 'candidate' }] });
    expect(answers.graphql).toEqual(answers.rest);
    expect(answers['mcp http']).toEqual(answers.rest);
  });

  it("refuses a tool outside the key's profile on every HTTP door, and leaves it out of MCP's tools/list", async () => {
    const answers = await askWith(keys.explorer, GET_CALLERS, { name: 'OrderService.placeOrder' }, 'name=OrderService.placeOrder');
    expect(answers).toEqual({ ...httpDoors({ error: 'permission_denied' }), 'mcp http': { error: 'json-rpc -32602' } });
    const tools = (await clients.get(keys.explorer)!.listTools()).tools.map((tool) => tool.name).sort();
    expect(tools).toEqual(['get_documents', 'get_file_span', 'get_symbol', 'help', 'search_code']);
    // Listing resources reads the project structure, which this profile does not hold.
    await expect(clients.get(keys.explorer)!.listResources()).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('get_project_structure is not in the read_only_explorer tool profile'),
    });
    expect((await askWith(keys.explorer, SEARCH, { query: 'order' }, 'query=order')).rest).toMatchObject({
      trustBoundary: 'untrusted_repository_content',
    });
  });
});
