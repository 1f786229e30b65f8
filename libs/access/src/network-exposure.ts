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
 * (LORE_ALLOW_REMOTE). Whether its callers can authenticate needs the graph (keys live there):
 * `unauthenticatedExposureProblems`, asked by the server once it is built.
 */
export function networkExposureProblems(config: Pick<LoreConfig, 'LORE_HOST' | 'LORE_ALLOW_REMOTE'>): string[] {
  if (isLoopback(config.LORE_HOST) || config.LORE_ALLOW_REMOTE) return [];
  return [
    `LORE_HOST=${config.LORE_HOST} serves your code beyond this machine: start with --allow-remote (LORE_ALLOW_REMOTE=true) if that is meant, or bind 127.0.0.1.`,
  ];
}

/**
 * A server beyond loopback requires authentication (unless LORE_AUTH=off is stated); with no
 * credential it could accept (no API key, no JWT issuer) it would serve nobody, or, were the
 * requirement dropped, everybody: it does not start, and says what to set.
 */
export function unauthenticatedExposureProblems(config: Pick<LoreConfig, 'LORE_HOST' | 'LORE_AUTH'>, credentialsExist: boolean): string[] {
  if (isLoopback(config.LORE_HOST) || config.LORE_AUTH === 'off' || credentialsExist) return [];
  return [
    `LORE_HOST=${config.LORE_HOST} needs its callers authenticated: create an API key (lore keys create --tenant <id>) or configure JWT bearer tokens (LORE_JWT_ISSUER), or state LORE_AUTH=off to serve without authentication.`,
  ];
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
