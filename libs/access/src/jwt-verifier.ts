import { readFileSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { type Permission, type Principal, TOOL_PROFILE_NAMES, UnavailableError } from '@lore/domain';
import { AuthenticationRequiredError } from './principals';
import { SCOPE_PERMISSIONS, mcpResourceUri } from './resource-server';

/** Signatures by the issuer's private key only: never `none`, never a shared secret (HS*) that a JWKS could not hold safely. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** The one algorithm of a token signed with MCP_JWT_SECRET (the CodeDoc server's JWTValidator). */
const SHARED_SECRET_ALGORITHM = 'HS256';
/**
 * What a token signed with MCP_JWT_SECRET may do when it names no scope: read, as the CodeDoc
 * server's authenticated callers do (its tools read code and write documentation of their own).
 */
const SHARED_SECRET_PERMISSIONS: readonly Permission[] = ['read'];
const SHARED_SECRET_SUBJECT = 'mcp-jwt-secret';
const TENANT = /^[a-z0-9][a-z0-9-]{0,62}$/;
const CLOCK_TOLERANCE_SECONDS = 30;

let loadedJose: typeof import('jose') | undefined;
/** jose, loaded when a token is first checked: a process that checks none (a CLI command) skips its 40-70 ms load. */
function jose(): typeof import('jose') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loadedJose ??= require('jose') as typeof import('jose'));
}

/**
 * JWT bearer tokens from the configured issuer (LORE_JWT_ISSUER), checked against its keys (a JWKS
 * URL, fetched and cached by jose, or a local file), the audience (LORE_JWT_AUDIENCE, else MCP's
 * canonical resource URI) and the clock; their claims become a Principal. Lore only verifies tokens:
 * it never forwards one anywhere (no token passthrough), so a token issued for Lore works only here.
 * Besides, with MCP_JWT_SECRET (seed 002), an HS256 token signed with that secret: no issuer or
 * audience to check, its tenant the server's (LORE_TENANT) unless it names one.
 */
@Injectable()
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey | null;
  private readonly audience: string;
  private readonly sharedSecret: Uint8Array | null;

  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {
    this.audience = config.LORE_JWT_AUDIENCE ?? mcpResourceUri(config);
    this.sharedSecret = config.MCP_JWT_SECRET ? new TextEncoder().encode(config.MCP_JWT_SECRET) : null;
    this.keys = !config.LORE_JWT_ISSUER
      ? null
      : config.LORE_JWT_JWKS_URL
        ? jose().createRemoteJWKSet(new URL(config.LORE_JWT_JWKS_URL))
        : jose().createLocalJWKSet(
            JSON.parse(readFileSync(config.LORE_JWT_JWKS_FILE!, 'utf8')) as Parameters<typeof import('jose').createLocalJWKSet>[0],
          );
  }

  get configured(): boolean {
    return this.keys !== null || this.sharedSecret !== null;
  }

  /** Whether a bearer credential is shaped like a JWT (three base64url parts), so that it is this verifier's to judge. */
  static looksLikeJwt(token: string): boolean {
    return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
  }

  async principalOf(token: string): Promise<Principal> {
    if (this.sharedSecret && algorithmOf(token) === SHARED_SECRET_ALGORITHM) return this.principalOfShared(token, this.sharedSecret);
    if (!this.keys)
      throw new AuthenticationRequiredError(
        this.sharedSecret
          ? `This server accepts JWTs signed with MCP_JWT_SECRET (${SHARED_SECRET_ALGORITHM}) only.`
          : 'This server accepts no JWT: use an API key.',
        true,
      );
    let payload: JWTPayload;
    try {
      ({ payload } = await jose().jwtVerify(token, this.keys, {
        issuer: this.config.LORE_JWT_ISSUER,
        audience: this.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (keysUnreachable(error)) {
        // Not the caller's fault, and not a verdict on the token: retryable, and said to the operator.
        throw new UnavailableError("The issuer's keys could not be fetched, so no token can be checked now.", {
          hint: `Check that LORE_JWT_JWKS_URL (${this.config.LORE_JWT_JWKS_URL}) answers from this server; API keys still work.`,
        });
      }
      throw new AuthenticationRequiredError(refusal(error), true);
    }
    return this.principalFromClaims(payload);
  }

  private async principalOfShared(token: string, secret: Uint8Array): Promise<Principal> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jose().jwtVerify(token, secret, {
        algorithms: [SHARED_SECRET_ALGORITHM],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      const signature = error instanceof jose().errors.JWSSignatureVerificationFailed;
      throw new AuthenticationRequiredError(
        signature ? "The token's signature does not verify with MCP_JWT_SECRET." : refusal(error),
        true,
      );
    }
    return this.principalFromClaims(payload, { tenant: this.config.LORE_TENANT, permissions: SHARED_SECRET_PERMISSIONS });
  }

  /** A token's principal; `unnamed` gives the tenant and permissions of a token that names none (a shared-secret token's). */
  private principalFromClaims(payload: JWTPayload, unnamed?: { tenant: string; permissions: readonly Permission[] }): Principal {
    const tenant = payload[this.config.LORE_JWT_TENANT_CLAIM] ?? unnamed?.tenant;
    if (typeof tenant !== 'string' || !TENANT.test(tenant))
      throw new AuthenticationRequiredError(`The token has no valid ${this.config.LORE_JWT_TENANT_CLAIM} claim (the tenant).`, true);
    const repositories = payload[this.config.LORE_JWT_REPOSITORIES_CLAIM] ?? '*';
    if (repositories !== '*' && !(Array.isArray(repositories) && repositories.every((id) => typeof id === 'string' && id.length > 0)))
      throw new AuthenticationRequiredError(
        `The token's ${this.config.LORE_JWT_REPOSITORIES_CLAIM} claim is neither "*" nor a list of repository ids.`,
        true,
      );
    const profile = payload[this.config.LORE_JWT_PROFILE_CLAIM] ?? null;
    if (profile !== null && !TOOL_PROFILE_NAMES.includes(profile as never))
      throw new AuthenticationRequiredError(`The token's ${this.config.LORE_JWT_PROFILE_CLAIM} claim names no tool profile.`, true);
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : null;
    const permissions =
      scopes === null && unnamed
        ? [...unnamed.permissions]
        : Object.entries(SCOPE_PERMISSIONS)
            .filter(([scope]) => (scopes ?? []).includes(scope))
            .map(([, permission]) => permission as Permission);
    return {
      tenantId: tenant,
      // A shared-secret token need not name a subject (an issuer's must): its callers are then one.
      subject: `jwt:${payload.sub ?? SHARED_SECRET_SUBJECT}`,
      repositories: repositories as '*' | string[],
      permissions,
      toolProfile: profile as string | null,
    };
  }
}

/** The `alg` of a token's protected header; null for what is no JWT. */
function algorithmOf(token: string): string | null {
  try {
    return jose().decodeProtectedHeader(token).alg ?? null;
  } catch {
    return null;
  }
}

/** Why a token was refused, in words that name the check and not the token's content. */
function refusal(error: unknown): string {
  const { errors } = jose();
  if (error instanceof errors.JWTExpired) return 'The token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The token was not issued for this server (audience).';
    if (error.claim === 'iss') return 'The token was not issued by the configured issuer.';
    return `The token's ${error.claim} claim is missing or not valid.`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return "The token's signature does not verify with the issuer's keys.";
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The token is signed with an algorithm this server does not accept.';
  return 'The token is not a valid JWT.';
}

/**
 * Whether the JWKS URL failed rather than the token: a timeout, a connection that failed (fetch's
 * TypeError), an answer that is not 200, or one that is no key set.
 */
function keysUnreachable(error: unknown): boolean {
  const { errors } = jose();
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  // fetch's own TypeError, from Node's realm (not always an instance of this realm's Error).
  if ((error as { name?: unknown } | null)?.name === 'TypeError') return true;
  return error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set HTTP response/.test(error.message);
}
