import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';

/**
 * An HTTP request that must authenticate and did not: doors answer 401 with a `WWW-Authenticate: Bearer`
 * challenge, carrying `error="invalid_token"` when a credential was presented (RFC 6750 section 3.1).
 */
export class AuthenticationRequiredError extends Error {
  constructor(
    message = 'Authentication required: send Authorization: Bearer <API key or token>.',
    readonly invalidToken = false,
  ) {
    super(message);
    this.name = 'AuthenticationRequiredError';
  }
}

/**
 * Who an HTTP caller is, from its Authorization header (an API key stored in Neo4j, or a JWT). It is
 * provided by the knowledge module (the keys live in the graph); libs/access only names it, so that
 * PrincipalMiddleware can ask it.
 */
export abstract class HttpAuthenticator {
  /** The caller, or AuthenticationRequiredError; the local principal when this server needs no authentication. */
  abstract authenticate(authorization: string | undefined): Promise<Principal>;
}

/** The caller of stdio and the CLI: the local user of this configuration. The tenant comes from the server's configuration, never from tool arguments. */
@Injectable()
export class PrincipalResolver {
  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {}

  local(): Principal {
    return localPrincipal(this.config.LORE_TENANT);
  }
}

/** The value of a `WWW-Authenticate: Bearer` header (RFC 6750 section 3, RFC 9728 section 5.1). */
export function bearerChallenge(params: { error?: string; description?: string; scope?: string; resourceMetadata?: string }): string {
  const parts = [['realm', 'lore']];
  if (params.resourceMetadata) parts.push(['resource_metadata', params.resourceMetadata]);
  if (params.error) parts.push(['error', params.error]);
  if (params.description) parts.push(['error_description', params.description.replace(/["\\]/g, "'")]);
  if (params.scope) parts.push(['scope', params.scope]);
  return `Bearer ${parts.map(([name, value]) => `${name}="${value}"`).join(', ')}`;
}
