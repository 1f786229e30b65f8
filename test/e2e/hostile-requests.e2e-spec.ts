import { request } from 'node:http';
import { type RunningServer, freePort, runCli, startServer } from '../support/processes';

/**
 * Requests a server on a developer's machine gets from places it should not trust: a page that
 * rebinds its name to 127.0.0.1, a browser on another site, a body too large to read; and a
 * configuration that would serve everyone's code to the network.
 */
describe('hostile requests, on every door', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LORE_MAX_BODY_BYTES: '65536', LORE_ALLOWED_HOSTS: 'lore.internal' });
  }, 120_000);
  afterAll(() => server.stop());

  const graphqlBody = JSON.stringify({ query: '{ __typename }' });
  const doors: [string, RequestInit & { path: string }][] = [
    ['REST', { path: '/api/v1/structure?repositoryId=none', method: 'GET' }],
    ['GraphQL', { path: '/graphql', method: 'POST', body: graphqlBody, headers: { 'content-type': 'application/json' } }],
    [
      'MCP',
      {
        path: '/mcp',
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
    ],
    ['explorer', { path: '/explorer', method: 'GET' }],
    ['health', { path: '/health', method: 'GET' }],
  ];

  it.each(doors)('%s answers 403 to a Host that is not one of its names (DNS rebinding)', async (_door, { path, ...init }) => {
    const response = await requestWithHost(`${server.url}${path}`, 'evil.example', init);
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'permission_denied', detail: 'This server does not answer to that Host.' });
  });

  it.each(doors)("%s answers 403 to a browser's request from another site's Origin", async (_door, { path, ...init }) => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...(init.headers as object), origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ detail: 'This server does not answer to that Origin.' });
  });

  it('answers to its configured names and to its own pages', async () => {
    expect((await requestWithHost(`${server.url}/health`, 'lore.internal:7300', { method: 'GET' })).status).toBe(200);
    const sameOrigin = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      body: graphqlBody,
      headers: { 'content-type': 'application/json', origin: server.url },
    });
    expect(await sameOrigin.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it.each([
    ['REST', '/api/v1/search'],
    ['GraphQL', '/graphql'],
    ['MCP', '/mcp'],
  ])('%s answers 413 to a body over the limit, with no stack trace in the log', async (_door, path) => {
    const body = JSON.stringify({ query: 'a'.repeat(100_000) });
    const response = await fetch(`${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'invalid_input', hint: 'Send less, or raise LORE_MAX_BODY_BYTES.' });
    const logged = server.output();
    expect(logged).not.toContain('PayloadTooLargeError');
    expect(logged).not.toMatch(/\n\s+at \S+ \(/);
  });
});

/**
 * Bodies nested deeper than any request needs, each well under the default body limit: parsed,
 * they would be walked by recursive validation until the stack ran out. Every door answers them as
 * the malformed requests they are: 4xx, and on /mcp a JSON-RPC error.
 */
describe('deeply nested bodies, on every door', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(() => server.stop());

  const nestedObject = (levels: number, leaf = '1'): string => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
  const nestedArray = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const metaOf = (levels: number): string => `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${nestedObject(levels)}}}`;
  const bodies: [string, string][] = [
    ['5,000 levels in _meta', metaOf(5_000)],
    ['100,000 nested arrays', nestedArray(100_000)],
    ['20,000 nested objects', nestedObject(20_000)],
    [
      '10,000 levels in a tool argument',
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_code","arguments":{"query":${nestedObject(10_000)}}}}`,
    ],
  ];
  const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it.each(bodies)('/mcp answers %s with 400 and a JSON-RPC error', async (_name, body) => {
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', body, headers: mcpHeaders });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: the body is nested deeper than 64 levels.' },
    });
  });

  it.each(bodies)('REST and GraphQL answer %s with 400', async (_name, body) => {
    for (const path of ['/api/v1/search', '/graphql']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
  });

  it.each([
    ['resources/read', { uri: 123 }, 'params.uri: Invalid input: expected string, received number'],
    ['prompts/get', {}, 'params.name: Invalid input: expected string, received undefined'],
    ['tools/list', { cursor: 5 }, 'params.cursor: Invalid input: expected string, received number'],
  ])('/mcp answers %s with params its schema refuses as -32602 Invalid params', async (method, params, issue) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method, params });
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      body,
      headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-11-25' },
    });
    const text = await response.text();
    const message = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as unknown;
    expect(message).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: `Invalid params for ${method}: ${issue}` } });
  });

  it('still answers a request nested as deep as the limit, and logs no stack trace', async () => {
    const body = `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":${nestedObject(60)}}}`;
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', body, headers: mcpHeaders });
    expect(response.status).toBe(200);
    expect(server.output()).not.toMatch(/\n\s+at \S+ \(/);
  });
});

describe('a server bound beyond loopback', () => {
  it('refuses to start unless allowed and reachable by some credential, naming the flag and the setting', async () => {
    const port = String(await freePort());
    const open = await runCli(['serve'], { LORE_HOST: '0.0.0.0', LORE_PORT: port });
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('LORE_HOST=0.0.0.0 serves your code beyond this machine: start with --allow-remote');
    // No API key in the graph and no JWT issuer: nobody could authenticate, so it does not start.
    const allowedButOpen = await runCli(['serve', '--allow-remote'], { LORE_HOST: '0.0.0.0', LORE_PORT: port });
    expect(allowedButOpen.code).toBe(2);
    expect(allowedButOpen.stderr).not.toContain('--allow-remote');
    expect(allowedButOpen.stderr).toContain(
      'LORE_HOST=0.0.0.0 needs its callers authenticated: create an API key (lore keys create --tenant <id>) or configure JWT bearer tokens (LORE_JWT_ISSUER), or state LORE_AUTH=off',
    );
  });
});

/** fetch() will not send a Host of our choosing (a forbidden header): node:http will, as a rebinding page's browser does. */
function requestWithHost(url: string, host: string, init: RequestInit): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method, headers: { ...(init.headers as Record<string, string>), host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(init.body as string | undefined);
  });
}
