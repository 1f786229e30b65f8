import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '@lore/domain';
import { AuthenticationRequiredError, PrincipalResolver } from './principals';
import { RefusedRequests } from './refused-requests';

export type RequestWithPrincipal = Request & { principal?: Principal };

/** Resolves the caller of every HTTP request once; REST and GraphQL read it from the request. */
@Injectable()
export class PrincipalMiddleware implements NestMiddleware {
  constructor(
    private readonly principals: PrincipalResolver,
    private readonly refused: RefusedRequests,
  ) {}

  use(req: RequestWithPrincipal, res: Response, next: NextFunction): void {
    try {
      req.principal = this.principals.fromAuthorizationHeader(req.headers.authorization);
      next();
    } catch (error) {
      if (!(error instanceof AuthenticationRequiredError)) throw error;
      this.refused.report(req, 401, 'permission_denied');
      res
        .status(401)
        .setHeader('WWW-Authenticate', 'Bearer realm="lore"')
        .type('application/problem+json')
        .json({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: error.message, code: 'permission_denied' });
    }
  }
}

export function principalOf(req: RequestWithPrincipal): Principal {
  if (!req.principal) throw new Error('PrincipalMiddleware did not run for this route');
  return req.principal;
}
