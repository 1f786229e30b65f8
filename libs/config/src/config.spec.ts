import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, modelsDirectory } from './config';
import { recordLocalConnection } from './local-connection';

describe('loadConfig', () => {
  it('applies defaults around the one required value', () => {
    const config = loadConfig({ NEO4J_PASSWORD: 'secret' });
    expect(config.NEO4J_URI).toBe('bolt://127.0.0.1:7687');
    expect(config.LORE_PORT).toBe(7300);
    expect(config.LORE_TENANT).toBe('default');
    expect(config.LORE_ALLOWED_HOSTS).toEqual([]);
  });

  it('names a missing variable, and says how to start Lore when no lore up was recorded', () => {
    const nothing = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'lore-config-home-')) };
    expect(() => loadConfig(nothing)).toThrow(ConfigError);
    expect(() => loadConfig(nothing)).toThrow(/NEO4J_PASSWORD: is required/);
    expect(() => loadConfig(nothing)).toThrow(
      expect.objectContaining({
        hint: 'Start Lore with `NEO4J_PASSWORD=<choose one> npx lore up`: later commands in any shell find its Neo4j by themselves. For a Neo4j of your own, export NEO4J_URI and NEO4J_PASSWORD.',
      }),
    );
  });

  it('reaches the Neo4j lore up recorded when the environment names none, and only then', () => {
    const env = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'lore-config-home-')) };
    const recorded = { NEO4J_URI: 'bolt://127.0.0.1:7799', NEO4J_USER: 'neo4j', NEO4J_PASSWORD: 'recorded', dataDir: '/data/neo4j' };
    const file = recordLocalConnection(recorded, env);
    expect(file).toBe(join(env.XDG_CONFIG_HOME, 'lore', 'local-neo4j.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig(env)).toMatchObject({ NEO4J_URI: 'bolt://127.0.0.1:7799', NEO4J_PASSWORD: 'recorded' });
    expect(loadConfig({ ...env, NEO4J_URI: 'bolt://127.0.0.1:7799' })).toMatchObject({ NEO4J_PASSWORD: 'recorded' });
    // Another Neo4j named, or a password given: the record is not used.
    expect(() => loadConfig({ ...env, NEO4J_URI: 'bolt://db.example:7687' })).toThrow(/NEO4J_PASSWORD: is required/);
    expect(loadConfig({ ...env, NEO4J_PASSWORD: 'mine' })).toMatchObject({ NEO4J_URI: 'bolt://127.0.0.1:7687', NEO4J_PASSWORD: 'mine' });
    // A record others may read holds a password: refused, saying how to fix it.
    chmodSync(file, 0o644);
    expect(() => loadConfig(env)).toThrow(`NEO4J_PASSWORD: is not set, and ${file} is readable by other users: run \`chmod 600 ${file}\``);
  });

  it('finds models and cached results under the XDG directories of the environment it is given', () => {
    const config = loadConfig({ NEO4J_PASSWORD: 'x', XDG_DATA_HOME: '/xdg/data', XDG_CACHE_HOME: '/xdg/cache' });
    expect([config.LORE_MODELS_DIR, config.LORE_CACHE_DIR]).toEqual(['/xdg/data/lore/models', '/xdg/cache/lore']);
    expect(modelsDirectory({ XDG_DATA_HOME: '/xdg/data' })).toBe(config.LORE_MODELS_DIR);
    expect(loadConfig({ NEO4J_PASSWORD: 'x', XDG_DATA_HOME: '/xdg/data', LORE_MODELS_DIR: '/models' }).LORE_MODELS_DIR).toBe('/models');
  });

  it('names a bad variable and what it expects', () => {
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', LORE_PORT: 'eighty' })).toThrow(/LORE_PORT: /);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', NEO4J_URI: 'http://x' })).toThrow(/NEO4J_URI: a bolt:\/\/ or neo4j:\/\/ URI/);
  });

  it("points create_pull_request at github.com's API with no token by default, and refuses a forge URL that is not one", () => {
    const defaults = loadConfig({ NEO4J_PASSWORD: 'secret' });
    expect([defaults.LORE_FORGE_API_URL, defaults.LORE_FORGE_TOKEN]).toEqual(['https://api.github.com', undefined]);
    const gitea = loadConfig({ NEO4J_PASSWORD: 'secret', LORE_FORGE_API_URL: 'https://git.acme.test/api/v1', LORE_FORGE_TOKEN: 'tok' });
    expect([gitea.LORE_FORGE_API_URL, gitea.LORE_FORGE_TOKEN]).toEqual(['https://git.acme.test/api/v1', 'tok']);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'secret', LORE_FORGE_API_URL: 'ftp://git.acme.test' })).toThrow(
      /LORE_FORGE_API_URL: an http\(s\) URL/,
    );
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

  it("reads the CodeDoc server's MCP_* variables for Lore's own when those are not set", () => {
    const seed = loadConfig({
      NEO4J_PASSWORD: 'x',
      MCP_AUTH_ENABLED: 'true',
      MCP_TOKEN_LIMIT: '25000',
      MCP_RATE_LIMIT_ENABLED: 'true',
      MCP_RATE_LIMIT_RPM: '100',
      MCP_RATE_LIMIT_BURST: '10',
      MCP_API_KEY_HEADER: 'X-CodeDoc-Key',
      MCP_JWT_SECRET: 'a shared secret of thirty-two bytes!',
    });
    expect({
      auth: seed.LORE_AUTH,
      maxTokens: seed.LORE_MCP_MAX_TOKENS,
      perMinute: seed.LORE_RATE_LIMIT_PER_MINUTE,
      burst: seed.LORE_RATE_LIMIT_BURST,
      header: seed.MCP_API_KEY_HEADER,
      secret: seed.MCP_JWT_SECRET,
    }).toEqual({
      auth: 'required',
      maxTokens: 25_000,
      perMinute: 100,
      burst: 10,
      header: 'X-CodeDoc-Key',
      secret: 'a shared secret of thirty-two bytes!',
    });
    const defaults = loadConfig({ NEO4J_PASSWORD: 'x' });
    expect([defaults.LORE_AUTH, defaults.LORE_RATE_LIMIT_PER_MINUTE, defaults.LORE_RATE_LIMIT_BURST, defaults.MCP_API_KEY_HEADER]).toEqual([
      undefined,
      600,
      100,
      'X-API-Key',
    ]);
    // Disabled, the limiter is Lore's at 0 a minute; MCP_AUTH_ENABLED=false is LORE_AUTH=off.
    const off = loadConfig({ NEO4J_PASSWORD: 'x', MCP_RATE_LIMIT_ENABLED: 'false', MCP_RATE_LIMIT_RPM: '100', MCP_AUTH_ENABLED: 'false' });
    expect([off.LORE_RATE_LIMIT_PER_MINUTE, off.LORE_AUTH]).toEqual([0, 'off']);
    // Lore's names win when both are set.
    const both = loadConfig({
      NEO4J_PASSWORD: 'x',
      MCP_RATE_LIMIT_RPM: '100',
      LORE_RATE_LIMIT_PER_MINUTE: '50',
      MCP_RATE_LIMIT_BURST: '10',
      LORE_RATE_LIMIT_BURST: '5',
      MCP_AUTH_ENABLED: 'false',
      LORE_AUTH: 'required',
      MCP_TOKEN_LIMIT: '1000',
      LORE_MCP_MAX_TOKENS: '2000',
    });
    expect([both.LORE_RATE_LIMIT_PER_MINUTE, both.LORE_RATE_LIMIT_BURST, both.LORE_AUTH, both.LORE_MCP_MAX_TOKENS]).toEqual([
      50,
      5,
      'required',
      2000,
    ]);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', MCP_JWT_SECRET: 'short' })).toThrow(
      'MCP_JWT_SECRET: at least 32 characters (256 bits, RFC 7518 section 3.2)',
    );
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', MCP_RATE_LIMIT_RPM: '0' })).toThrow(/MCP_RATE_LIMIT_RPM: /);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', MCP_API_KEY_HEADER: 'X API Key' })).toThrow('MCP_API_KEY_HEADER: an HTTP header name');
  });

  it("reads the CodeDoc server's port, log level, request timeout and cache settings, in its own units", () => {
    const seed = loadConfig({
      NEO4J_PASSWORD: 'x',
      MCP_PORT: '8080',
      MCP_LOG_LEVEL: 'info',
      MCP_REQUEST_TIMEOUT: '30s',
      MCP_CACHE_SIZE: '1000',
      MCP_CACHE_TTL: '1h',
    });
    expect([
      seed.LORE_PORT,
      seed.LORE_LOG_LEVEL,
      seed.LORE_REQUEST_TIMEOUT_MS,
      seed.LORE_CACHE_MAX_ENTRIES,
      seed.LORE_CACHE_TTL_SECONDS,
    ]).toEqual([8080, 'log', 30_000, 1000, 3600]);
    expect(loadConfig({ NEO4J_PASSWORD: 'x', MCP_LOG_LEVEL: 'WARN' }).LORE_LOG_LEVEL).toBe('warn');
    const defaults = loadConfig({ NEO4J_PASSWORD: 'x' });
    expect([
      defaults.LORE_PORT,
      defaults.LORE_LOG_LEVEL,
      defaults.LORE_REQUEST_TIMEOUT_MS,
      defaults.LORE_CACHE_MAX_ENTRIES,
      defaults.LORE_CACHE_TTL_SECONDS,
    ]).toEqual([7300, 'log', 30_000, 10_000, 300]);
    const both = loadConfig({
      NEO4J_PASSWORD: 'x',
      MCP_PORT: '8080',
      LORE_PORT: '7400',
      MCP_LOG_LEVEL: 'debug',
      LORE_LOG_LEVEL: 'error',
      MCP_REQUEST_TIMEOUT: '5m',
      LORE_REQUEST_TIMEOUT_MS: '1000',
      MCP_CACHE_SIZE: '5',
      LORE_CACHE_MAX_ENTRIES: '7',
      MCP_CACHE_TTL: '10s',
      LORE_CACHE_TTL_SECONDS: '20',
    });
    expect([
      both.LORE_PORT,
      both.LORE_LOG_LEVEL,
      both.LORE_REQUEST_TIMEOUT_MS,
      both.LORE_CACHE_MAX_ENTRIES,
      both.LORE_CACHE_TTL_SECONDS,
    ]).toEqual([7400, 'error', 1000, 7, 20]);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', MCP_LOG_LEVEL: 'verbose' })).toThrow(/MCP_LOG_LEVEL: /);
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', MCP_REQUEST_TIMEOUT: '1h' })).toThrow(
      'MCP_REQUEST_TIMEOUT: between 100ms and 10m, as LORE_REQUEST_TIMEOUT_MS',
    );
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', MCP_CACHE_TTL: '1500ms' })).toThrow(
      'MCP_CACHE_TTL: whole seconds between 1s and 24h, as LORE_CACHE_TTL_SECONDS',
    );
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', MCP_PORT: '70000' })).toThrow(/MCP_PORT: /);
  });

  it("takes the Knowledge MCP server's KNOWLEDGE_MCP_LOG_LEVEL when LORE_LOG_LEVEL is not set", () => {
    expect(loadConfig({ NEO4J_PASSWORD: 'x' }).LORE_LOG_LEVEL).toBe('log');
    expect(loadConfig({ NEO4J_PASSWORD: 'x', KNOWLEDGE_MCP_LOG_LEVEL: 'DEBUG' }).LORE_LOG_LEVEL).toBe('debug');
    expect(loadConfig({ NEO4J_PASSWORD: 'x', KNOWLEDGE_MCP_LOG_LEVEL: 'warning' }).LORE_LOG_LEVEL).toBe('warn');
    expect(loadConfig({ NEO4J_PASSWORD: 'x', KNOWLEDGE_MCP_LOG_LEVEL: 'INFO', LORE_LOG_LEVEL: 'error' }).LORE_LOG_LEVEL).toBe('error');
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', KNOWLEDGE_MCP_LOG_LEVEL: 'LOUD' })).toThrow(
      /KNOWLEDGE_MCP_LOG_LEVEL: one of DEBUG, INFO, WARNING, WARN, ERROR, CRITICAL/,
    );
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

  it('takes a judging model whole: an endpoint and the model it serves; none by default', () => {
    expect(loadConfig({ NEO4J_PASSWORD: 'x' }).LORE_LLM_URL).toBeUndefined();
    expect(() => loadConfig({ NEO4J_PASSWORD: 'x', LORE_LLM_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/LORE_LLM_MODEL: is required/);
    const config = loadConfig({ NEO4J_PASSWORD: 'x', LORE_LLM_URL: 'http://127.0.0.1:8080/v1', LORE_LLM_MODEL: 'judge' });
    expect([config.LORE_LLM_MODEL, config.LORE_LLM_TIMEOUT_MS]).toEqual(['judge', 30_000]);
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
