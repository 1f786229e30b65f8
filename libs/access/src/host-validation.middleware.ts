import { Inject, Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { allowedHostNames, hostNameOf } from './network-exposure';
import { RefusedRequests } from './refused-requests';

/**
 * Every HTTP door answers only to the server's own names: a page on evil.example that resolves its
 * name to 127.0.0.1 (DNS rebinding) sends `Host: evil.example`, and a browser's request from another
 * site carries its `Origin`. Either answers 403 before any door sees the request.
 */
@Injectable()
export class HostValidationMiddleware implements NestMiddleware {
  private readonly logger = new Logger('HTTP');
  private readonly allowed: Set<string>;

  constructor(
    @Inject(LORE_CONFIG) config: LoreConfig,
    private readonly refused: RefusedRequests,
  ) {
    this.allowed = allowedHostNames(config);
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const host = hostNameOf(req.headers.host);
    const origin = req.headers.origin;
    const originHost = origin === undefined || origin === 'null' ? null : hostNameOf(originHostPart(origin));
    const refused =
      host === null || !this.allowed.has(host)
        ? 'Host'
        : origin !== undefined && (originHost === null || !this.allowed.has(originHost))
          ? 'Origin'
          : null;
    if (!refused) return next();
    this.logger.warn(`refused a request with ${refused} ${JSON.stringify(refused === 'Host' ? req.headers.host : origin)}`);
    this.refused.report(req, 403, 'permission_denied');
    res
      .status(403)
      .type('application/problem+json')
      .json({
        type: 'https://lore.dev/problems/permission_denied',
        title: 'permission_denied',
        status: 403,
        detail: `This server does not answer to that ${refused}.`,
        code: 'permission_denied',
        message: `This server does not answer to that ${refused}.`,
        retryable: false,
        hint: 'Reach it by one of its names (LORE_ALLOWED_HOSTS adds names).',
        details: null,
      });
  }
}

/** `https://app.example:8443` → `app.example:8443`. */
function originHostPart(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
