import type { LoreConfig } from '@lore/config';
import type { Permission } from '@lore/domain';
import { isLoopback } from './network-exposure';

type Addressed = Pick<LoreConfig, 'LORE_PUBLIC_URL' | 'LORE_HOST' | 'LORE_PORT'>;

/** The scopes of a Lore token and the permission each grants. */
export const SCOPE_PERMISSIONS = {
  'lore:read': 'read',
  'lore:index': 'index',
  'lore:admin': 'admin',
  'lore:knowledge:write': 'knowledge:write',
  'lore:memory:approve': 'memory:approve',
  'lore:docs:publish': 'docs:publish',
} as const satisfies Record<string, Permission>;
export const scopeOf = (permission: Permission): string => `lore:${permission}`;

/** This server as its callers reach it: LORE_PUBLIC_URL, else http://LORE_HOST:LORE_PORT (a wildcard bind read as localhost). */
export function publicUrl(config: Addressed): string {
  if (config.LORE_PUBLIC_URL) return config.LORE_PUBLIC_URL;
  const host = isLoopback(config.LORE_HOST) || ['0.0.0.0', '::', '[::]'].includes(config.LORE_HOST) ? 'localhost' : config.LORE_HOST;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.LORE_PORT}`;
}

/** MCP's canonical resource URI (RFC 8707): the audience its tokens are issued for. */
export function mcpResourceUri(config: Addressed): string {
  return `${publicUrl(config)}/mcp`;
}

/** Where the protected-resource metadata of /mcp is (RFC 9728 section 3.1: the well-known path before the resource's path). */
export function resourceMetadataUrl(config: Addressed): string {
  return `${publicUrl(config)}/.well-known/oauth-protected-resource/mcp`;
}

/** The protected-resource metadata of /mcp (RFC 9728 section 2), as the MCP authorization spec asks of a server. */
export function protectedResourceMetadata(config: Addressed & Pick<LoreConfig, 'LORE_JWT_ISSUER'>): Record<string, unknown> {
  return {
    resource: mcpResourceUri(config),
    authorization_servers: config.LORE_JWT_ISSUER ? [config.LORE_JWT_ISSUER] : [],
    scopes_supported: Object.keys(SCOPE_PERMISSIONS),
    bearer_methods_supported: ['header'],
    resource_name: 'Lore',
  };
}
