import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/**
 * Advertises a zod schema in tools/list but leaves validation to the service, so a bad argument
 * gets the same structured invalid_input error through MCP as through every other door.
 */
export function validatedByService<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.input<S>> {
  const standard = schema['~standard'] as unknown as StandardSchemaWithJSON<z.input<S>, z.input<S>>['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'lore',
      validate: (value: unknown) => ({ value: value as z.input<S> }),
      jsonSchema: standard.jsonSchema,
    },
  };
}
