import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { benchNeo4j } from './local-neo4j';
import { ScratchDirectories } from './scratch';

const ROOT = join(__dirname, '..', '..');
export const LORE = join(ROOT, 'bin', 'lore.js');

export interface FixtureRepository {
  /** A directory of test/fixtures. */
  fixture: string;
  repositoryId: string;
  /** The tenant it is indexed into (the served one when omitted). */
  tenant?: string;
}

/** An API key the run makes with `lore keys create` before the server starts. */
export interface KeyRequest {
  tenant: string;
  /** Repository ids the key may read; every repository of its tenant when omitted. */
  repositories?: readonly string[];
  permissions?: readonly ('read' | 'index' | 'admin')[];
}

export interface ServedFixtures {
  url: string;
  /** The served tenant. */
  tenant: string;
  /** Where each repository was copied to (its root path in the graph), by repository id. */
  roots: Record<string, string>;
  /** The keys asked for, by the name they were asked by: the server requires one of them (or another credential). */
  keys: Record<string, string>;
  /** Runs the built CLI against this run's Neo4j (`lore audit verify --json`, say) and returns its stdout. */
  lore(args: readonly string[], tenant?: string): string;
  /** The server's stderr, written to this file (left in place). */
  logFile: string;
  stop(): Promise<void>;
}

/**
 * A `lore serve` on loopback over fixtures indexed by `lore index` (each a fresh git repository in a
 * scratch directory), with its own Neo4j (tools/neo4j-local, or NEO4J_URI when set): what the fuzz
 * and load runs ask. `keys` are made with `lore keys create` first (so the server requires
 * credentials); `env` adds to the server's environment (LORE_CACHE_MAX_MB...).
 */
export async function serveFixtures(options: {
  tenant: string;
  repositories: readonly FixtureRepository[];
  keys?: Record<string, KeyRequest>;
  env?: Record<string, string>;
}): Promise<ServedFixtures> {
  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-served-neo4j-'));
  Object.assign(process.env, { LORE_CACHE_DIR: 'off' });
  let server: ChildProcess | null = null;
  const stop = async (): Promise<void> => {
    if (server && server.exitCode === null) await new Promise((exited) => server!.once('exit', exited).kill('SIGTERM'));
    await stopNeo4j();
    scratch.removeAll();
  };
  try {
    const roots: Record<string, string> = {};
    for (const repository of options.repositories) {
      roots[repository.repositoryId] = indexFixture(scratch, repository.fixture, repository.repositoryId, {
        LORE_TENANT: repository.tenant ?? options.tenant,
        LORE_LOG_LEVEL: 'error',
      });
    }
    const lore = (args: readonly string[], tenant = options.tenant): string =>
      execFileSync(process.execPath, [LORE, ...args], {
        env: { ...process.env, LORE_TENANT: tenant, LORE_LOG_LEVEL: 'error' },
        stdio: ['ignore', 'pipe', 'inherit'],
      }).toString();
    const keys: Record<string, string> = {};
    for (const [name, request] of Object.entries(options.keys ?? {})) {
      const args = ['keys', 'create', '--tenant', request.tenant, '--label', name, '--json'];
      if (request.repositories) args.push('--repos', request.repositories.join(','));
      if (request.permissions) args.push('--permissions', request.permissions.join(','));
      keys[name] = (JSON.parse(lore(args)) as { key: string }).key;
    }
    const port = await freePort();
    // Kept after the run (not a scratch directory): what the server said is the evidence of a failure.
    const logFile = join(mkdtempSync(join(tmpdir(), 'lore-bench-serve-log-')), 'serve.log');
    server = spawn(process.execPath, [LORE, 'serve'], {
      env: { ...process.env, LORE_TENANT: options.tenant, LORE_HOST: '127.0.0.1', LORE_PORT: String(port), ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.pipe(createWriteStream(logFile));
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/ready`);
    return { url, tenant: options.tenant, roots, keys, lore, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Copies test/fixtures/<fixture> into a scratch directory as a fresh git repository of one commit and
 * indexes it with the built `lore index` (its Neo4j and tenant from the environment, `env` added).
 * Returns the repository's root.
 */
export function indexFixture(scratch: ScratchDirectories, fixture: string, repositoryId: string, env: Record<string, string> = {}): string {
  const root = join(scratch.make('lore-bench-repo-'), repositoryId);
  cpSync(join(ROOT, 'test', 'fixtures', fixture), root, { recursive: true });
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', 'commit', '-q', '-m', 'fixture');
  execFileSync(process.execPath, [LORE, 'index', root, '--name', repositoryId, '--json'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  return root;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200 (a server's /ready), for two minutes at most. */
export async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => null);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready`);
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], rank: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))] ?? Number.NaN;
}
