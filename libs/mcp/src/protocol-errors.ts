import { type McpServer, ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import { LoreError, toLoreError } from '@lore/domain';

/**
 * The SDK (2.4) checks a request's params against the protocol's schema before the handler runs,
 * and answers a mismatch with a plain Error, which goes out as -32603 Internal error; only tools/call
 * says -32602. Every request handler of the server is wrapped so that such a refusal is -32602
 * Invalid params, as JSON-RPC defines it. The SDK's refusal is recognised by its message: the zod
 * issues, as JSON, of the request's params; any other error passes through unchanged.
 */
export function answerInvalidParamsAsSuch(server: McpServer): void {
  type Handler = (request: unknown, ctx: unknown) => Promise<unknown>;
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, ctx) => {
      try {
        return await handler(request, ctx);
      } catch (error) {
        const issues = error instanceof Error && error.constructor === Error ? paramsIssuesOf(error.message) : null;
        if (issues === null) throw error;
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid params for ${method}: ${issues}`);
      }
    });
  }
}

/** The params issues a schema refusal's message lists ("params.uri: expected string, received number"), or null if it is not one. */
function paramsIssuesOf(message: string): string | null {
  let issues: unknown;
  try {
    issues = JSON.parse(message);
  } catch {
    return null;
  }
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const read = issues.map((issue) => issue as { path?: unknown; message?: unknown });
  if (!read.every((issue) => Array.isArray(issue.path) && issue.path[0] === 'params' && typeof issue.message === 'string')) return null;
  return read.map((issue) => `${(issue.path as unknown[]).join('.')}: ${String(issue.message)}`).join('; ');
}

export function toResourceError(uri: string, error: unknown, onError?: (error: unknown) => void): ProtocolError {
  const body = toLoreError(error).toBody();
  if (body.code === 'not_found' && seedCodeOf(body) === null) {
    if (!(error instanceof LoreError)) onError?.(error);
    return new ResourceNotFoundError(uri, body.message);
  }
  return toProtocolError(error, { uri }, onError);
}

/** The JSON-RPC code a Lore error names for itself (the Knowledge MCP server's knowledge errors: details.jsonRpcCode), if any. */
function seedCodeOf(body: ReturnType<LoreError['toBody']>): number | null {
  const code = body.details?.jsonRpcCode;
  return typeof code === 'number' ? code : null;
}

/**
 * A Lore error as a JSON-RPC error: a knowledge error with the seed's code, message and `data`; any
 * other as invalid params (internal for a failure of the server), with the Lore error in `data`.
 */
export function toProtocolError(error: unknown, about: Record<string, unknown>, onError?: (error: unknown) => void): ProtocolError {
  if (!(error instanceof LoreError)) onError?.(error);
  const body = toLoreError(error).toBody();
  const seedCode = seedCodeOf(body);
  if (seedCode !== null) return new ProtocolError(seedCode, body.message, body.details!.data as Record<string, unknown>);
  const code =
    body.code === 'internal' || body.code === 'unavailable' || body.code === 'resource_exhausted'
      ? ProtocolErrorCode.InternalError
      : ProtocolErrorCode.InvalidParams;
  return new ProtocolError(code, body.message, { ...about, error: body });
}
