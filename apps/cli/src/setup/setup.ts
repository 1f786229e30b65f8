import { accessSync, constants, copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { InvalidInputError, NotFoundError, PermissionDeniedError } from '@lore/domain';
import { AGENT_CLIENTS, type AgentClient, type HttpServer, type SetupEnvironment, type StdioServer } from './clients';
import { changeEntry, readEntry } from './config-edit';

/** The name of Lore's entry in every client's file. */
export const SERVER_NAME = 'lore';

export interface SetupRequest {
  client: string;
  action: 'write' | 'print' | 'remove';
  /** Set: the entry points at this HTTP server; else at `lore mcp` over stdio. */
  http: HttpServer | null;
  stdio: StdioServer;
}

export interface SetupOutcome {
  client: string;
  file: string;
  /** written: the file changed; unchanged: it already was as asked; printed: nothing was written. */
  status: 'written' | 'unchanged' | 'removed' | 'absent' | 'printed';
  /** The copy of the file as it was before this write, when there was a file. */
  backup: string | null;
  entry: Record<string, unknown> | null;
  /** The whole file as it is (or, for --print, as it would be) after the change. */
  text: string;
}

export function findClient(id: string): AgentClient {
  const client = AGENT_CLIENTS.find((candidate) => candidate.id === id);
  if (client === undefined)
    throw new InvalidInputError(`Unknown client '${id}'.`, {
      hint: `one of ${AGENT_CLIENTS.map((candidate) => candidate.id).join(', ')} (lore setup --list)`,
      details: { clients: AGENT_CLIENTS.map((candidate) => candidate.id) },
    });
  return client;
}

/** The entry Lore asks the client for: stdio's command or the HTTP URL (with its key). */
export function serverEntry(client: AgentClient, request: Pick<SetupRequest, 'http' | 'stdio'>): Record<string, unknown> {
  if (request.http === null) return client.stdioEntry(request.stdio);
  if (client.httpEntry === null)
    throw new InvalidInputError(`${client.name}'s configuration file takes only local (stdio) servers.`, {
      hint: `run lore setup ${client.id} without --http`,
      details: { client: client.id },
    });
  return client.httpEntry(request.http);
}

/**
 * Writes (or removes, or only shows) Lore's entry in one client's file. Every other server and
 * setting stays; the write is atomic and keeps the previous file as `<file>.lore-backup`; asking for
 * what the file already says writes nothing. A file that does not parse, a read-only file, or a
 * user-scope client that is not installed: nothing changes, and the error says why.
 */
export function runSetup(request: SetupRequest, environment: SetupEnvironment): SetupOutcome {
  const client = findClient(request.client);
  const file = client.file(environment);
  const entry = request.action === 'remove' ? null : serverEntry(client, request);
  const change = { format: client.format, serversKey: client.serversKey, name: SERVER_NAME, entry };
  const before = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const after = changeEntry(before, file, change);
  const base = { client: client.id, file, entry, text: after };
  if (request.action === 'print') return { ...base, status: 'printed', backup: null };
  if (after === (before ?? ''))
    return { ...base, status: request.action === 'remove' ? 'absent' : 'unchanged', backup: null, text: before ?? '' };
  assertInstalled(client, environment);
  assertWritable(file, before !== null);
  let backup: string | null = null;
  if (before !== null) {
    backup = `${file}.lore-backup`;
    copyFileSync(file, backup);
  } else mkdirSync(dirname(file), { recursive: true });
  // The file's own mode is kept by write-file-atomic; a new one gets the user's umask.
  writeFileAtomic.sync(file, after);
  return { ...base, status: request.action === 'remove' ? 'removed' : 'written', backup };
}

/** Whether the file holds Lore's entry (for --list). */
export function configuredEntry(client: AgentClient, environment: SetupEnvironment): { file: string; entry: unknown; installed: boolean } {
  const file = client.file(environment);
  const installed = isInstalled(client, environment);
  if (!existsSync(file)) return { file, entry: undefined, installed };
  try {
    return {
      file,
      entry: readEntry(readFileSync(file, 'utf8'), file, { format: client.format, serversKey: client.serversKey, name: SERVER_NAME }),
      installed,
    };
  } catch (error) {
    return { file, entry: error instanceof Error ? { error: error.message } : undefined, installed };
  }
}

function isInstalled(client: AgentClient, environment: SetupEnvironment): boolean {
  const where = client.installedWhere(environment);
  return where.length === 0 || where.some((directory) => existsSync(directory));
}

function assertInstalled(client: AgentClient, environment: SetupEnvironment): void {
  if (isInstalled(client, environment)) return;
  const where = client.installedWhere(environment);
  throw new NotFoundError(`${client.name} does not look installed here: ${where.join(' or ')} does not exist. Nothing was changed.`, {
    hint: `install ${client.name} (or start it once), then run lore setup ${client.id} again; lore setup ${client.id} --print shows the entry`,
    details: { client: client.id, expected: where },
  });
}

function assertWritable(file: string, exists: boolean): void {
  // A file without write bits was made read-only on purpose: refused even where the OS would let
  // this user (root) write it. The nearest existing directory must take a new file (the atomic write
  // renames one into place).
  let directory = dirname(file);
  while (!existsSync(directory) && dirname(directory) !== directory) directory = dirname(directory);
  const readOnly = (path: string): boolean => {
    if ((statSync(path).mode & 0o222) === 0) return true;
    try {
      accessSync(path, constants.W_OK);
      return false;
    } catch {
      return true;
    }
  };
  for (const [path, kind] of [...(exists ? [[file, 'file'] as const] : []), [directory, 'directory'] as const])
    if (readOnly(path))
      throw new PermissionDeniedError(`${path} is read-only: the ${kind} cannot be written. Nothing was changed.`, {
        hint: `make it writable (chmod u+w ${path}), or add the entry by hand: lore setup <client> --print`,
        details: { file, path },
      });
}

/** The repository's root: the nearest directory up from `cwd` holding `.git` (a directory, or a worktree's file), else `cwd`. */
export function repositoryRoot(cwd: string): string {
  for (let directory = resolve(cwd); ; directory = dirname(directory)) {
    if (existsSync(join(directory, '.git'))) return directory;
    if (dirname(directory) === directory) return resolve(cwd);
  }
}

/**
 * How a client starts `lore mcp`: `lore` itself when the `lore` on PATH is this installation (a global
 * install), else this Node and this script by absolute path (a checkout; also what GUI clients, which
 * do not read a shell's PATH, can start).
 */
export function stdioServer(script: string, env: NodeJS.ProcessEnv, node = process.execPath): StdioServer {
  const real = realpathSync(script);
  for (const directory of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(directory, 'lore');
    try {
      if (statSync(candidate).isFile() && realpathSync(candidate) === real) return { command: 'lore', args: ['mcp'] };
    } catch {
      // Not on this PATH entry.
    }
  }
  return { command: node, args: [real, 'mcp'] };
}
