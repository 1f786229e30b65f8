import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/** The argument a tool whose answer can be cut takes besides its service's input: see continuation.ts. */
export const CONTINUATION_PROPERTY = {
  type: 'string',
  maxLength: 500,
  description: 'The continuation of a truncated answer of this tool: asked with the same other arguments, it returns the items left out.',
};

/** How much of a list answer a page holds: see DETAIL_LEVELS. */
export const DETAIL_LEVEL_PROPERTY = {
  type: 'string',
  enum: ['summary', 'normal', 'full'],
  default: 'full',
  description:
    'summary: at most 5 items of the answer’s lists a page; normal: at most 20; full: as many as the token budget allows. The rest follows with continuation.',
};

/**
 * Advertises a zod schema in tools/list but leaves validation to the service, so a bad argument
 * gets the same structured invalid_input error through MCP as through every other door. A tool
 * whose answer can be cut also advertises `continuation` and `detail_level`, which the server takes off before the service.
 */
export function validatedByService<S extends z.ZodType>(schema: S, continued: boolean): StandardSchemaWithJSON<z.input<S>, z.input<S>> {
  const standard = schema['~standard'] as unknown as StandardSchemaWithJSON<z.input<S>, z.input<S>>['~standard'];
  const withContinuation = (jsonSchema: Record<string, unknown>): Record<string, unknown> =>
    continued
      ? {
          ...jsonSchema,
          properties: {
            ...(jsonSchema.properties as Record<string, unknown>),
            continuation: CONTINUATION_PROPERTY,
            detail_level: DETAIL_LEVEL_PROPERTY,
          },
        }
      : jsonSchema;
  return {
    '~standard': {
      version: 1,
      vendor: 'lore',
      validate: (value: unknown) => ({ value: value as z.input<S> }),
      jsonSchema: {
        input: (options) => withContinuation(standard.jsonSchema.input(options)),
        output: (options) => withContinuation(standard.jsonSchema.output(options)),
      },
    },
  };
}
