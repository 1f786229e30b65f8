import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { ErrorCode, Principal } from '@lore/domain';
import { type Door, currentCallContext } from './call-context';
import { doorOf } from './call-context.middleware';

/** A request an HTTP door refused before any operation: no credential (401), a foreign Host (403), a body too large (413)... */
export interface RefusedRequest {
  /** The caller's, when the door knew it already (a GraphQL query refused by validation); else the server's tenant and `anonymous`. */
  tenantId: string;
  subject: string;
  door: Door;
  /** Method and path, without the query string (it may carry user text). */
  route: string;
  httpStatus: number;
  code: ErrorCode;
  requestId: string;
  agentRunId: string | null;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** A route is named by its path, cut here: a refused request's path is the caller's to make as long as it likes. */
const MAX_PATH = 200;

/**
 * Where the HTTP doors report what they refuse before the operation gate sees it, so that the audit
 * (libs/knowledge, which listens) records it too: bad input is refused and audited.
 */
@Injectable()
export class RefusedRequests {
  private readonly logger = new Logger('HTTP');
  private readonly listeners: ((refusal: RefusedRequest) => void)[] = [];

  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {}

  listen(listener: (refusal: RefusedRequest) => void): void {
    this.listeners.push(listener);
  }

  report(req: Request, httpStatus: number, code: ErrorCode): void {
    const context = currentCallContext();
    // Host validation runs before the call context is opened: the request's own id, if it gave a valid one.
    const given = req.headers['x-request-id'];
    const requestId =
      context.door !== 'internal' ? context.requestId : typeof given === 'string' && REQUEST_ID.test(given) ? given : 'unidentified';
    const principal = (req as Request & { principal?: Principal }).principal;
    const refusal: RefusedRequest = {
      tenantId: principal?.tenantId ?? this.config.LORE_TENANT,
      subject: principal?.subject ?? 'anonymous',
      door: context.door !== 'internal' ? context.door : doorOf(req.originalUrl ?? req.url),
      route: `${req.method} ${(req.originalUrl ?? req.url).split('?')[0]!.slice(0, MAX_PATH)}`,
      httpStatus,
      code,
      requestId,
      agentRunId: context.agentRunId,
    };
    for (const listener of this.listeners) {
      try {
        listener(refusal);
      } catch (error) {
        // The refusal is answered whatever a listener does; its failure is logged, not the caller's.
        this.logger.error(`Could not report a refused request: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
