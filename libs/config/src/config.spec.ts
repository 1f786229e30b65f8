import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults around the one required value', () => {
    const config = loadConfig({ NEO4J_PASSWORD: 'secret' });
    expect(config.NEO4J_URI).toBe('bolt://127.0.0.1:7687');
    expect(config.LORE_PORT).toBe(7300);
    expect(config.LORE_TENANT).toBe('default');
    expect(config.LORE_ALLOWED_HOSTS).toEqual([]);
  });

  it('names a missing variable', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/NEO4J_PASSWORD: is required/);
  });

  it('names a bad variable and what it expects', () => {
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', LORE_PORT: 'eighty' })).toThrow(/LORE_PORT: /);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', NEO4J_URI: 'http://x' })).toThrow(/NEO4J_URI: a bolt:\/\/ or neo4j:\/\/ URI/);
  });

  it("reads the ONNX embedder's threads and batch size as positive integers, unset by default", () => {
    const unset = loadConfig({ NEO4J_PASSWORD: 'x' });
    expect([unset.LORE_EMBEDDINGS_THREADS, unset.LORE_EMBEDDINGS_BATCH_SIZE]).toEqual([undefined, undefined]);
    expect(loadConfig({ NEO4J_PASSWORD: 'x', LORE_EMBEDDINGS_THREADS: '1', LORE_EMBEDDINGS_BATCH_SIZE: '16' })).toMatchObject({
      LORE_EMBEDDINGS_THREADS: 1,
      LORE_EMBEDDINGS_BATCH_SIZE: 16,
    });
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', LORE_EMBEDDINGS_THREADS: '0' })).toThrow(/LORE_EMBEDDINGS_THREADS: /);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', LORE_EMBEDDINGS_BATCH_SIZE: 'eight' })).toThrow(/LORE_EMBEDDINGS_BATCH_SIZE: /);
  });

  it('reads a JSON file and lets the environment win', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lore-config-'));
    const file = join(dir, 'lore.json');
    writeFileSync(file, JSON.stringify({ NEO4J_PASSWORD: 'from-file', LORE_PORT: 8100, LORE_TENANT: 'acme' }));
    const config = loadConfig({ LORE_CONFIG_FILE: file, LORE_TENANT: 'beta' });
    expect(config.NEO4J_PASSWORD).toBe('from-file');
    expect(config.LORE_PORT).toBe(8100);
    expect(config.LORE_TENANT).toBe('beta');
  });

  it('splits lists', () => {
    expect(loadConfig({ NEO4J_PASSWORD: 'x', LORE_ALLOWED_HOSTS: 'a, b,,c' }).LORE_ALLOWED_HOSTS).toEqual(['a', 'b', 'c']);
  });

  it('takes JWT settings whole: an issuer and one source of its keys', () => {
    const base = { NEO4J_PASSWORD: 'x', LORE_JWT_ISSUER: 'https://id.example.com' };
    expect(() => loadConfig(base)).toThrow(/LORE_JWT_ISSUER: needs the issuer's keys/);
    expect(() => loadConfig({ ...base, LORE_JWT_JWKS_URL: 'https://id.example.com/jwks', LORE_JWT_JWKS_FILE: '/k.json' })).toThrow(
      /one of LORE_JWT_JWKS_URL and LORE_JWT_JWKS_FILE/,
    );
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', LORE_JWT_JWKS_FILE: '/k.json' })).toThrow(/LORE_JWT_ISSUER: is required/);
    const config = loadConfig({ ...base, LORE_JWT_JWKS_FILE: '/k.json', LORE_PUBLIC_URL: 'https://lore.example.com/' });
    expect([config.LORE_JWT_TENANT_CLAIM, config.LORE_JWT_REPOSITORIES_CLAIM, config.LORE_JWT_PROFILE_CLAIM]).toEqual([
      'lore_tenant',
      'lore_repositories',
      'lore_profile',
    ]);
    expect(config.LORE_PUBLIC_URL).toBe('https://lore.example.com');
  });

  it('refuses LORE_API_KEYS, which is no longer read, saying where keys are now', () => {
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', LORE_API_KEYS: 'k' })).toThrow(/LORE_API_KEYS: is no longer read.*lore keys create/);
  });
});
