import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, type DocumentBuilder } from '@nestjs/swagger';
import type { ErrorCode } from '@lore/domain';
import { STATUS_BY_CODE } from './problem-details.filter';

/** The security scheme of the /api/v1 routes, by this name in the OpenAPI document. */
export const API_KEY_SCHEME = 'api-key';

/** A bearer credential: an API key (`lore keys create`) or a JWT; bearerFormat is left out, as it would name one of them. */
export const API_KEY_SECURITY: Parameters<DocumentBuilder['addSecurity']>[1] = {
  type: 'http',
  scheme: 'bearer',
  description:
    'An API key from `lore keys create`, or a JWT from the configured issuer. A loopback server with neither takes no credential.',
};

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** The RFC 9457 body ProblemDetailsFilter (and, for 401, PrincipalMiddleware) answers with. */
function problemSchema(codes: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    required: ['type', 'title', 'status', 'detail', 'code'],
    properties: {
      type: { type: 'string', description: 'https://lore.dev/problems/<code>, or about:blank' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string', description: 'for the caller: no stack traces, queries or secrets' },
      code: { type: 'string', enum: codes },
      message: { type: 'string' },
      retryable: { type: 'boolean' },
      hint: { type: 'string', nullable: true },
      details: { type: 'object', nullable: true, additionalProperties: true },
    },
  };
}

const problemResponse = (status: number, codes: readonly string[], description: string) =>
  ApiResponse({ status, description, content: { [PROBLEM_MEDIA_TYPE]: { schema: problemSchema(codes) } } });

/**
 * OpenAPI for a REST route's errors: a problem body for each status the given codes answer with
 * (codes sharing a status, such as 409's ambiguous_target and snapshot_not_indexed, share one
 * response), and the 401 that every /api/v1 route answers when authentication is required and the
 * request has no valid credential, with the route's security requirement.
 */
export function ApiLoreErrors(...codes: ErrorCode[]): MethodDecorator & ClassDecorator {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) codesByStatus.set(STATUS_BY_CODE[code], [...(codesByStatus.get(STATUS_BY_CODE[code]) ?? []), code]);
  return applyDecorators(
    ApiBearerAuth(API_KEY_SCHEME),
    problemResponse(
      401,
      ['permission_denied'],
      'no valid credential (when authentication is required, or a bad one was sent); with a WWW-Authenticate challenge',
    ),
    ...[...codesByStatus].map(([status, shared]) => problemResponse(status, shared, shared.join(', '))),
  );
}
