import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { type Door, currentCallContext, runInCallContext } from './call-context';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Opens the call context of every HTTP request: its door (from the path) and its request id, echoed in X-Request-Id. */
@Injectable()
export class CallContextMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const given = req.header('x-request-id');
    const agentRun = req.header('x-lore-agent-run');
    runInCallContext(
      {
        door: doorOf(req.originalUrl),
        requestId: given && REQUEST_ID.test(given) ? given : undefined,
        agentRunId: agentRun && REQUEST_ID.test(agentRun) ? agentRun : null,
      },
      () => {
        res.setHeader('X-Request-Id', currentCallContext().requestId);
        next();
      },
    );
  }
}

export function doorOf(url: string): Door {
  if (url.startsWith('/graphql')) return 'graphql';
  if (url.startsWith('/mcp')) return 'mcp-http';
  return 'rest';
}
