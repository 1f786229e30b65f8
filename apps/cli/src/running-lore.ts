import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { localConnectionFile } from '@lore/config/local-connection';
import type { Principal } from '@lore/domain';
import { type ErrorBody, type ErrorCode, LoreError } from '@lore/domain/errors';

/** The Lore `lore up` serves, recorded so that a command in another shell asks it instead of opening the services itself. */
export interface RunningLore {
  /** The HTTP doors' base URL (http://127.0.0.1:7300). */
  url: string;
  /** The `lore up` process: a record whose process is gone is stale. */
  pid: number;
  /** The Neo4j it serves: a command told to use another (NEO4J_URI) does not ask it. */
  neo4jUri: string;
}

/** $XDG_CONFIG_HOME/lore/running-lore.json (else ~/.config/...), beside the recorded local Neo4j. */
export function runningLoreFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(localConnectionFile(env)), 'running-lore.json');
}

export function recordRunningLore(running: RunningLore, env: NodeJS.ProcessEnv = process.env): void {
  const file = runningLoreFile(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(`${file}.${process.pid}.tmp`, `${JSON.stringify(running)}\n`, { mode: 0o600 });
  renameSync(`${file}.${process.pid}.tmp`, file);
}

/** Forgets this process's record (another `lore up`'s record stays). */
export function forgetRunningLore(env: NodeJS.ProcessEnv = process.env): void {
  if (readRunningLore(env)?.pid === process.pid) rmSync(runningLoreFile(env), { force: true });
}

export function readRunningLore(env: NodeJS.ProcessEnv = process.env): RunningLore | null {
  let running: Partial<RunningLore>;
  try {
    running = JSON.parse(readFileSync(runningLoreFile(env), 'utf8')) as Partial<RunningLore>;
  } catch {
    return null;
  }
  if (typeof running.url !== 'string' || typeof running.pid !== 'number' || typeof running.neo4jUri !== 'string') return null;
  try {
    process.kill(running.pid, 0);
  } catch (error) {
    // EPERM: alive, another user's; ESRCH: gone.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return null;
  }
  return { url: running.url, pid: running.pid, neo4jUri: running.neo4jUri };
}

/** An error the running Lore answered, with its code, so that the exit code and --json are what the local call gives. */
class AnsweredError extends LoreError {
  readonly code: ErrorCode;
  override readonly retryable: boolean;
  constructor(body: ErrorBody) {
    super(body.message, { hint: body.hint ?? undefined, details: body.details ?? undefined });
    this.code = body.code;
    this.retryable = body.retryable;
  }
}

/** A read through REST: the route and its input, as the service takes it (the route's query maps onto it). */
export interface RemoteRead {
  path: string;
  input: Record<string, unknown>;
}

/**
 * A read answered by the running Lore over REST when `lore up` recorded one that answers (0.1 s,
 * against seconds to start Nest and connect to Neo4j here), else by the services opened in this
 * process. Its REST answer is the service's answer, so the printout is the same either way. A server
 * that asks for a key (or is not there) is left to the local services, which need none.
 */
export async function readFromLore<T>(
  read: RemoteRead,
  local: (context: INestApplicationContext, principal: Principal) => Promise<T>,
): Promise<T> {
  const running = process.env.LORE_NO_SERVER === '1' ? null : readRunningLore();
  // Only the Lore over the graph this command would read: not when NEO4J_URI names another.
  if (running !== null && (!process.env.NEO4J_URI || process.env.NEO4J_URI === running.neo4jUri)) {
    const answer = await askRunningLore<T>(running, read);
    if (answer !== undefined) return answer;
  }
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { withServices } = require('./cli-context') as typeof import('./cli-context');
  const { PrincipalResolver } = require('@lore/access') as typeof import('@lore/access');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return withServices((context) => local(context, context.get(PrincipalResolver).local()));
}

async function askRunningLore<T>(running: RunningLore, read: RemoteRead): Promise<T | undefined> {
  const url = `${running.url}${read.path}?${queryOf(read.input)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...(process.env.LORE_BOOKMARK ? { 'lore-bookmark': process.env.LORE_BOOKMARK } : {}) },
      signal: AbortSignal.timeout(120_000),
    });
  } catch {
    return undefined;
  }
  if (response.status === 401 || response.status === 403) return undefined;
  const body = (await response.json()) as T & Partial<ErrorBody> & { detail?: string };
  if (response.ok) return body;
  if (typeof body.code === 'string' && typeof body.detail === 'string')
    throw new AnsweredError({
      code: body.code,
      message: body.detail,
      retryable: Boolean(body.retryable),
      hint: body.hint ?? null,
      details: body.details ?? null,
    });
  return undefined;
}

/** The query string a GET route reads back into the input (libs/rest inputFromQuery): a nested object's fields by their own names, arrays comma-separated. */
export function queryOf(input: Record<string, unknown>): string {
  const query = new URLSearchParams();
  const add = (name: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  };
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      for (const [field, leaf] of Object.entries(value)) add(field, leaf);
    else add(name, value);
  }
  return query.toString();
}
