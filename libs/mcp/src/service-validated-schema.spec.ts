import { discoverClasses } from '@lore/config';
import type { LoreMcpTool } from './mcp-tool';
import { portableOutput, portableSchema, validatedByService } from './service-validated-schema';
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
    ]);
    expect(tools.length).toBeGreaterThan(10);
    expect(unportable).toEqual([]);
  });
});
