import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/** The argument a tool whose answer can be cut takes besides its service's input: see continuation.ts. */
export const CONTINUATION_PROPERTY = {
  type: 'string',
  description: 'A truncated answer’s continuation (same other arguments): the items left out.',
};

/** How much of a list answer a page holds: see DETAIL_LEVELS. */
export const DETAIL_LEVEL_PROPERTY = {
  type: 'string',
  enum: ['summary', 'normal', 'full'],
  default: 'full',
  description: 'List items a page: summary 5, normal 20, full as many as fit; the rest with continuation.',
};

/**
 * Advertises a zod schema in tools/list but leaves validation to the service, so a bad argument
 * gets the same structured invalid_input error through MCP as through every other door. A tool
 * whose answer can be cut also advertises `continuation` and `detail_level`, which the server takes off before the service.
 */
export function validatedByService<S extends z.ZodType>(
  schema: S,
  continued: boolean,
  { lean = true }: { lean?: boolean } = {},
): StandardSchemaWithJSON<z.input<S>, z.input<S>> {
  const advertised = lean ? leanSchema : (jsonSchema: unknown) => jsonSchema;
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
        input: (options) => withContinuation(advertised(portableSchema(standard.jsonSchema.input(options))) as Record<string, unknown>),
        output: (options) => withContinuation(advertised(portableSchema(standard.jsonSchema.output(options))) as Record<string, unknown>),
      },
    },
  };
}

/**
 * Keywords an input schema in tools/list goes without: the dialect (MCP's default, 2020-12), and the
 * bounds and unknown arguments the service checks (it answers an unknown one with the name meant).
 */
const LEFT_TO_THE_SERVICE = new Set(['$schema', 'minLength', 'maxLength', 'additionalProperties']);

/** A field's description in tools/list is at most its sentences that fit this many characters (at least the first). */
const BRIEF_FIELD_DESCRIPTION = 90;

/**
 * An input schema as tools/list advertises it: without LEFT_TO_THE_SERVICE's keywords and with brief
 * descriptions, at every level (a property's name is never a keyword). docs/mcp.md has the whole.
 */
function leanSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(leanSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !LEFT_TO_THE_SERVICE.has(key))
      .map(([key, value]) => {
        if (key === 'description' && typeof value === 'string') return [key, briefly(value, BRIEF_FIELD_DESCRIPTION)];
        if (key === 'properties' && value !== null && typeof value === 'object') {
          return [key, Object.fromEntries(Object.entries(value).map(([name, property]) => [name, leanSchema(property)]))];
        }
        return [key, leanSchema(value)];
      }),
  );
}

/** The sentences of `text` that fit `max` characters, at least the first one whole (e.g. and i.e. end no sentence). */
export function briefly(text: string, max: number): string {
  const [first, ...rest] = text.split(/(?<=[.!?])(?<!\b(?:e\.g|i\.e)\.)\s+/);
  let kept = first!;
  for (const sentence of rest) {
    if (kept.length + 1 + sentence.length > max) break;
    kept += ` ${sentence}`;
  }
  return kept;
}

/** An advertised input schema that requires `names` too (a seed's endpoint that requires what Lore leaves optional). */
export function requiring<S extends StandardSchemaWithJSON<unknown, unknown>>(schema: S, names: readonly string[]): S {
  if (names.length === 0) return schema;
  const standard = schema['~standard'];
  const withRequired = (jsonSchema: Record<string, unknown>): Record<string, unknown> => ({
    ...jsonSchema,
    required: [...new Set([...((jsonSchema.required as string[] | undefined) ?? []), ...names])],
  });
  return {
    ...schema,
    '~standard': {
      ...standard,
      jsonSchema: {
        input: (options) => withRequired(standard.jsonSchema.input(options)),
        output: (options) => withRequired(standard.jsonSchema.output(options)),
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

/**
 * A tool's output schema as the default tools/list of /mcp advertises it: validated in full by zod
 * before the answer leaves, but advertised as its outline (outlineSchema), so that the catalog of
 * every tool costs an agent a few thousand tokens instead of tens of thousands. The whole schema of
 * each tool is in docs/mcp.md.
 */
export function outlinedOutput<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const portable = portableOutput(schema)['~standard'];
  return {
    '~standard': {
      ...portable,
      jsonSchema: {
        input: (options) => outlineSchema(portable.jsonSchema.input(options)) as Record<string, unknown>,
        output: (options) => outlineSchema(portable.jsonSchema.output(options)) as Record<string, unknown>,
      },
    },
  };
}

/** The envelope's fields an outline names: the data (the others are every tool's same, documented once). */
const OUTLINED_ENVELOPE_FIELDS = new Set(['data']);

/**
 * A schema's outline: the fields of the answer and of its `data`, each value by its type only, without descriptions or the shapes nested deeper (the
 * envelope's own fields are the same for every tool, documented once). Every value the schema
 * accepts, its outline accepts, so a client that validates structuredContent against it never
 * refuses an answer.
 */
export function outlineSchema(schema: unknown, fieldsOf: 'answer' | 'data' | 'none' = 'answer'): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.anyOf)) return { anyOf: node.anyOf.map((branch) => outlineSchema(branch, fieldsOf)) };
  const outline: Record<string, unknown> = {};
  for (const keyword of ['type', 'enum', 'const'] as const) if (node[keyword] !== undefined) outline[keyword] = node[keyword];
  if (fieldsOf !== 'none' && node.properties !== null && typeof node.properties === 'object') {
    outline.properties = Object.fromEntries(
      Object.entries(node.properties as Record<string, unknown>)
        .filter(([name]) => fieldsOf !== 'answer' || OUTLINED_ENVELOPE_FIELDS.has(name))
        .map(([name, property]) => [name, outlineSchema(property, fieldsOf === 'answer' && name === 'data' ? 'data' : 'none')]),
    );
  }
  return outline;
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
