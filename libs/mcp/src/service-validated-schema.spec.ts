import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { z } from 'zod';
import { discoverClasses } from '@lore/config';
import type { LoreMcpTool } from './mcp-tool';
import { compactOutput, compactSchema, portableOutput, portableSchema, validatedByService } from './service-validated-schema';
import { toolAnswerSchema } from './tool-answer';

describe('portableSchema: tool schemas every MCP client maps', () => {
  it('splits a type list into anyOf branches, keeping annotations beside them and constraints in the typed branch', () => {
    expect(portableSchema({ type: ['string', 'null'], maxLength: 5, description: 'A name, or null.' })).toEqual({
      description: 'A name, or null.',
      anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }],
    });
  });

  it('writes a free-form value as additionalProperties: true, and leaves a property named like a keyword alone', () => {
    expect(
      portableSchema({
        type: 'object',
        properties: { type: { type: 'string' }, arguments: { type: 'object', additionalProperties: {} } },
        additionalProperties: false,
      }),
    ).toEqual({
      type: 'object',
      properties: { type: { type: 'string' }, arguments: { type: 'object', additionalProperties: true } },
      additionalProperties: false,
    });
  });

  // The MCP Inspector's portability rules (its --strict lint of tools/list): no type lists, no schema that constrains nothing.
  const CONSTRAINING = new Set(
    'type enum const anyOf allOf oneOf not $ref properties patternProperties additionalProperties items prefixItems required minimum maximum exclusiveMinimum exclusiveMaximum multipleOf minLength maxLength pattern minItems maxItems uniqueItems minProperties maxProperties propertyNames contains'.split(
      ' ',
    ),
  );
  function findings(schema: unknown, path: string, keyword: string | null, found: string[]): string[] {
    if (typeof schema === 'boolean') {
      if (keyword !== 'additionalProperties') found.push(`${path}: boolean schema`);
      return found;
    }
    if (schema === null || typeof schema !== 'object') return found;
    const node = schema as Record<string, unknown>;
    if (Array.isArray(node.type)) found.push(`${path}: type list`);
    if (keyword !== 'not' && !Object.keys(node).some((key) => CONSTRAINING.has(key))) found.push(`${path}: constrains nothing`);
    for (const key of ['properties', '$defs']) {
      for (const [name, sub] of Object.entries((node[key] as Record<string, unknown> | undefined) ?? {}))
        findings(sub, `${path}.${key}.${name}`, key, found);
    }
    for (const key of ['items', 'additionalProperties', 'not', 'propertyNames', 'contains']) {
      if (key in node) findings(node[key], `${path}.${key}`, key, found);
    }
    for (const key of ['anyOf', 'allOf', 'oneOf', 'prefixItems']) {
      ((node[key] as unknown[] | undefined) ?? []).forEach((sub, index) => findings(sub, `${path}.${key}[${index}]`, key, found));
    }
    return found;
  }

  it('leaves nothing unportable in any tool’s input or output schema', () => {
    const tools = discoverClasses<LoreMcpTool>(`${__dirname}/tools`, '.tool').map(
      (Class) => new (Class as unknown as new () => LoreMcpTool)(),
    );
    const options = { target: 'draft-2020-12' as const };
    const unportable = tools.flatMap((tool) => [
      ...findings(
        validatedByService(tool.input, tool.pagedLists.length > 0)['~standard'].jsonSchema.input(options),
        `${tool.name} input`,
        null,
        [],
      ),
      ...findings(portableOutput(toolAnswerSchema(tool.output))['~standard'].jsonSchema.output(options), `${tool.name} output`, null, []),
      ...findings(compactOutput(tool.output)['~standard'].jsonSchema.output(options), `${tool.name} compacted output`, null, []),
    ]);
    expect(tools.length).toBeGreaterThan(10);
    expect(unportable).toEqual([]);
  });
});

describe('compactSchema: a whole output schema in fewer tokens, accepting the same answers', () => {
  const location = z.object({ path: z.string(), line: z.number().int() });
  const FAMILIES = ['clones', 'complexity', 'coupling', 'cohesion', 'dead_code', 'dependencies'] as const;
  const family = z.enum(FAMILIES);
  const payload = z.object({
    count: z.number().int(),
    first: location.describe('Where it starts.'),
    last: location,
    spans: z.array(location),
    families: z.array(family),
    family,
    previous: z.object({ family }),
    note: z.number().int().nullable(),
    other_note: z.number().int().nullable(),
  });
  const compacted = compactOutput(payload)['~standard'].jsonSchema.output({ target: 'draft-2020-12' });

  it('writes each repeated shape once in $defs under the name most of its copies hold, without zod’s safe-integer range', () => {
    const locationSchema = {
      type: 'object',
      properties: { path: { type: 'string' }, line: { type: 'integer' } },
      required: ['path', 'line'],
      additionalProperties: false,
    };
    expect(compacted).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        count: { type: 'integer' },
        // A copy with its own description is another schema: written out, its fields' shapes still shared.
        first: {
          description: 'Where it starts.',
          type: 'object',
          properties: { path: { type: 'string' }, line: { type: 'integer' } },
          required: ['path', 'line'],
          additionalProperties: false,
        },
        last: { $ref: '#/$defs/last' },
        spans: { type: 'array', items: { $ref: '#/$defs/last' } },
        families: { type: 'array', items: { $ref: '#/$defs/family' } },
        family: { $ref: '#/$defs/family' },
        previous: {
          type: 'object',
          properties: { family: { $ref: '#/$defs/family' } },
          required: ['family'],
          additionalProperties: false,
        },
        // An `integer or null` is shorter written out than referred to.
        note: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        other_note: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
      required: ['count', 'first', 'last', 'spans', 'families', 'family', 'previous', 'note', 'other_note'],
      additionalProperties: false,
      $defs: { last: locationSchema, family: { type: 'string', enum: [...FAMILIES] } },
    });
  });

  it('is validated by the SDK client’s validator exactly as the whole schema is', () => {
    const whole = portableOutput(payload)['~standard'].jsonSchema.output({ target: 'draft-2020-12' });
    const validator = new AjvJsonSchemaValidator();
    const [byWhole, byCompacted] = [validator.getValidator(whole), validator.getValidator(compacted)];
    const answer = {
      count: 2,
      first: { path: 'a.ts', line: 1 },
      last: { path: 'b.ts', line: 9 },
      spans: [{ path: 'a.ts', line: 1 }],
      families: ['clones'],
      family: 'complexity',
      previous: { family: 'clones' },
      note: null,
      other_note: 3,
    };
    const wrong = [
      { ...answer, last: { path: 'b.ts', line: 'nine' } },
      { ...answer, spans: [{ path: 'a.ts' }] },
      { ...answer, families: ['naming'] },
      { ...answer, previous: { family: 'naming' } },
      { ...answer, spans: [{ path: 'a.ts', line: 1, column: 2 }] },
    ];
    expect([answer, ...wrong].map((value) => [byWhole(value).valid, byCompacted(value).valid])).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it('keeps a schema without repeats as it is, but for the safe-integer range', () => {
    expect(
      compactSchema({ type: 'object', properties: { n: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 } } }),
    ).toEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(compactSchema({ type: 'integer', minimum: 1, maximum: 1000 })).toEqual({ type: 'integer', minimum: 1, maximum: 1000 });
  });
});
