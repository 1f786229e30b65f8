import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type CryptoKey, type JWTPayload, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { indexAndServe } from './doors';

/**
 * MCP over HTTP as an OAuth 2.1 resource server (the MCP authorization spec), with JWTs minted here
 * and the issuer's keys served from a JWKS endpoint on loopback: the protected-resource metadata,
 * 401 challenges that point to it, every refused token, step-up to a scope with 403, and no token
 * taken from a URL. REST answers the same tokens.
 */
const ISSUER = 'https://id.lore-e2e.test';
const TENANT = 'e2e-oauth';

let jwks: Server;
let server: RunningServer;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let origin: string;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const document = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'e2e', alg: 'RS256', use: 'sig' }] });
  jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(document));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const env = {
    LORE_TENANT: TENANT,
    LORE_JWT_ISSUER: ISSUER,
    LORE_JWT_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
  };
  ({ server } = await indexAndServe('order-service', env));
  // A loopback server with no LORE_PUBLIC_URL names itself localhost.
  origin = `http://localhost:${new URL(server.url).port}`;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  jwks?.close();
});

function mint(
  claims: JWTPayload,
  options: { key?: CryptoKey; expiresIn?: string; audience?: string; issuer?: string } = {},
): Promise<string> {
  return new SignJWT({ lore_tenant: TENANT, scope: 'lore:read', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e' })
    .setSubject('agent-7')
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? `${origin}/mcp`)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(options.key ?? signingKey);
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

function postMcp(headers: Record<string, string>, message: unknown, query = ''): Promise<Response> {
  return fetch(`${server.url}/mcp${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });
}

const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

describe('protected-resource metadata (RFC 9728)', () => {
  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])('is served at %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resource: `${origin}/mcp`,
      authorization_servers: [ISSUER],
      scopes_supported: ['lore:read', 'lore:index', 'lore:admin', 'lore:knowledge:write', 'lore:memory:approve', 'lore:docs:publish'],
      bearer_methods_supported: ['header'],
      resource_name: 'Lore',
    });
  });
});

describe('MCP over HTTP with JWT bearer tokens', () => {
  const metadata = (): string => `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`;

  it('answers no token with 401 and a challenge naming the resource metadata', async () => {
    const response = await postMcp({}, TOOLS_LIST);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer realm="lore", ${metadata()}`);
  });

  it('serves a valid token, through the official SDK client, as its tenant', async () => {
    const client = new Client({ name: 'lore-e2e-oauth', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: bearer(await mint({})) } }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_symbol');
      const answer = await client.callTool({ name: 'get_symbol', arguments: { name: 'applyDiscount' } });
      expect(answer.isError).toBeFalsy();
      expect((answer.structuredContent as { data: { symbol: { uid: string } } }).data.symbol.uid).toMatch(/^e2e-oauth:order-service:/);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['expired', { expiresIn: '-2m' }, {}, 'The token has expired.'],
    ['for another audience', { audience: 'https://elsewhere.test/mcp' }, {}, 'The token was not issued for this server (audience).'],
    ['from another issuer', { issuer: 'https://evil.test' }, {}, 'The token was not issued by the configured issuer.'],
    ['with a bad signature', { stranger: true }, {}, "The token's signature does not verify with the issuer's keys."],
    ['naming no valid tenant', {}, { lore_tenant: 'Not A Tenant' }, 'The token has no valid lore_tenant claim (the tenant).'],
  ])('answers a token %s with 401 invalid_token, on /mcp and on REST', async (_case, options, claims, message) => {
    const { stranger, ...mintOptions } = options as { stranger?: boolean; expiresIn?: string; audience?: string; issuer?: string };
    const token = await mint(claims, { ...mintOptions, key: stranger ? strangerKey : undefined });
    const mcp = await postMcp(bearer(token), TOOLS_LIST);
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toBe(
      `Bearer realm="lore", ${metadata()}, error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
    );
    expect(await mcp.json()).toEqual({ error: { code: 'permission_denied', message } });
    const rest = await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`, { headers: bearer(token) });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answers a token without lore:read with 403 insufficient_scope (step-up), before the SDK', async () => {
    const token = await mint({ scope: 'openid profile' });
    const response = await postMcp(bearer(token), TOOLS_LIST);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer realm="lore", ${metadata()}, error="insufficient_scope", error_description="This request needs the lore:read scope, which the credential does not hold.", scope="lore:read"`,
    );
    // REST refuses it in the operation gate: permission_denied.
    const rest = await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`, { headers: bearer(token) });
    expect(rest.status).toBe(403);
    expect(await rest.json()).toMatchObject({ code: 'permission_denied' });
  });

  it('answers a call of a tool with side effects without lore:index with 403 naming lore:index', async () => {
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'index_repository', arguments: { path: '/tmp' } } };
    const response = await postMcp(bearer(await mint({ scope: 'lore:read' })), call);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(response.headers.get('www-authenticate')).toContain('scope="lore:index"');
  });

  it('refuses a token in the query string, and does not use it', async () => {
    const token = await mint({});
    const response = await postMcp({}, TOOLS_LIST, `?access_token=${token}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const rest = await fetch(`${server.url}/api/v1/symbols?name=applyDiscount&access_token=${token}`);
    expect(rest.status).toBe(401);
  });

  it('answers REST with a valid token as it answers MCP', async () => {
    const rest = await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`, { headers: bearer(await mint({})) });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { symbol: { uid: string } }).symbol.uid).toMatch(/^e2e-oauth:order-service:/);
  });
});

describe('an issuer whose keys cannot be fetched', () => {
  it('answers 503 unavailable on MCP and REST, naming LORE_JWT_JWKS_URL, not 401: the token was never judged', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const jwksUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/jwks.json`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const keyless = await startServer({ LORE_TENANT: TENANT, LORE_JWT_ISSUER: ISSUER, LORE_JWT_JWKS_URL: jwksUrl });
    try {
      await waitUntilReady(keyless.url);
      const token = await mint({}, { audience: `http://localhost:${new URL(keyless.url).port}/mcp` });
      const mcp = await fetch(`${keyless.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...bearer(token) },
        body: JSON.stringify(TOOLS_LIST),
      });
      const rest = await fetch(`${keyless.url}/api/v1/symbols?name=applyDiscount`, { headers: bearer(token) });
      for (const response of [mcp, rest]) {
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({
          code: 'unavailable',
          retryable: true,
          hint: `Check that LORE_JWT_JWKS_URL (${jwksUrl}) answers from this server; API keys still work.`,
        });
      }
    } finally {
      await keyless.stop();
    }
  }, 120_000);
});
