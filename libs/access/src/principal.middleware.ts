import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '@lore/domain';
import { AuthenticationRequiredError, HttpAuthenticator, bearerChallenge } from './principals';
import { RefusedRequests } from './refused-requests';

/** `principalError`: why the caller could not be known (Neo4j down, say), thrown where the door reads the principal. */
export type RequestWithPrincipal = Request & { principal?: Principal; principalError?: unknown };

/**
 * Resolves the caller of every REST and GraphQL request once; they read it from the request. Applied
 * by the app's module, whose imports provide the HttpAuthenticator (the knowledge module).
 */
@Injectable()
export class PrincipalMiddleware implements NestMiddleware {
  constructor(
    private readonly authenticator: HttpAuthenticator,
    private readonly refused: RefusedRequests,
  ) {}

  async use(req: RequestWithPrincipal, res: Response, next: NextFunction): Promise<void> {
    if (typeof req.query?.access_token === 'string') {
      // A token in a URL ends up in logs and histories: refused, never used (RFC 9700 section 4.3.2).
      this.refused.report(req, 401, 'permission_denied');
      unauthorized(res, new AuthenticationRequiredError('Send the credential in the Authorization header, never in the URL.', true));
      return;
    }
    try {
      req.principal = await this.authenticator.authenticate(req.headers.authorization);
    } catch (error) {
      if (error instanceof AuthenticationRequiredError) {
        this.refused.report(req, 401, 'permission_denied');
        return unauthorized(res, error);
      }
      // Not known, not served: each door answers the error in its own shape (REST a problem, GraphQL errors[]).
      req.principalError = error;
    }
    next();
  }
}

function unauthorized(res: Response, error: AuthenticationRequiredError): void {
  res
    .status(401)
    .setHeader('WWW-Authenticate', bearerChallenge(error.invalidToken ? { error: 'invalid_token', description: error.message } : {}))
    .type('application/problem+json')
    .json({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: error.message, code: 'permission_denied' });
}

export function principalOf(req: RequestWithPrincipal): Principal {
  if (req.principalError) throw req.principalError;
  if (!req.principal) throw new Error('PrincipalMiddleware did not run for this route');
  return req.principal;
}
