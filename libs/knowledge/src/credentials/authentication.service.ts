import { Inject, Injectable } from '@nestjs/common';
import {
  AuthenticationRequiredError,
  HttpAuthenticator,
  JwtVerifier,
  PrincipalResolver,
  isLoopback,
  unauthenticatedExposureProblems,
} from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { Principal } from '@lore/domain';
import { ApiKeysService } from './api-keys.service';

/**
 * Who an HTTP caller is, from `Authorization: Bearer <credential>`: a Lore API key, or a JWT from the
 * configured issuer or signed with MCP_JWT_SECRET. Whether a caller must present one: LORE_AUTH when stated, else yes whenever the
 * server binds beyond loopback, accepts JWTs, or any key exists. A presented credential is always
 * checked, required or not.
 */
@Injectable()
export class AuthenticationService extends HttpAuthenticator {
  constructor(
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly apiKeys: ApiKeysService,
    private readonly principals: PrincipalResolver,
    private readonly jwt: JwtVerifier,
  ) {
    super();
  }

  async authenticate(authorization: string | undefined): Promise<Principal> {
    if (this.config.LORE_AUTH === 'off') return this.principals.local();
    if (authorization === undefined || authorization.trim() === '') {
      if (await this.authenticationRequired()) throw new AuthenticationRequiredError();
      return this.principals.local();
    }
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token) throw new AuthenticationRequiredError('The Authorization header must be "Bearer <credential>".', true);
    const fromKey = await this.apiKeys.principalOfKey(token);
    if (fromKey) return fromKey;
    if (this.jwt.configured && JwtVerifier.looksLikeJwt(token)) return this.jwt.principalOf(token);
    throw new AuthenticationRequiredError(
      this.jwt.configured ? 'The bearer credential is neither a Lore API key nor a JWT.' : 'The bearer credential is not a Lore API key.',
      true,
    );
  }

  async authenticationRequired(): Promise<boolean> {
    if (this.config.LORE_AUTH !== undefined) return this.config.LORE_AUTH === 'required';
    return !isLoopback(this.config.LORE_HOST) || this.jwt.configured || (await this.apiKeys.anyKeyExists());
  }

  /** One line for the start of a server: whether callers must authenticate, and why. */
  async describeMode(): Promise<string> {
    if (this.config.LORE_AUTH === 'off') return 'authentication: off (LORE_AUTH=off): every caller is the local user';
    if (this.config.LORE_AUTH === 'required') return 'authentication: keys required (LORE_AUTH=required)';
    if (!isLoopback(this.config.LORE_HOST)) return `authentication: keys required (bound to ${this.config.LORE_HOST}, beyond loopback)`;
    if (this.jwt.configured) return 'authentication: keys or JWTs required (LORE_JWT_ISSUER or MCP_JWT_SECRET is set)';
    if (await this.apiKeys.anyKeyExists())
      return 'authentication: keys required (a usable API key exists; revoke every key, or set LORE_AUTH=off, to open loopback again)';
    return 'authentication: open on loopback (no API key exists; `lore keys create` makes every door require one)';
  }

  /** Why this server must not start (bound beyond loopback with no credential it could accept), if it must not. */
  async exposureProblems(): Promise<string[]> {
    if (isLoopback(this.config.LORE_HOST) || this.config.LORE_AUTH === 'off') return [];
    return unauthenticatedExposureProblems(this.config, this.jwt.configured || (await this.apiKeys.anyKeyExists()));
  }
}
