import { All, Controller, Inject, Logger, OnModuleDestroy, Req, Res } from '@nestjs/common';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler, type NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import type { Request, Response } from 'express';
import { AuthenticationRequiredError, PrincipalResolver, RefusedRequests } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { Principal } from '@lore/domain';
import { LoreMcpServerFactory } from './lore-mcp-server.factory';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * MCP over Streamable HTTP at /mcp: the 2026-07-28 protocol and, statelessly, 2025-11-25 clients,
 * from one per-request server factory. Authentication and DNS-rebinding checks happen here,
 * before the SDK sees the request.
 */
@Controller('mcp')
export class McpHttpController implements OnModuleDestroy {
  private readonly logger = new Logger('MCP');
  private readonly mcp: McpHttpHandler;
  private readonly handle: NodeMcpRequestHandler;
  private readonly loopbackOnly: boolean;
  private readonly validateHost = localhostHostValidation();
  private readonly validateOrigin = localhostOriginValidation();

  constructor(
    servers: LoreMcpServerFactory,
    private readonly principals: PrincipalResolver,
    private readonly refused: RefusedRequests,
    @Inject(LORE_CONFIG) config: LoreConfig,
  ) {
    const onError = (error: unknown): void => this.logger.error(error instanceof Error ? error.stack : String(error));
    // The profile is the configured default until credentials carry their own (issue 19): then it is the principal's.
    const profile = config.LORE_MCP_PROFILE;
    this.mcp = createMcpHandler(
      ({ authInfo }) => servers.create((authInfo?.extra as { principal: Principal }).principal, { profile, transport: 'http', onError }),
      {
        onerror: onError,
      },
    );
    this.handle = toNodeHandler(this.mcp, { onerror: onError });
    this.loopbackOnly = LOOPBACK_HOSTS.has(config.LORE_HOST);
  }

  @All()
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.loopbackOnly && (!this.validateHost(req, res) || !this.validateOrigin(req, res))) return;
    let principal: Principal;
    try {
      principal = this.principals.fromAuthorizationHeader(req.headers.authorization);
    } catch (error) {
      if (!(error instanceof AuthenticationRequiredError)) throw error;
      this.refused.report(req, 401, 'permission_denied');
      res
        .status(401)
        .setHeader('WWW-Authenticate', 'Bearer realm="lore"')
        .json({ error: { code: 'permission_denied', message: error.message } });
      return;
    }
    (req as Request & { auth?: unknown }).auth = { token: 'lore', clientId: principal.subject, scopes: [], extra: { principal } };
    // server.ts reads /mcp's body as text (held to the body limit): malformed JSON is a JSON-RPC -32700.
    const body = typeof req.body === 'string' && req.body !== '' ? parseJsonRpc(req.body) : undefined;
    if (body === MALFORMED) {
      res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not valid JSON.' } });
      return;
    }
    await this.handle(req, res, body);
  }

  async onModuleDestroy(): Promise<void> {
    await this.mcp.close();
  }
}

const MALFORMED = Symbol('malformed JSON');

function parseJsonRpc(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return MALFORMED;
  }
}
