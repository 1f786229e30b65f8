import type { LoreConfig } from '@lore/config';

/** Names a loopback-bound server answers to. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
/** Binding these means every interface. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.includes(unbracket(host)) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Why this configuration must not start, if it must not: a server reachable beyond loopback serves
 * every indexed repository to whoever reaches it, so it binds there only when asked to
 * (LORE_ALLOW_REMOTE), and with callers authenticated unless that is switched off in so many words.
 */
export function networkExposureProblems(
  config: Pick<LoreConfig, 'LORE_HOST' | 'LORE_ALLOW_REMOTE' | 'LORE_AUTH' | 'LORE_API_KEYS'>,
): string[] {
  if (isLoopback(config.LORE_HOST)) return [];
  const problems: string[] = [];
  if (!config.LORE_ALLOW_REMOTE) {
    problems.push(
      `LORE_HOST=${config.LORE_HOST} serves your code beyond this machine: start with --allow-remote (LORE_ALLOW_REMOTE=true) if that is meant, or bind 127.0.0.1.`,
    );
  }
  if (config.LORE_API_KEYS.length === 0 && config.LORE_AUTH !== 'off') {
    problems.push(
      `LORE_HOST=${config.LORE_HOST} needs its callers authenticated: set LORE_API_KEYS, or state LORE_AUTH=off to serve without authentication.`,
    );
  }
  return problems;
}

/** The host names the HTTP doors answer to: loopback's, LORE_HOST (unless a wildcard) and LORE_ALLOWED_HOSTS. */
export function allowedHostNames(config: Pick<LoreConfig, 'LORE_HOST' | 'LORE_ALLOWED_HOSTS'>): Set<string> {
  const names = [...LOOPBACK_NAMES, ...config.LORE_ALLOWED_HOSTS];
  if (!WILDCARD_HOSTS.has(config.LORE_HOST)) names.push(config.LORE_HOST);
  return new Set(names.map((name) => unbracket(name).toLowerCase()));
}

/** The host name of a Host header (`example.com:7300`, `[::1]:7300`), lower-cased; null if it is not one. */
export function hostNameOf(header: string | undefined): string | null {
  if (!header) return null;
  try {
    return unbracket(new URL(`http://${header}`).hostname).toLowerCase();
  } catch {
    return null;
  }
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
