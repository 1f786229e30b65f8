import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, type JWTPayload, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { UnavailableError } from '@lore/domain';
import { loadConfig } from '@lore/config';
import { JwtVerifier } from './jwt-verifier';
import { AuthenticationRequiredError } from './principals';

const ISSUER = 'https://id.example.com/';
const RESOURCE = 'https://lore.example.com/mcp';

describe('JwtVerifier', () => {
  let signingKey: CryptoKey;
  let strangerKey: CryptoKey;
  let verifier: JwtVerifier;
  let jwksFile: string;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    signingKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
    const file = join(mkdtempSync(join(tmpdir(), 'lore-jwks-')), 'jwks.json');
    writeFileSync(file, JSON.stringify(jwks));
    jwksFile = file;
    verifier = new JwtVerifier(
      loadConfig({ NEO4J_PASSWORD: 'x', LORE_JWT_ISSUER: ISSUER, LORE_JWT_JWKS_FILE: file, LORE_PUBLIC_URL: 'https://lore.example.com' }),
    );
  });

  const mint = (claims: JWTPayload, options: { key?: CryptoKey; expiresIn?: string; audience?: string; issuer?: string } = {}) =>
    new SignJWT({ lore_tenant: 'acme', scope: 'lore:read', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('alice')
      .setIssuer(options.issuer ?? ISSUER)
      .setAudience(options.audience ?? RESOURCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(options.key ?? signingKey);

  it('turns a valid token into its principal: tenant, repositories, scopes as permissions, profile', async () => {
    const token = await mint({ scope: 'openid lore:read lore:index', lore_repositories: ['shop'], lore_profile: 'review_agent' });
    expect(await verifier.principalOf(token)).toEqual({
      tenantId: 'acme',
      subject: 'jwt:alice',
      repositories: ['shop'],
      permissions: ['read', 'index'],
      toolProfile: 'review_agent',
    });
    expect(await verifier.principalOf(await mint({ scope: 'openid' }))).toMatchObject({
      repositories: '*',
      permissions: [],
      toolProfile: null,
    });
  });

  it.each([
    ['expired', () => mint({}, { expiresIn: '-5m' }), 'The token has expired.'],
    [
      'for another audience',
      () => mint({}, { audience: 'https://elsewhere.example.com/mcp' }),
      'The token was not issued for this server (audience).',
    ],
    ['from another issuer', () => mint({}, { issuer: 'https://evil.example.com/' }), 'The token was not issued by the configured issuer.'],
    ['signed by another key', () => mint({}, { key: strangerKey }), "The token's signature does not verify with the issuer's keys."],
    ['without a tenant', () => mint({ lore_tenant: undefined }), 'The token has no valid lore_tenant claim (the tenant).'],
    ['naming a bad tenant', () => mint({ lore_tenant: 'Acme Corp' }), 'The token has no valid lore_tenant claim (the tenant).'],
    ['naming no profile', () => mint({ lore_profile: 'everything' }), "The token's lore_profile claim names no tool profile."],
    [
      'with repositories not a list',
      () => mint({ lore_repositories: 'shop' }),
      'The token\'s lore_repositories claim is neither "*" nor a list of repository ids.',
    ],
    ['signed with a shared secret', () => hs256(), 'The token is signed with an algorithm this server does not accept.'],
    ['unsigned', () => unsigned(), 'The token is signed with an algorithm this server does not accept.'],
  ])('refuses a token %s, saying which check failed', async (_case, token, message) => {
    const refused = verifier.principalOf(await token());
    await expect(refused).rejects.toThrow(AuthenticationRequiredError);
    await expect(refused).rejects.toThrow(message);
  });

  it.each([
    ['answers 503', 503, 'unavailable'],
    ['answers no key set', 200, '<html>maintenance</html>'],
    ['is down', null, ''],
  ])("answers unavailable, not 401, when the issuer's JWKS URL %s, naming the setting", async (_case, status, body) => {
    const jwks = createServer((_req, res) => (status === null ? res.destroy() : res.writeHead(status).end(body)));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
    try {
      const remote = new JwtVerifier(
        loadConfig({ NEO4J_PASSWORD: 'x', LORE_JWT_ISSUER: ISSUER, LORE_JWT_JWKS_URL: url, LORE_PUBLIC_URL: 'https://lore.example.com' }),
      );
      const refused = remote.principalOf(await mint({}));
      await expect(refused).rejects.toThrow(UnavailableError);
      await expect(refused).rejects.toMatchObject({
        hint: `Check that LORE_JWT_JWKS_URL (${url}) answers from this server; API keys still work.`,
      });
    } finally {
      jwks.close();
    }
  });

  describe("with MCP_JWT_SECRET (the CodeDoc server's JWTValidator)", () => {
    const SECRET = 'the codedoc deployment secret, 32+ chars';
    const shared = (claims: JWTPayload, secret = SECRET) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode(secret));
    const withSecret = new JwtVerifier(loadConfig({ NEO4J_PASSWORD: 'x', LORE_TENANT: 'acme', MCP_JWT_SECRET: SECRET }));

    it("accepts an HS256 token signed with the secret: the server's tenant, read, unless its claims say otherwise", async () => {
      expect(withSecret.configured).toBe(true);
      expect(await withSecret.principalOf(await shared({ sub: 'codedoc-client' }))).toEqual({
        tenantId: 'acme',
        subject: 'jwt:codedoc-client',
        repositories: '*',
        permissions: ['read'],
        toolProfile: null,
      });
      expect(
        await withSecret.principalOf(await shared({ lore_tenant: 'beta', lore_repositories: ['shop'], scope: 'lore:read lore:index' })),
      ).toEqual({
        tenantId: 'beta',
        subject: 'jwt:mcp-jwt-secret',
        repositories: ['shop'],
        permissions: ['read', 'index'],
        toolProfile: null,
      });
    });

    it.each([
      [
        'signed with another secret',
        () => shared({ sub: 'a' }, 'another secret of thirty-two bytes!!'),
        "The token's signature does not verify with MCP_JWT_SECRET.",
      ],
      [
        'expired',
        () =>
          new SignJWT({ sub: 'a' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('-5m').sign(new TextEncoder().encode(SECRET)),
        'The token has expired.',
      ],
      [
        'signed by a private key, with no issuer configured',
        () => mint({}),
        'This server accepts JWTs signed with MCP_JWT_SECRET (HS256) only.',
      ],
      ['unsigned', () => unsigned(), 'This server accepts JWTs signed with MCP_JWT_SECRET (HS256) only.'],
    ])('refuses a token %s', async (_case, token, message) => {
      const refused = withSecret.principalOf(await token());
      await expect(refused).rejects.toThrow(AuthenticationRequiredError);
      await expect(refused).rejects.toThrow(message);
    });

    it("still checks an issuer's tokens by its keys beside it", async () => {
      const both = new JwtVerifier(
        loadConfig({
          NEO4J_PASSWORD: 'x',
          LORE_JWT_ISSUER: ISSUER,
          LORE_JWT_JWKS_FILE: jwksFile,
          LORE_PUBLIC_URL: 'https://lore.example.com',
          MCP_JWT_SECRET: SECRET,
        }),
      );
      expect(await both.principalOf(await mint({}))).toMatchObject({ tenantId: 'acme', subject: 'jwt:alice' });
      expect(await both.principalOf(await shared({ sub: 'b' }))).toMatchObject({ subject: 'jwt:b', permissions: ['read'] });
    });
  });

  it('knows a JWT by its shape, and an API key is not one', () => {
    expect(JwtVerifier.looksLikeJwt('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln')).toBe(true);
    expect(JwtVerifier.looksLikeJwt(`lore_0123456789abcdef_${'a'.repeat(43)}`)).toBe(false);
  });
});

function hs256(): Promise<string> {
  return new SignJWT({ lore_tenant: 'acme' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('alice')
    .setIssuer(ISSUER)
    .setAudience(RESOURCE)
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode('a shared secret of thirty-two bytes!'));
}

async function unsigned(): Promise<string> {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ lore_tenant: 'acme', sub: 'alice', iss: ISSUER, aud: RESOURCE, exp: Date.now() / 1000 + 300 })}.`;
}
