import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { gitFixture } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { spawn } from 'node:child_process';
import { LORE_BIN, type RunningServer, freePort, startServer, waitUntilReady } from '../support/processes';
import { cliJson, toolErrorAnswer } from './doors';

/**
 * API keys as an admin makes them (`lore keys create` through the built CLI) and as callers present
 * them on each HTTP door: a valid key reads, no key, a revoked and an expired key get 401 with a
 * Bearer challenge, and a key limited to one repository does not see another one.
 */
const TENANT = 'e2e-keys';
const env = { LORE_TENANT: TENANT };
const STRUCTURE = (repositoryId: string): string => `/api/v1/structure?repositoryId=${repositoryId}&depth=1`;
const GRAPHQL_STRUCTURE =
  'query S($input: GetProjectStructureInput!) { projectStructure(input: $input) { summary { files lines symbols } } }';

let driver: Driver;
let server: RunningServer;
const keys: Record<'all' | 'orders' | 'revoked' | 'expired', string> = { all: '', orders: '', revoked: '', expired: '' };
let localStructure: Record<string, unknown>;

async function createKey(args: string[]): Promise<Record<string, unknown>> {
  const created = await cliJson(['keys', 'create', '--tenant', TENANT, ...args], env);
  expect(created.code).toBe(0);
  return created.body;
}

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  for (const repository of ['order-service', 'billing-service'])
    expect((await cliJson(['index', gitFixture(repository).path, '--name', repository], env)).code).toBe(0);
  localStructure = (await cliJson(['tree', 'order-service', '--depth', '1'], env)).body;
  keys.all = (await createKey(['--label', 'everything'])).key as string;
  keys.orders = (await createKey(['--repos', 'order-service', '--profile', 'read_only_explorer'])).key as string;
  const revoked = await createKey([]);
  keys.revoked = revoked.key as string;
  expect((await cliJson(['keys', 'revoke', revoked.id as string], env)).code).toBe(0);
  keys.expired = (await createKey(['--expires', '1s'])).key as string;
  // Keys exist, LORE_AUTH is unset: this loopback server requires them.
  server = await startServer(env);
  await waitUntilReady(server.url);
  await new Promise((resolve) => setTimeout(resolve, 1000));
}, 240_000);

afterAll(async () => {
  await server?.stop();
  // Keys are server-wide: left behind, they would make later specs' servers require authentication.
  await wipeGraph(driver);
  await driver?.close();
});

const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });

describe('lore keys', () => {
  it('prints the key once, at creation, and lists keys without it', async () => {
    const created = await createKey(['--repos', 'order-service,billing-service', '--permissions', 'read,index', '--expires', '30d']);
    expect(Object.keys(created).sort()).toEqual(
      [
        'bookmark',
        'createdAt',
        'expiresAt',
        'id',
        'key',
        'label',
        'permissions',
        'repositories',
        'revokedAt',
        'tenantId',
        'toolProfile',
      ].sort(),
    );
    expect(created).toMatchObject({
      tenantId: TENANT,
      repositories: ['order-service', 'billing-service'],
      permissions: ['read', 'index'],
      toolProfile: null,
      label: null,
      revokedAt: null,
    });
    expect(created.key).toMatch(new RegExp(`^lore_${created.id as string}_`));
    const listed = await cliJson(['keys', 'list', '--tenant', TENANT], env);
    expect(listed.code).toBe(0);
    const ids = (listed.body.keys as { id: string }[]).map((key) => key.id);
    expect(ids).toHaveLength(5);
    expect(ids).toContain(created.id);
    const text = JSON.stringify(listed.body);
    for (const key of [...Object.values(keys), created.key as string]) expect(text).not.toContain(key.split('_').slice(2).join('_'));
    await cliJson(['keys', 'revoke', created.id as string], env);
  });

  it('refuses bad input with invalid_input and an unknown key id with not_found', async () => {
    const bad = await cliJson(['keys', 'create', '--tenant', TENANT, '--permissions', 'write'], env);
    expect(bad.code).toBe(2);
    expect((bad.body.error as { code: string }).code).toBe('invalid_input');
    const unknown = await cliJson(['keys', 'revoke', '0123456789abcdef'], env);
    expect(unknown.code).toBe(3);
    expect((unknown.body.error as { code: string }).code).toBe('not_found');
  });
});

describe('REST and GraphQL with API keys', () => {
  it('answer a valid key as the local user would be answered', async () => {
    const rest = await fetch(`${server.url}${STRUCTURE('order-service')}`, { headers: bearer(keys.all) });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual(localStructure);
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(keys.all) },
      body: JSON.stringify({ query: GRAPHQL_STRUCTURE, variables: { input: { repositoryId: 'order-service' } } }),
    });
    expect(response.status).toBe(200);
    const summary = localStructure.summary as Record<string, unknown>;
    expect(await response.json()).toEqual({
      data: { projectStructure: { summary: { files: summary.files, lines: summary.lines, symbols: summary.symbols } } },
    });
  });

  it.each([
    ['no credential', {}, 'Bearer realm="lore"'],
    [
      'a revoked key',
      'revoked',
      'Bearer realm="lore", error="invalid_token", error_description="The API key is unknown, revoked or expired."',
    ],
    [
      'an expired key',
      'expired',
      'Bearer realm="lore", error="invalid_token", error_description="The API key is unknown, revoked or expired."',
    ],
    [
      'a forged key',
      'forged',
      'Bearer realm="lore", error="invalid_token", error_description="The API key is unknown, revoked or expired."',
    ],
  ])('answer %s with 401 and a Bearer challenge', async (_case, which, challenge) => {
    const headers =
      which === 'forged'
        ? bearer(`${keys.all.slice(0, 22)}${'x'.repeat(43)}`)
        : typeof which === 'string'
          ? bearer(keys[which as 'revoked'])
          : {};
    const rest = await fetch(`${server.url}${STRUCTURE('order-service')}`, { headers });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toBe(challenge);
    expect(await rest.json()).toMatchObject({ status: 401, code: 'permission_denied' });
    const gql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(gql.status).toBe(401);
    expect(gql.headers.get('www-authenticate')).toBe(challenge);
  });

  it('refuse a credential in the query string, never using it', async () => {
    const response = await fetch(`${server.url}${STRUCTURE('order-service')}&access_token=${keys.all}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answer not_found for a repository the key does not cover, exactly as for one that does not exist', async () => {
    // get_symbol: a tool of the key's read_only_explorer profile (get_project_structure is not; every door refuses it).
    const symbol = (repositoryId: string): string => `/api/v1/symbols?name=BillingService&repositoryId=${repositoryId}`;
    const hidden = await fetch(`${server.url}${symbol('billing-service')}`, { headers: bearer(keys.orders) });
    const missing = await fetch(`${server.url}${symbol('no-such-repo')}`, { headers: bearer(keys.orders) });
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    const [hiddenBody, missingBody] = [(await hidden.json()) as Record<string, unknown>, (await missing.json()) as Record<string, unknown>];
    expect(hiddenBody.code).toBe('not_found');
    expect(JSON.stringify(hiddenBody).replace(/billing-service/g, 'X')).toBe(JSON.stringify(missingBody).replace(/no-such-repo/g, 'X'));
    expect((await fetch(`${server.url}${STRUCTURE('billing-service')}`, { headers: bearer(keys.all) })).status).toBe(200);
    const gql = await graphqlWith(keys.orders, 'query S($input: GetSymbolInput!) { symbol(input: $input) { trustBoundary } }', {
      input: { name: 'BillingService', repositoryId: 'billing-service' },
    });
    expect(gql.errors?.[0]?.extensions.code).toBe('not_found');
    const outsideProfile = await graphqlWith(keys.orders, GRAPHQL_STRUCTURE, { input: { repositoryId: 'order-service' } });
    expect(outsideProfile.errors?.[0]?.extensions.code).toBe('permission_denied');
  });
});

describe('MCP over HTTP with API keys', () => {
  const connect = async (key: string): Promise<Client> => {
    const client = new Client({ name: 'lore-e2e-keys', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: bearer(key) } }));
    return client;
  };

  it('serves a valid key, in the tool profile of the key', async () => {
    const everything = await connect(keys.all);
    const limited = await connect(keys.orders);
    try {
      expect((await everything.listTools()).tools.map((tool) => tool.name)).toContain('get_callers');
      expect((await limited.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
        'get_documents',
        'get_file_span',
        'get_symbol',
        'help',
        'search_code',
      ]);
      const found = await everything.callTool({ name: 'get_symbol', arguments: { name: 'BillingService' } });
      expect(found.isError).toBeFalsy();
      expect((found.structuredContent as { data: { symbol: { repositoryId: string } } }).data.symbol.repositoryId).toBe('billing-service');
      const hidden = await limited.callTool({ name: 'get_symbol', arguments: { name: 'BillingService' } });
      expect(hidden.isError).toBe(true);
      expect(toolErrorAnswer(hidden).error.code).toBe('not_found');
    } finally {
      await everything.close();
      await limited.close();
    }
  });

  it.each([
    ['no credential', () => ({})],
    ['a revoked key', bearerOf('revoked')],
    ['an expired key', bearerOf('expired')],
  ])('answers %s with 401 and a Bearer challenge before the SDK sees the request', async (_case, headers) => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers() },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });
});

function bearerOf(which: 'revoked' | 'expired'): () => Record<string, string> {
  return () => bearer(keys[which]);
}

async function graphqlWith(
  key: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ errors?: { extensions: Record<string, unknown> }[] }> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(key) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as never;
}

describe('a server bound beyond loopback', () => {
  it('starts with --allow-remote once an API key exists, and requires it', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [LORE_BIN, 'serve', '--allow-remote'], {
      env: { ...process.env, ...env, LORE_HOST: '0.0.0.0', LORE_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      while (!(await fetch(`${url}/health`).catch(() => null))?.ok) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`lore serve did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await fetch(`${url}${STRUCTURE('order-service')}`)).status).toBe(401);
      expect((await fetch(`${url}${STRUCTURE('order-service')}`, { headers: bearer(keys.all) })).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      );
    }
  }, 90_000);
});
