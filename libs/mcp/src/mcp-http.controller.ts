import { All, Controller, Inject, Logger, NotFoundException, OnModuleDestroy, Param, Req, Res } from '@nestjs/common';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler, type NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import type { Request, Response } from 'express';
import {
  AuthenticationRequiredError,
  MAX_JSON_NESTING,
  RefusedRequests,
  bearerChallenge,
  nestsDeeperThan,
  resourceMetadataUrl,
  scopeOf,
} from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { Permission, Principal } from '@lore/domain';
import { AuthenticationService } from '@lore/knowledge/credentials/authentication.service';
import { LoreMcpServerFactory } from './lore-mcp-server.factory';
import { SEED_SERVER_NAMES, type SeedServerName } from './seed-servers';
import type { ToolProfile } from './tool-profiles';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * MCP over Streamable HTTP at /mcp, and each seed's server at /mcp/<name> (seed-servers.ts): the 2026-07-28 protocol and, statelessly, 2025-11-25 clients,
 * from one per-request server factory. Authentication, scope and DNS-rebinding checks happen here,
 * before the SDK sees the request. As an OAuth resource server it only verifies the tokens it is
 * given: it never passes a caller's token on to anything (no token passthrough), and calls nothing
 * on a caller's behalf with a credential of theirs.
 */
@Controller('mcp')
export class McpHttpController implements OnModuleDestroy {
  private readonly logger = new Logger('MCP');
  private readonly mcp: McpHttpHandler;
  private readonly handle: NodeMcpRequestHandler;
  private readonly loopbackOnly: boolean;
  private readonly validateHost = localhostHostValidation();
  private readonly validateOrigin = localhostOriginValidation();
  /** Where clients find the authorization server (RFC 9728), named in every challenge; null without OAuth. */
  private readonly resourceMetadata: string | null;
  /** The CodeDoc endpoint's API key header (MCP_API_KEY_HEADER), as Node names headers: lower case. */
  private readonly apiKeyHeader: string;

  constructor(
    private readonly servers: LoreMcpServerFactory,
    private readonly authentication: AuthenticationService,
    private readonly refused: RefusedRequests,
    @Inject(LORE_CONFIG) config: LoreConfig,
  ) {
    const onError = (error: unknown): void => this.logger.error(error instanceof Error ? error.stack : String(error));
    this.mcp = createMcpHandler(
      ({ authInfo }) => {
        const { principal, as } = authInfo?.extra as { principal: Principal; as?: SeedServerName };
        // A credential limited to a tool profile gets that profile; any other caller the configured one.
        const profile = (principal.toolProfile as ToolProfile | null) ?? config.LORE_MCP_PROFILE;
        return servers.create(principal, { profile, transport: 'http', as, onError });
      },
      {
        onerror: onError,
      },
    );
    this.handle = toNodeHandler(this.mcp, { onerror: onError });
    this.loopbackOnly = LOOPBACK_HOSTS.has(config.LORE_HOST);
    this.resourceMetadata = config.LORE_JWT_ISSUER ? resourceMetadataUrl(config) : null;
    this.apiKeyHeader = config.MCP_API_KEY_HEADER.toLowerCase();
  }

  @All()
  serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.serveAs(undefined, req, res);
  }

  /** One seed's server: the same door, checks and services, its table and shapes. */
  @All(':server')
  serveSeed(@Param('server') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const as = SEED_SERVER_NAMES.find((candidate) => candidate === name);
    if (as === undefined) throw new NotFoundException(`No MCP server /mcp/${name}: the seed servers are ${SEED_SERVER_NAMES.join(', ')}.`);
    return this.serveAs(as, req, res);
  }

  private async serveAs(as: SeedServerName | undefined, req: Request, res: Response): Promise<void> {
    if (this.loopbackOnly && (!this.validateHost(req, res) || !this.validateOrigin(req, res))) return;
    if (req.query.access_token !== undefined) {
      // A token in a URL ends up in logs and histories: refused, never used (MCP authorization spec, OAuth 2.1 section 5.1.1).
      return this.refuse(
        req,
        res,
        401,
        {
          error: 'invalid_token',
          description: 'Send the token in the Authorization header, never in the URL.',
        },
        as,
      );
    }
    let principal: Principal;
    try {
      principal = await this.authentication.authenticate(authorizationOf(req, as, this.apiKeyHeader));
    } catch (error) {
      if (!(error instanceof AuthenticationRequiredError)) throw error;
      return this.refuse(
        req,
        res,
        401,
        error.invalidToken ? { error: 'invalid_token', description: error.message } : { description: error.message },
        as,
      );
    }
    // server.ts reads /mcp's body as text (held to the body limit): malformed JSON is a JSON-RPC -32700,
    // JSON nested deeper than any request needs an invalid request (-32600), refused before it is parsed.
    if (typeof req.body === 'string' && nestsDeeperThan(req.body)) {
      const message = `Invalid Request: the body is nested deeper than ${MAX_JSON_NESTING} levels.`;
      res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32600, message } });
      return;
    }
    const body = typeof req.body === 'string' && req.body !== '' ? parseJsonRpc(req.body) : undefined;
    if (body === MALFORMED) {
      res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not valid JSON.' } });
      return;
    }
    // Step-up (MCP authorization spec, "insufficient scope"): a credential without the scope a request
    // needs is answered 403 with the scope to ask for, before the SDK sees the request.
    const missing = missingPermission(principal, body, (tool) => this.servers.permissionFor(tool));
    if (missing) {
      return this.refuse(req, res, 403, {
        error: 'insufficient_scope',
        scope: scopeOf(missing),
        description: `This request needs the ${scopeOf(missing)} scope, which the credential does not hold.`,
      });
    }
    (req as Request & { auth?: unknown }).auth = { token: 'lore', clientId: principal.subject, scopes: [], extra: { principal, as } };
    await this.handle(req, res, body);
  }

  /**
   * 401 or 403 with a Bearer challenge naming where the resource metadata is (when OAuth is configured), recorded by the audit.
   * On the CodeDoc endpoint a 401's body is that server's AuthError {error, code: AUTH_REQUIRED | INVALID_TOKEN, message}.
   */
  private refuse(
    req: Request,
    res: Response,
    status: 401 | 403,
    challenge: { error?: string; description?: string; scope?: string },
    as?: SeedServerName,
  ): void {
    this.refused.report(req, status, 'permission_denied');
    const resourceMetadata = this.resourceMetadata ?? undefined;
    const message = challenge.description ?? 'Authentication required.';
    res
      .status(status)
      .setHeader(
        'WWW-Authenticate',
        bearerChallenge({ ...challenge, description: challenge.error ? challenge.description : undefined, resourceMetadata }),
      )
      .json(
        as === 'codedoc' && status === 401
          ? { error: true, code: challenge.error === 'invalid_token' ? 'INVALID_TOKEN' : 'AUTH_REQUIRED', message }
          : { error: { code: 'permission_denied', message } },
      );
  }

  async onModuleDestroy(): Promise<void> {
    await this.mcp.close();
  }
}

const MALFORMED = Symbol('malformed JSON');

/**
 * The credential of a request: its Authorization header, or on the CodeDoc endpoint the seed's
 * `X-API-Key: <key>` (the header MCP_API_KEY_HEADER names), read as the same bearer API key.
 */
function authorizationOf(req: Request, as: SeedServerName | undefined, apiKeyHeader: string): string | undefined {
  const apiKey = req.headers[apiKeyHeader];
  if (req.headers.authorization !== undefined || as !== 'codedoc' || typeof apiKey !== 'string') return req.headers.authorization;
  return `Bearer ${apiKey}`;
}

/**
 * The permission a JSON-RPC request (or batch) needs and the principal lacks, if any: every request
 * reads (lore:read); calling a tool with side effects also indexes (lore:index), a knowledge write
 * writes knowledge (lore:knowledge:write).
 */
function missingPermission(principal: Principal, body: unknown, permissionFor: (tool: string) => Permission | null): Permission | null {
  if (!principal.permissions.includes('read')) return 'read';
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call' || typeof params?.name !== 'string') continue;
    const needed = permissionFor(params.name);
    if (needed !== null && !principal.permissions.includes(needed)) return needed;
  }
  return null;
}

function parseJsonRpc(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return MALFORMED;
  }
}
