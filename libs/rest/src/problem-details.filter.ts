import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RefusedRequests } from '@lore/access';
import { type ErrorCode, LoreError, toLoreError } from '@lore/domain';

/** The HTTP status of each error code (and, in OpenAPI, of each documented error). */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_input: 400,
  not_found: 404,
  permission_denied: 403,
  snapshot_not_indexed: 409,
  ambiguous_target: 409,
  timeout: 504,
  rate_limited: 429,
  tool_budget_exceeded: 429,
  sensitive_content_blocked: 403,
  quality_gate_failed: 422,
  conflict: 409,
  unavailable: 503,
  resource_exhausted: 503,
  internal: 500,
};

/** Every REST error is an RFC 9457 problem: {type, title, status, detail} plus Lore's code, retryable, hint, details. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('REST');

  constructor(private readonly refusedRequests: RefusedRequests) {}

  catch(exception: unknown, host: ArgumentsHost): unknown {
    // GraphQL maps its own errors (extensions.code); this filter answers HTTP routes only.
    if (host.getType<string>() !== 'http') return exception;
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException && !(exception instanceof LoreError)) {
      const status = exception.getStatus();
      res
        .status(status)
        .type('application/problem+json')
        .json({
          type: 'about:blank',
          title: exception.message,
          status,
          detail: exception.message,
          code: status === 404 ? 'not_found' : status === 401 ? 'permission_denied' : 'invalid_input',
        });
      return undefined;
    }
    const refused = requestRefusal(exception);
    if (refused) {
      // The caller's mistake, not ours: a line at warn, no stack.
      const req = host.switchToHttp().getRequest<Request>();
      this.logger.warn(`${req.path}: ${refused.detail}`);
      this.refusedRequests.report(req, refused.status, 'invalid_input');
      res.status(refused.status).type('application/problem+json').json({
        type: 'https://lore.dev/problems/invalid_input',
        title: 'invalid_input',
        status: refused.status,
        detail: refused.detail,
        code: 'invalid_input',
        message: refused.detail,
        retryable: false,
        hint: refused.hint,
        details: null,
      });
      return undefined;
    }
    if (!(exception instanceof LoreError)) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    const body = toLoreError(exception).toBody();
    const status = STATUS_BY_CODE[body.code];
    // RFC 9110's header for 429 (rate_limited): clients and proxies honour it without reading the body.
    const retryAfter = body.details?.retryAfterSeconds;
    if (status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    res
      .status(status)
      .type('application/problem+json')
      .json({
        type: `https://lore.dev/problems/${body.code}`,
        title: body.code,
        status,
        detail: body.message,
        ...body,
      });
    return undefined;
  }
}

/**
 * A request refused before any door saw it: the body parser's errors (http-errors with `expose`: a
 * body over LORE_MAX_BODY_BYTES is 413, malformed JSON and JSON nested too deep 400). Anything else is not the caller's.
 */
function requestRefusal(exception: unknown): { status: number; detail: string; hint: string | null } | null {
  const error = exception as { status?: unknown; expose?: unknown; type?: unknown };
  if (typeof error?.status !== 'number' || error.expose !== true || error.status < 400 || error.status >= 500) return null;
  if (error.type === 'entity.too.large')
    return {
      status: 413,
      detail: 'The request body is larger than this server accepts.',
      hint: 'Send less, or raise LORE_MAX_BODY_BYTES.',
    };
  if (error.type === 'entity.parse.failed') return { status: 400, detail: 'The request body is not valid JSON.', hint: null };
  if (error.type === 'entity.too.deep') return { status: 400, detail: (exception as Error).message, hint: 'Send a flatter body.' };
  return { status: error.status, detail: 'The request could not be read.', hint: null };
}
