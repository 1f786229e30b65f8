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
        input: (options) => withContinuation(portableSchema(standard.jsonSchema.input(options)) as Record<string, unknown>),
        output: (options) => withContinuation(portableSchema(standard.jsonSchema.output(options)) as Record<string, unknown>),
      },
    },
  };
}

/** A tool's output schema as tools/list advertises it: validated by zod, its JSON Schema portableSchema's. */
export function portableOutput<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'] as unknown as StandardSchemaWithJSON<z.input<S>, z.output<S>>['~standard'];
  return {
    '~standard': {
      ...standard,
      jsonSchema: {
        input: (options) => portableSchema(standard.jsonSchema.input(options)) as Record<string, unknown>,
        output: (options) => portableSchema(standard.jsonSchema.output(options)) as Record<string, unknown>,
      },
    },
  };
}

/** What stays beside anyOf when a type list is split: annotations, which describe the value whatever its type. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * A JSON Schema in the spelling every MCP client maps: zod writes a nullable field as
 * `type: ["string", "null"]` and a free-form value as `{}`, both legal, but clients that map tool
 * schemas onto a single-type dialect (Gemini's OpenAPI subset) reject or loosen them, and the MCP
 * Inspector warns about each. A type list becomes `anyOf` branches of one type each (the keywords
 * of the non-null type go into its branch), and `additionalProperties: {}` the equal `true`.
 */
export function portableSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(portableSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === 'additionalProperties' && isEmptySchema(value)) return [key, true];
      // A property named like a keyword is a name, not a schema: properties' values are schemas, their keys are not.
      if (key === 'properties' && value !== null && typeof value === 'object') {
        return [key, Object.fromEntries(Object.entries(value).map(([name, property]) => [name, portableSchema(property)]))];
      }
      return [key, portableSchema(value)];
    }),
  );
  if (!Array.isArray(node.type)) return node;
  const annotations = Object.fromEntries(Object.entries(node).filter(([key]) => ANNOTATIONS.has(key)));
  const constraints = Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'type' && !ANNOTATIONS.has(key)));
  const branches = (node.type as string[]).map((type) => (type === 'null' ? { type } : { type, ...constraints }));
  return { ...annotations, anyOf: branches };
}

function isEmptySchema(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}
