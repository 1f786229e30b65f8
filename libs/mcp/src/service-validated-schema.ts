import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/** The argument a tool whose answer can be cut takes besides its service's input: see continuation.ts. */
export const CONTINUATION_PROPERTY = {
  type: 'string',
  description: 'From a truncated answer, with the same arguments: the rest.',
};

/** How much of a list answer a page holds: see DETAIL_LEVELS. */
export const DETAIL_LEVEL_PROPERTY = {
  type: 'string',
  enum: ['summary', 'normal', 'full'],
  default: 'full',
  description: 'Items a page: summary 5, normal 20, full all that fit.',
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
      .filter(([key, value]) => !LEFT_TO_THE_SERVICE.has(key) && !isSafeIntegerBound(key, value))
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
 * A whole output schema as tools/list advertises it (a seed endpoint's payload, a Knowledge MCP
 * result): validated by zod, advertised as compactSchema's, which accepts exactly what the whole
 * one does. Compacted once per conversion target: a server is built per HTTP request.
 */
export function compactOutput<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const portable = portableOutput(schema)['~standard'];
  const compacted = new Map<string, Record<string, unknown>>();
  const compact = (io: 'input' | 'output', options: Parameters<typeof portable.jsonSchema.output>[0]): Record<string, unknown> => {
    const key = `${io} ${JSON.stringify(options)}`;
    if (!compacted.has(key)) compacted.set(key, compactSchema(portable.jsonSchema[io](options)));
    return compacted.get(key)!;
  };
  return {
    '~standard': {
      ...portable,
      jsonSchema: { input: (options) => compact('input', options), output: (options) => compact('output', options) },
    },
  };
}

/**
 * A schema in fewer tokens, accepting the same values: without the safe-integer range zod gives
 * every integer, and each sub-schema that repeats (a baseline's shape, a finding's location) written
 * once in `$defs` and referred to as `#/$defs/<name>` (local references, which every JSON Schema
 * validator resolves and the MCP Inspector's portability lint accepts).
 */
export function compactSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return withSharedDefinitions(withoutSafeIntegerBounds(schema) as Record<string, unknown>);
}

/** zod writes an integer without bounds as one between the safe integers: a bound no JSON answer crosses, 20 tokens a field. */
function isSafeIntegerBound(key: string, value: unknown): boolean {
  return (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) || (key === 'maximum' && value === Number.MAX_SAFE_INTEGER);
}

function withoutSafeIntegerBounds(schema: unknown): unknown {
  if (!isSchemaObject(schema)) return schema;
  const kept = Object.fromEntries(Object.entries(schema).filter(([key, value]) => !isSafeIntegerBound(key, value)));
  return mapSubschemas(kept, '', withoutSafeIntegerBounds);
}

/** Keywords whose value is a schema, a list of schemas, or schemas by name (a property's name is a name, never a keyword). */
const SCHEMA_KEYWORDS = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames']);
const SCHEMA_LIST_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs']);

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `node` with each of its direct sub-schemas mapped, each given the name it is held under (a property's; an item is `<name>_item`). */
function mapSubschemas(
  node: Record<string, unknown>,
  name: string,
  map: (schema: unknown, name: string) => unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (SCHEMA_KEYWORDS.has(key)) return [key, map(value, key === 'items' ? `${name}_item` : name)];
      if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) return [key, value.map((branch) => map(branch, name))];
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaObject(value)) {
        return [key, Object.fromEntries(Object.entries(value).map(([held, schema]) => [held, map(schema, held)]))];
      }
      return [key, value];
    }),
  );
}

/** What a reference costs beside its definition's name: `{"$ref":"#/$defs/"}`. */
const REFERENCE_LENGTH = '{"$ref":"#/$defs/"}'.length;

/**
 * Each sub-schema written more than once, where writing it once and referring to it is shorter,
 * moved into `$defs` (the one that saves most first, then counted again). The root is never moved:
 * its properties are the payload's fields, as a client reads them.
 */
function withSharedDefinitions(schema: Record<string, unknown>): Record<string, unknown> {
  const { $defs: given, ...body } = schema;
  let root: Record<string, unknown> = body;
  const definitions: Record<string, unknown> = isSchemaObject(given) ? { ...given } : {};
  for (let repeated = mostRepeated(root, definitions); repeated !== null; repeated = mostRepeated(root, definitions)) {
    const { text, schema: shared } = repeated;
    const name = freeName(repeated.name, definitions);
    const reference = { $ref: `#/$defs/${name}` };
    const replace = (node: unknown, held: string): unknown => {
      if (!isSchemaObject(node)) return node;
      return JSON.stringify(node) === text ? reference : mapSubschemas(node, held, replace);
    };
    root = mapSubschemas(root, '', replace);
    for (const [held, definition] of Object.entries(definitions)) {
      if (isSchemaObject(definition)) definitions[held] = mapSubschemas(definition, held, replace);
    }
    definitions[name] = shared;
  }
  return Object.keys(definitions).length === 0 ? schema : { ...root, $defs: definitions };
}

/** A sub-schema written more than once: its JSON, the schema, and how many copies are held under each name. */
interface Repeated {
  text: string;
  schema: Record<string, unknown>;
  names: Map<string, number>;
}

/**
 * The repeated sub-schema whose definition saves most characters, named by the name most of its
 * copies are held under (the first such); null when none saves any.
 */
function mostRepeated(
  root: Record<string, unknown>,
  definitions: Record<string, unknown>,
): { text: string; schema: Record<string, unknown>; name: string } | null {
  const seen = new Map<string, Repeated>();
  const count = (node: unknown, held: string): unknown => {
    if (!isSchemaObject(node)) return node;
    // A shape of its own (an object, a list, a set of values) is worth a name; a bare `integer or null` is not.
    if (node.properties === undefined && node.items === undefined && node.enum === undefined) return mapSubschemas(node, held, count);
    const text = JSON.stringify(node);
    const entry = seen.get(text) ?? { text, schema: node, names: new Map<string, number>() };
    entry.names.set(held, (entry.names.get(held) ?? 0) + 1);
    seen.set(text, entry);
    return mapSubschemas(node, held, count);
  };
  mapSubschemas(root, '', count);
  for (const [held, definition] of Object.entries(definitions)) if (isSchemaObject(definition)) mapSubschemas(definition, held, count);
  let best: { text: string; schema: Record<string, unknown>; name: string } | null = null;
  let bestSaving = 0;
  for (const { text, schema, names } of seen.values()) {
    const copies = [...names.values()].reduce((sum, held) => sum + held, 0);
    const name = [...names.entries()].reduce((most, entry) => (entry[1] > most[1] ? entry : most))[0];
    // Each copy becomes a reference; the definition is written once, under its name.
    const saving = (copies - 1) * text.length - copies * (REFERENCE_LENGTH + name.length) - name.length;
    if (saving > bestSaving) {
      best = { text, schema, name };
      bestSaving = saving;
    }
  }
  return best;
}

/** A definition's name: the name its schema is held under, in the characters a JSON pointer in a URI fragment takes as they are. */
function freeName(held: string, definitions: Record<string, unknown>): string {
  const base = held.replace(/[^A-Za-z0-9_]/g, '_') || 'schema';
  let name = base;
  for (let suffix = 2; Object.hasOwn(definitions, name); suffix += 1) name = `${base}_${suffix}`;
  return name;
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
