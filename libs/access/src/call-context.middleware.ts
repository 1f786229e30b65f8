import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { runWithBookmark, writtenBookmark } from '@lore/domain';
import { type Door, currentCallContext, runInCallContext } from './call-context';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The header a client sends a bookmark back in, and gets the bookmark of a request's writes in. */
export const BOOKMARK_HEADER = 'Lore-Bookmark';

/**
 * Opens the call context of every HTTP request: its door (from the path) and its request id, echoed
 * in X-Request-Id; and its bookmark scope: reads after the writes of the `Lore-Bookmark` it sent, and
 * the bookmark of what it wrote in the answer's `Lore-Bookmark` (set as the headers go out, after the work).
 */
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
      () =>
        runWithBookmark(req.header(BOOKMARK_HEADER), () => {
          res.setHeader('X-Request-Id', currentCallContext().requestId);
          const writeHead = res.writeHead;
          res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
            const bookmark = writtenBookmark();
            if (bookmark !== null && !this.headersSent) this.setHeader(BOOKMARK_HEADER, bookmark);
            return writeHead.apply(this, args);
          } as Response['writeHead'];
          next();
        }),
    );
  }
}

export function doorOf(url: string): Door {
  if (url.startsWith('/graphql')) return 'graphql';
  if (url.startsWith('/mcp')) return 'mcp-http';
  return 'rest';
}
