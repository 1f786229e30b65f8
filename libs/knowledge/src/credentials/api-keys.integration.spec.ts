import { AuthenticationRequiredError, JwtVerifier, PrincipalResolver } from '@lore/access';
import { loadConfig } from '@lore/config';
import { localPrincipal } from '@lore/domain';
import { ApiKeyRepository, CypherQueries, MigrationService, Neo4jService } from '@lore/graph';
import { ApiKeysService } from './api-keys.service';
import { AuthenticationService } from './authentication.service';

/** The key store against the real Neo4j: what is stored, and which presented keys stand for whom. */
describe('API keys in Neo4j', () => {
  const config = { ...loadConfig(), LORE_HOST: '127.0.0.1', LORE_AUTH: undefined };
  const neo4j = new Neo4jService(config);
  const keys = new ApiKeysService(new ApiKeyRepository(neo4j, new CypherQueries()), new MigrationService(neo4j));
  const authentication = new AuthenticationService(config, keys, new PrincipalResolver(config), new JwtVerifier(config));
  const admin = localPrincipal('keys-admin');

  // Keys are server-wide: a key left behind would make every later test's server require authentication.
  const removeKeys = (): Promise<unknown> => neo4j.writeOne('MATCH (k:ApiKey) DETACH DELETE k');
  beforeAll(removeKeys);
  afterAll(async () => {
    await removeKeys();
    await neo4j.onModuleDestroy();
  });

  it('stores the digest of the secret only, and the key stands for its tenant, repositories, permissions and profile', async () => {
    const created = await keys.createKey(
      { tenantId: 'acme', repositories: ['shop', 'billing'], permissions: ['read', 'index'], toolProfile: 'review_agent', label: 'ci' },
      admin,
    );
    expect(created.key).toMatch(new RegExp(`^lore_${created.id}_[A-Za-z0-9_-]{43}$`));
    const secret = created.key.split('_').slice(2).join('_');

    const [node] = (await neo4j.read('MATCH (k:ApiKey {id: $id}) RETURN properties(k) AS node', { id: created.id })).map((row) => row.node);
    expect(Object.keys(node as object).sort()).toEqual(
      ['createdAt', 'id', 'label', 'permissions', 'repositories', 'secretDigest', 'tenantId', 'toolProfile'].sort(),
    );
    const stored = JSON.stringify(node);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(created.key);
    expect((node as { secretDigest: string }).secretDigest).toMatch(/^[0-9a-f]{64}$/);

    expect(await authentication.authenticate(`Bearer ${created.key}`)).toEqual({
      tenantId: 'acme',
      subject: `api-key:${created.id}`,
      repositories: ['shop', 'billing'],
      permissions: ['read', 'index'],
      toolProfile: 'review_agent',
    });
    // Same id, another secret: refused.
    const forged = `lore_${created.id}_${'A'.repeat(43)}`;
    await expect(authentication.authenticate(`Bearer ${forged}`)).rejects.toThrow(AuthenticationRequiredError);
  });

  it('lists keys without secrets, per tenant, and a revoked key stops working at once', async () => {
    const first = await keys.createKey({ tenantId: 'keys-list' }, admin);
    const second = await keys.createKey({ tenantId: 'keys-list', expiresIn: '30d', label: 'reader' }, admin);
    const listed = await keys.listKeys({ tenantId: 'keys-list' }, admin);
    expect(listed.keys.map((key) => key.id)).toEqual([first.id, second.id]);
    expect(listed.keys[0]).toEqual({
      id: first.id,
      tenantId: 'keys-list',
      repositories: '*',
      permissions: ['read'],
      toolProfile: null,
      label: null,
      createdAt: first.createdAt,
      expiresAt: null,
      revokedAt: null,
    });
    expect(Date.parse(listed.keys[1].expiresAt!) - Date.parse(listed.keys[1].createdAt)).toBe(30 * 86_400_000);
    expect(JSON.stringify(listed)).not.toContain(first.key);
    expect(JSON.stringify(listed)).not.toContain('secretDigest');

    expect((await authentication.authenticate(`Bearer ${first.key}`)).repositories).toBe('*');
    const revoked = await keys.revokeKey({ id: first.id }, admin);
    expect(revoked.revokedAt).not.toBeNull();
    await expect(authentication.authenticate(`Bearer ${first.key}`)).rejects.toThrow('The API key is unknown, revoked or expired.');
    expect((await authentication.authenticate(`Bearer ${second.key}`)).tenantId).toBe('keys-list');
  });

  it('refuses an expired key', async () => {
    const created = await keys.createKey({ tenantId: 'keys-expire', expiresIn: '1s' }, admin);
    expect((await authentication.authenticate(`Bearer ${created.key}`)).tenantId).toBe('keys-expire');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(authentication.authenticate(`Bearer ${created.key}`)).rejects.toThrow('The API key is unknown, revoked or expired.');
  });

  it('requires authentication on a loopback server while a usable key exists, and not once the only key is revoked or expired', async () => {
    await removeKeys();
    const fresh = new ApiKeysService(new ApiKeyRepository(neo4j, new CypherQueries()), new MigrationService(neo4j));
    const auth = new AuthenticationService(config, fresh, new PrincipalResolver(config), new JwtVerifier(config));
    expect(await auth.authenticate(undefined)).toEqual(localPrincipal(config.LORE_TENANT));
    const created = await fresh.createKey({ tenantId: 'keys-required' }, admin);
    await expect(auth.authenticate(undefined)).rejects.toThrow(AuthenticationRequiredError);
    await fresh.revokeKey({ id: created.id }, admin);
    expect(await auth.authenticate(undefined)).toEqual(localPrincipal(config.LORE_TENANT));
    await fresh.createKey({ tenantId: 'keys-required', expiresIn: '1s' }, admin);
    await expect(auth.authenticate(undefined)).rejects.toThrow(AuthenticationRequiredError);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // A fresh service: the one above believes its last answer for KEYS_EXIST_CACHE_MS.
    const later = new AuthenticationService(
      config,
      new ApiKeysService(new ApiKeyRepository(neo4j, new CypherQueries()), new MigrationService(neo4j)),
      new PrincipalResolver(config),
      new JwtVerifier(config),
    );
    expect(await later.authenticate(undefined)).toEqual(localPrincipal(config.LORE_TENANT));
  });

  it('refuses bad input and non-admins, changing nothing', async () => {
    const before = (await keys.listKeys({}, admin)).keys.length;
    await expect(keys.createKey({ tenantId: 'Not A Tenant' }, admin)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(keys.createKey({ tenantId: 'acme', permissions: ['write' as 'read'] }, admin)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(keys.createKey({ tenantId: 'acme', toolProfile: 'everything' as 'full' }, admin)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(keys.createKey({ tenantId: 'acme', expiresIn: '30 days' }, admin)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(keys.revokeKey({ id: '0123456789abcdef' }, admin)).rejects.toMatchObject({ code: 'not_found' });
    expect((await keys.listKeys({}, admin)).keys.length).toBe(before);
  });
});
