import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import { LoreError, toLoreError } from '@lore/domain';

const logger = new Logger('GraphQL');
const REQUEST_ERRORS = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST']);

/** One mapping for GraphQL: Lore's error code in extensions.code; nothing internal leaks. */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = originalOf(error);
  const apolloCode = formatted.extensions?.code;
  if (!(original instanceof LoreError) && typeof apolloCode === 'string' && REQUEST_ERRORS.has(apolloCode)) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      extensions: { code: 'invalid_input', retryable: false, hint: null },
    };
  }
  if (!(original instanceof LoreError)) logger.error(original instanceof Error ? original.stack : String(original));
  const body = toLoreError(original).toBody();
  return {
    message: body.message,
    path: formatted.path,
    locations: formatted.locations,
    extensions: { code: body.code, retryable: body.retryable, hint: body.hint, details: body.details },
  };
}

/** The error a resolver or a plugin threw, under the GraphQLErrors that carry it. */
function originalOf(error: unknown): unknown {
  let original = unwrapResolverError(error);
  while (original instanceof GraphQLError && original.originalError) original = original.originalError;
  return original;
}
