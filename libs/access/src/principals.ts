import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';

/** A request that must authenticate and did not: doors answer 401 with a WWW-Authenticate challenge. */
export class AuthenticationRequiredError extends Error {
  constructor() {
    super('Authentication required: send Authorization: Bearer <api key>.');
    this.name = 'AuthenticationRequiredError';
  }
}

/**
 * Turns what a transport knows about its caller into a Principal. The tenant comes from the
 * server's configuration, never from tool arguments.
 */
@Injectable()
export class PrincipalResolver {
  private readonly keyDigests: Buffer[];

  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {
    this.keyDigests = config.LORE_API_KEYS.map(digest);
  }

  /** stdio and the CLI: the local user of this configuration. */
  local(): Principal {
    return localPrincipal(this.config.LORE_TENANT);
  }

  /**
   * HTTP: a valid bearer key is required when LORE_AUTH=required, or (LORE_AUTH unset) when keys are
   * configured; otherwise the caller is the local principal (a loopback server, or LORE_AUTH=off stated).
   */
  fromAuthorizationHeader(header: string | undefined): Principal {
    const required = this.config.LORE_AUTH === 'required' || (this.config.LORE_AUTH === undefined && this.keyDigests.length > 0);
    if (!required) return this.local();
    const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
    if (!token) throw new AuthenticationRequiredError();
    const presented = digest(token);
    const index = this.keyDigests.findIndex((known) => timingSafeEqual(known, presented));
    if (index < 0) throw new AuthenticationRequiredError();
    return { ...localPrincipal(this.config.LORE_TENANT, `api-key-${index + 1}`), permissions: ['read'] };
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
