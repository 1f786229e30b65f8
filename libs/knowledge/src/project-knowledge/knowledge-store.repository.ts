import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { devNull } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { LoreError } from '@lore/domain';
import { knowledgeErrors } from './knowledge-errors';

/** Who every commit of the store is by, passed per command, as the Knowledge MCP server does. */
export const KNOWLEDGE_AUTHOR = { name: 'Knowledge MCP Server', email: 'knowledge-mcp@localhost' } as const;

/** One version of a file, newest first in a history. */
export interface StoredVersion {
  commit: string;
  author: string;
  date: string;
  message: string;
}

/** What a write does to the store's files: each path relative to the root, `null` to delete it. */
export interface StoreChange {
  path: string;
  content: string | null;
}

/** A write's view of the store while it holds the store's lock: what it reads cannot change under it. */
export interface StoreTransaction {
  read(path: string): Promise<string | null>;
  lastCommitOf(path: string): Promise<string | null>;
}

const GIT_TIMEOUT_MS = 30_000;
/** How long a git run waits for another process's index.lock before failing (-32005). */
const INDEX_LOCK_WAIT_MS = 5_000;
const TEMPORARY_SUFFIX = '.knowledge-tmp';

/**
 * The knowledge store: a directory that is one git repository, written by one writer at a time.
 *
 * git runs as the real binary without a shell, with the user's configuration out of reach
 * (GIT_CONFIG_GLOBAL and the system file off, the author and committer passed per command), so a
 * commit is always by Knowledge MCP Server and the user's settings are neither read nor changed.
 * Each write runs under a lock of its store (one per directory in this process): files are written
 * to a temporary file and renamed into place, then committed; if anything fails before the commit
 * lands, every file is put back as it was and no temporary file is left, so a failed write leaves
 * neither a change nor a commit, and no caller ever meets git's index.lock.
 */
export class KnowledgeStoreRepository {
  private static readonly stores = new Map<string, KnowledgeStoreRepository>();
  private queue: Promise<unknown> = Promise.resolve();
  private initialised = false;

  private constructor(readonly root: string) {}

  /** The store at `root`: one object per directory, so every writer of this process shares its lock. */
  static at(root: string): KnowledgeStoreRepository {
    const resolved = resolve(root);
    let store = this.stores.get(resolved);
    if (!store) {
      store = new KnowledgeStoreRepository(resolved);
      this.stores.set(resolved, store);
    }
    return store;
  }

  /** The absolute path of a store path, refused if it would leave the store. */
  absolute(path: string): string {
    const absolute = resolve(this.root, path);
    if (absolute !== this.root && !absolute.startsWith(this.root + sep)) {
      throw knowledgeErrors.invalidName('path', 'it leaves the knowledge store', { path });
    }
    return absolute;
  }

  async read(path: string): Promise<string | null> {
    try {
      return await readFile(this.absolute(path), 'utf8');
    } catch (error) {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null;
      throw ioError(path, error);
    }
  }

  async isDirectory(path: string): Promise<boolean> {
    try {
      return (await stat(this.absolute(path))).isDirectory();
    } catch (error) {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return false;
      throw ioError(path, error);
    }
  }

  /** The names of the regular files of a directory of the store, sorted; none when it does not exist. */
  async listFiles(directory: string): Promise<string[]> {
    try {
      const entries = await readdir(this.absolute(directory), { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return [];
      throw ioError(directory, error);
    }
  }

  /** Creates the store and its repository if they are not there yet (seed: on first use). */
  async ensureRepository(): Promise<void> {
    if (this.initialised) return;
    try {
      await mkdir(this.root, { recursive: true });
    } catch (error) {
      throw storeError('create the store', error);
    }
    const hasRepository = await stat(join(this.root, '.git')).then(
      () => true,
      () => false,
    );
    if (!hasRepository) await this.git(['init', '--quiet'], 'init');
    this.initialised = true;
  }

  /**
   * Runs one write under the store's lock: `plan` reads what it needs and returns the changes and the
   * commit message; they are written and committed together, or not at all. Returns the commit.
   */
  write<T>(
    plan: (tx: StoreTransaction) => Promise<{ changes: StoreChange[]; message: string; result: T }>,
  ): Promise<T & { commit: string }> {
    const run = this.queue.then(async () => {
      await this.ensureRepository();
      const planned = await plan({ read: (path) => this.read(path), lastCommitOf: (path) => this.lastCommitOf(path) });
      const commit = await this.apply(planned.changes, planned.message);
      return { ...planned.result, commit };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The commit that last changed a path; null when none did (or the store has no commit yet). */
  async lastCommitOf(path: string): Promise<string | null> {
    const history = await this.history(path, 1);
    return history[0]?.commit ?? null;
  }

  async history(path: string, limit: number): Promise<StoredVersion[]> {
    if (!(await this.hasCommits())) return [];
    const output = await this.git(['log', `-n${limit}`, '--format=%H%x1f%an <%ae>%x1f%aI%x1f%s', '--', path], 'log');
    return output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [commit, author, date, message] = line.split('\x1f') as [string, string, string, string];
        return { commit, author, date, message };
      });
  }

  /** A file's text at a commit; null when the commit does not have it. */
  async readAt(commit: string, path: string): Promise<string | null> {
    if (!(await this.hasCommits())) return null;
    const full = await this.git(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], 'rev-parse', true);
    if (full === null) return null;
    return this.git(['show', `${full.trim()}:${path.split(sep).join('/')}`], 'show', true);
  }

  private async hasCommits(): Promise<boolean> {
    await this.ensureRepository();
    return (await this.git(['rev-parse', '--verify', '--quiet', 'HEAD'], 'rev-parse', true)) !== null;
  }

  private async apply(changes: StoreChange[], message: string): Promise<string> {
    const previous = new Map<string, string | null>();
    for (const change of changes) previous.set(change.path, await this.read(change.path));
    const temporaries: string[] = [];
    try {
      for (const change of changes) {
        const absolute = this.absolute(change.path);
        if (change.content === null) {
          await unlink(absolute).catch((error: unknown) => {
            if (errnoOf(error) !== 'ENOENT') throw error;
          });
          continue;
        }
        await mkdir(dirname(absolute), { recursive: true });
        const temporary = join(dirname(absolute), `.${basename(absolute)}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`);
        temporaries.push(temporary);
        await writeFile(temporary, change.content, { encoding: 'utf8', flag: 'wx' });
        await rename(temporary, absolute);
        temporaries.pop();
      }
      const paths = changes.map((change) => change.path);
      await this.git(['add', '--all', '--', ...paths], 'add');
      await this.git(['commit', '--quiet', '--no-verify', '--allow-empty', '-m', message, '--', ...paths], 'commit');
      return (await this.git(['rev-parse', 'HEAD'], 'rev-parse')).trim();
    } catch (error) {
      await this.restore(previous, temporaries);
      throw isLoreError(error) ? error : storeError('write the store', error);
    }
  }

  /** Puts every file back as it was before a write that failed, and unstages it. */
  private async restore(previous: Map<string, string | null>, temporaries: string[]): Promise<void> {
    for (const temporary of temporaries) await rm(temporary, { force: true }).catch(() => undefined);
    for (const [path, content] of previous) {
      const absolute = this.absolute(path);
      if (content === null) await rm(absolute, { force: true }).catch(() => undefined);
      else await writeFile(absolute, content, 'utf8').catch(() => undefined);
    }
    if (await this.git(['rev-parse', '--verify', '--quiet', 'HEAD'], 'rev-parse', true).catch(() => null)) {
      await this.git(['reset', '--quiet', 'HEAD', '--', ...previous.keys()], 'reset', true).catch(() => undefined);
    } else {
      await this.git(['rm', '--cached', '--quiet', '-r', '--ignore-unmatch', '--', ...previous.keys()], 'rm', true).catch(() => undefined);
    }
  }

  /**
   * Runs git in the store; `tolerant` answers null instead of failing when git exits non-zero. A
   * writer of another process (a `lore knowledge` command beside a server) holds git's index.lock
   * for a moment: such a run is tried again, for up to INDEX_LOCK_WAIT_MS, rather than failing.
   */
  private git(args: string[], operation: string, tolerant: true): Promise<string | null>;
  private git(args: string[], operation: string): Promise<string>;
  private async git(args: string[], operation: string, tolerant = false): Promise<string | null> {
    const deadline = Date.now() + INDEX_LOCK_WAIT_MS;
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.runGit(args);
      if (outcome.ok) return outcome.stdout;
      if (outcome.exitCode !== null && outcome.stderr.includes('index.lock') && Date.now() < deadline) {
        await new Promise((resolveLater) => setTimeout(resolveLater, Math.min(25 * attempt, 250)));
        continue;
      }
      if (tolerant && outcome.exitCode !== null) return null;
      const reason = outcome.missing ? 'git is not installed or not on PATH' : outcome.stderr.trim().split('\n')[0] || outcome.message;
      throw knowledgeErrors.gitFailed(operation, reason);
    }
  }

  private runGit(
    args: string[],
  ): Promise<{ ok: true; stdout: string } | { ok: false; exitCode: number | null; stderr: string; message: string; missing: boolean }> {
    const isolated = [
      '-c',
      `user.name=${KNOWLEDGE_AUTHOR.name}`,
      '-c',
      `user.email=${KNOWLEDGE_AUTHOR.email}`,
      '-c',
      'commit.gpgsign=false',
      '-c',
      `core.hooksPath=${devNull}`,
      '-c',
      'init.defaultBranch=main',
    ];
    return new Promise((resolvePromise) => {
      execFile(
        'git',
        [...isolated, ...args],
        { cwd: this.root, env: gitEnvironment(), timeout: GIT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (!error) return resolvePromise({ ok: true, stdout });
          const code = (error as { code?: unknown }).code;
          resolvePromise({
            ok: false,
            exitCode: typeof code === 'number' ? code : null,
            stderr,
            message: error.message,
            missing: errnoOf(error) === 'ENOENT',
          });
        },
      );
    });
  }
}

/** The environment git runs in: the user's and the system's configuration out of reach, no prompts, no outer repository. */
function gitEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) environment[key] = value;
  return {
    ...environment,
    GIT_CONFIG_GLOBAL: devNull,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
}

function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isLoreError(error: unknown): error is LoreError {
  return typeof (error as { toBody?: unknown } | null)?.toBody === 'function';
}

/** A store that cannot be written (read-only, not ours) is a -32005 like a failing git; other I/O is -32006. */
function storeError(operation: string, error: unknown): LoreError {
  const code = errnoOf(error);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return knowledgeErrors.gitFailed(operation, 'the knowledge store is read-only');
  return ioError(operation, error);
}

function ioError(path: string, error: unknown): LoreError {
  return knowledgeErrors.fileIoFailed(path, errnoOf(error) ?? (error instanceof Error ? error.message : String(error)));
}
