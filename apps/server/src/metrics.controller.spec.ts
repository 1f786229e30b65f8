import type { Request, Response } from 'express';
import { AuthenticationRequiredError, HttpAuthenticator } from '@lore/access';
import { type LoreConfig, loadConfig } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { LoreMetrics } from '@lore/observability';
import { MetricsController } from './metrics.controller';

const TOKEN = 'scrape-token-0123456789';

/** A server whose one key, `reader-key`, may only read (the key store itself is tested against Neo4j). */
class OneReaderKey extends HttpAuthenticator {
  async authenticate(authorization: string | undefined): Promise<Principal> {
    if (authorization !== 'Bearer reader-key') throw new AuthenticationRequiredError();
    return { ...localPrincipal('acme', 'reader'), permissions: ['read'] };
  }
}

/** A scrape from `peer` with `authorization`: the status and body the controller answered. */
async function scrape(config: Partial<LoreConfig>, peer: string, authorization?: string): Promise<{ status: number; body: unknown }> {
  const settings = { ...loadConfig({ NEO4J_PASSWORD: 'unused' }), ...config } as LoreConfig;
  const controller = new MetricsController(new LoreMetrics(), new OneReaderKey(), settings);
  const answered: { status: number; body: unknown } = { status: 0, body: null };
  const res = {
    status: (status: number) => ((answered.status = status), res),
    setHeader: () => res,
    type: () => res,
    json: (body: unknown) => ((answered.body = body), res),
    send: (body: unknown) => ((answered.body = body), res),
  };
  const req = { socket: { remoteAddress: peer }, headers: { authorization } };
  await controller.scrape(req as unknown as Request, res as unknown as Response);
  return answered;
}

describe('GET /metrics: who may scrape', () => {
  const withKeys = { LORE_METRICS_TOKEN: TOKEN };

  it('answers a loopback peer always, IPv4-mapped included', async () => {
    expect((await scrape(withKeys, '127.0.0.1')).status).toBe(200);
    expect((await scrape(withKeys, '::ffff:127.0.0.1')).status).toBe(200);
    expect((await scrape(withKeys, '::1')).body).toContain('lore_operation_calls_total');
  });

  it('answers a remote peer with LORE_METRICS_TOKEN, refuses it without (401) or with a key lacking admin (403)', async () => {
    expect((await scrape(withKeys, '10.0.0.7', `Bearer ${TOKEN}`)).status).toBe(200);
    expect(await scrape(withKeys, '10.0.0.7')).toMatchObject({ status: 401, body: { code: 'permission_denied' } });
    expect(await scrape(withKeys, '10.0.0.7', 'Bearer wrong-token')).toMatchObject({ status: 401 });
    expect(await scrape(withKeys, '10.0.0.7', 'Bearer reader-key')).toMatchObject({
      status: 403,
      body: { detail: 'Metrics need a key with the admin permission, or LORE_METRICS_TOKEN.' },
    });
  });
});
