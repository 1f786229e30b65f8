import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConfigError } from './config-error';

/** How `lore up` reaches the Neo4j it started: recorded so that commands in another shell find it without exports. */
export interface LocalConnection {
  NEO4J_URI: string;
  NEO4J_USER: string;
  NEO4J_PASSWORD: string;
  /** The local Neo4j's data directory: its password is the one it was created with. */
  dataDir: string;
}

/** $XDG_CONFIG_HOME/lore/local-neo4j.json (else ~/.config/...): the user's own, mode 0600. */
export function localConnectionFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'lore', 'local-neo4j.json');
}

export function recordLocalConnection(connection: LocalConnection, env: NodeJS.ProcessEnv = process.env): string {
  const file = localConnectionFile(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(connection, null, 2)}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
  return file;
}

/**
 * The recorded connection, or null when there is none. A file others may read (or that is not the
 * recorded shape) is refused rather than used: it holds a password.
 */
export function readLocalConnection(env: NodeJS.ProcessEnv = process.env): LocalConnection | null {
  const file = localConnectionFile(env);
  let text: string;
  try {
    if ((statSync(file).mode & 0o077) !== 0) throw new ConfigError([`${file} is readable by other users: run \`chmod 600 ${file}\``]);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let value: Partial<LocalConnection>;
  try {
    value = JSON.parse(text) as Partial<LocalConnection>;
  } catch {
    throw new ConfigError([`${file} is not JSON: run \`lore up\` again to record it`]);
  }
  for (const key of ['NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'dataDir'] as const)
    if (typeof value[key] !== 'string' || value[key] === '')
      throw new ConfigError([`${file} has no ${key}: run \`lore up\` again to record it`]);
  return value as LocalConnection;
}
