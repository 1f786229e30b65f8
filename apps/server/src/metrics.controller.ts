import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthenticationRequiredError, HttpAuthenticator, isLoopback } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { LoreMetrics } from '@lore/observability';

/**
 * GET /metrics: Prometheus' text exposition. Who may scrape: a scraper on this machine (a loopback
 * peer) always; from elsewhere, a bearer of LORE_METRICS_TOKEN or of a key with the admin
 * permission. The labels carry door, operation and status only, never a tenant or caller.
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  private readonly tokenDigest: Buffer | null;

  constructor(
    private readonly metrics: LoreMetrics,
    private readonly authenticator: HttpAuthenticator,
    @Inject(LORE_CONFIG) config: LoreConfig,
  ) {
    this.tokenDigest = config.LORE_METRICS_TOKEN ? digest(config.LORE_METRICS_TOKEN) : null;
  }

  @Get('metrics')
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    const refusal = await this.refusal(req);
    if (refusal) {
      if (refusal.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="lore"');
      res
        .status(refusal.status)
        .type('application/problem+json')
        .json({ type: 'about:blank', title: refusal.title, status: refusal.status, detail: refusal.detail, code: 'permission_denied' });
      return;
    }
    const { contentType, text } = await this.metrics.exposition();
    res.status(200).type(contentType).send(text);
  }

  private async refusal(req: Request): Promise<{ status: number; title: string; detail: string } | null> {
    if (isLoopback((req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''))) return null;
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    if (token && this.tokenDigest && timingSafeEqual(digest(token), this.tokenDigest)) return null;
    try {
      if ((await this.authenticator.authenticate(req.headers.authorization)).permissions.includes('admin')) return null;
      return { status: 403, title: 'Forbidden', detail: 'Metrics need a key with the admin permission, or LORE_METRICS_TOKEN.' };
    } catch (error) {
      if (!(error instanceof AuthenticationRequiredError)) throw error;
      return {
        status: 401,
        title: 'Unauthorized',
        detail: 'Metrics need LORE_METRICS_TOKEN or an admin key: send Authorization: Bearer <token>.',
      };
    }
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
