import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { discoverClasses } from '@lore/config';
import { type Principal, countTokens } from '@lore/domain';
import { LoreMetrics } from '@lore/observability';
import { LoreMcpServerFactory } from './lore-mcp-server.factory';
import { FIRST_VERSION, type LoreMcpTool, READ_ONLY } from './mcp-tool';
import { SEED_SERVERS, SEED_SERVER_NAMES, type SeedServerName } from './seed-servers';
import { briefly, compactOutput, outlineSchema } from './service-validated-schema';

/**
 * What the default tools/list of /mcp costs an agent (issue 49): every tool, under 25,000 tokens
 * (o200k_base), its output schemas outlined; and an answer still validates, in the official SDK
 * client, against the outline it advertises. bench/mcp-catalog-size.ts prints the figures.
 */
const CONFIG = {
  LORE_MCP_PROFILE: 'full',
  LORE_MCP_ENABLE_SIDE_EFFECTS: true,
  LORE_MCP_MAX_TOKENS: 25_000,
  LORE_MEMORY_ENABLE_APPROVAL: true,
};
const PRINCIPAL = {
  tenantId: 'tenant',
  subject: 'local',
  permissions: ['read', 'index'],
  toolProfile: null,
  repositories: null,
} as unknown as Principal;

/** Every tool class, made without its services (tools/list reads only their fields). */
function everyTool(): LoreMcpTool[] {
  return discoverClasses<LoreMcpTool>(`${__dirname}/tools`, '.tool').map(
    (Class) => new (Class as unknown as new (...services: unknown[]) => LoreMcpTool)(...Array<unknown>(8).fill(CONFIG)),
  );
}

async function connected(tools: LoreMcpTool[], as?: SeedServerName): Promise<Client> {
  const factory = new LoreMcpServerFactory(tools, [], [], CONFIG as never, {} as never, new LoreMetrics());
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await factory.create(PRINCIPAL, { transport: 'stdio', as }).connect(serverSide);
  const client = new Client({ name: 'tools-list-spec', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('the tools/list of /mcp', () => {
  it('lists every tool in under 25,000 tokens', async () => {
    const tools = everyTool();
    const client = await connected(tools);
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual(tools.map((tool) => tool.name).sort());
    const tokens = countTokens(JSON.stringify(listed));
    expect(tokens).toBeLessThan(25_000);
    await client.close();
  });

  it.each(SEED_SERVER_NAMES)(
    'lists every tool of /mcp/%s in under 25,000 tokens, its payloads’ whole output schemas included',
    async (as) => {
      const client = await connected(everyTool(), as);
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name).sort()).toEqual([...SEED_SERVERS[as].tools].sort());
      expect(countTokens(JSON.stringify(listed))).toBeLessThan(25_000);
      await client.close();
    },
  );

  it.each([undefined, ...SEED_SERVER_NAMES])('describes every parameter of every tool, nested fields too (endpoint %s)', async (as) => {
    const client = await connected(everyTool(), as);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    const undescribed = tools.flatMap((tool) => undescribedParameters(tool.name, tool.inputSchema as ParameterSchema));
    expect(undescribed).toEqual([]);
    await client.close();
  });

  it('advertises an outline that the SDK client validates a real answer against', async () => {
    const output = z.object({
      target: z.object({ name: z.string().describe('A name.'), path: z.string() }),
      callers: z.array(z.object({ name: z.string(), distance: z.number().int() })),
      note: z.string().nullable(),
    });
    const input = z.object({}).strict();
    const tool: LoreMcpTool<typeof input, typeof output> = {
      name: 'outlined',
      title: 'Outlined',
      description: 'Answers a fixed answer. Its schema is outlined in tools/list.',
      version: FIRST_VERSION,
      input,
      output,
      annotations: READ_ONLY,
      pagedLists: ['callers'],
      call: async () => ({
        target: { name: 'applyDiscount', path: 'src/pricing.ts' },
        callers: [{ name: 'placeOrder', distance: 1 }],
        note: null,
      }),
      next: () => [],
    };
    const client = await connected([tool as unknown as LoreMcpTool]);
    const [listed] = (await client.listTools()).tools;
    expect(listed!.outputSchema).toEqual({
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { target: { type: 'object' }, callers: { type: 'array' }, note: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        },
      },
    });
    const answer = await client.callTool({ name: 'outlined', arguments: {} });
    expect(answer.isError).toBeFalsy();
    expect((answer.structuredContent as { data: unknown }).data).toEqual({
      target: { name: 'applyDiscount', path: 'src/pricing.ts' },
      callers: [{ name: 'placeOrder', distance: 1 }],
      note: null,
    });
    // An answer outside even the outline is refused by the client: the outline is checked, not ignored.
    await expect(
      client.callTool({ name: 'outlined', arguments: {} }, { outputSchemaValidator: undefined } as never),
    ).resolves.toBeDefined();
    await client.close();
  });
});

describe('a compacted output schema (compactOutput: shared shapes in $defs)', () => {
  const location = z.object({ path: z.string(), line: z.number().int() });
  const payload = z.object({ first: location, last: location, spans: z.array(location) });
  const SPAN = { path: 'src/pricing.ts', line: 9 };

  /** A server advertising the compacted schema of `payload` that answers `answer` unchecked, so that only the client judges it. */
  async function answering(answer: Record<string, unknown>): Promise<Client> {
    const advertised = compactOutput(payload)['~standard'];
    const unchecked: StandardSchemaWithJSON<unknown, unknown> = {
      '~standard': { ...advertised, validate: (value: unknown) => ({ value }) },
    };
    const server = new McpServer({ name: 'compacted', version: '1.0.0' });
    server.registerTool('spans', { description: 'Answers fixed spans.', outputSchema: unchecked }, () => ({
      content: [{ type: 'text', text: JSON.stringify(answer) }],
      structuredContent: answer,
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'tools-list-spec', version: '1.0.0' });
    await client.connect(clientSide);
    return client;
  }

  it('is resolved by the official SDK client: a right answer passes, a wrong field inside a shared shape is refused', async () => {
    const right = await answering({ first: SPAN, last: SPAN, spans: [SPAN] });
    const [listed] = (await right.listTools()).tools;
    expect(listed!.outputSchema!.properties).toEqual({
      first: { $ref: '#/$defs/first' },
      last: { $ref: '#/$defs/first' },
      spans: { type: 'array', items: { $ref: '#/$defs/first' } },
    });
    expect((await right.callTool({ name: 'spans', arguments: {} })).structuredContent).toEqual({ first: SPAN, last: SPAN, spans: [SPAN] });
    await right.close();
    const wrong = await answering({ first: SPAN, last: SPAN, spans: [{ path: 'src/pricing.ts', line: 'nine' }] });
    await wrong.listTools();
    await expect(wrong.callTool({ name: 'spans', arguments: {} })).rejects.toThrow(
      /Structured content does not match the tool's output schema: .*spans\/0\/line must be integer/,
    );
    await wrong.close();
  });
});

/** A JSON Schema as tools/list gives it, as far as parameters go. */
interface ParameterSchema {
  description?: string;
  properties?: Record<string, ParameterSchema>;
  items?: ParameterSchema;
  anyOf?: ParameterSchema[];
}

/**
 * The parameters of an input schema, nested fields of objects and of lists of objects included,
 * that say nothing of themselves (no description on them, nor on the one alternative that holds it).
 */
function undescribedParameters(path: string, schema: ParameterSchema): string[] {
  const found: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const at = `${path}.${name}`;
    const alternatives = [property, ...(property.anyOf ?? [])];
    if (!alternatives.some((alternative) => alternative.description)) found.push(at);
    for (const alternative of alternatives) {
      found.push(...undescribedParameters(at, alternative));
      if (alternative.items) found.push(...undescribedParameters(`${at}[]`, alternative.items));
    }
  }
  return found;
}

describe('outlineSchema', () => {
  it('keeps the fields of the answer and of its data, each by its type, and nothing deeper', () => {
    expect(
      outlineSchema({
        type: 'object',
        required: ['data'],
        properties: {
          data: { type: 'object', description: 'x', required: ['a'], properties: { a: { type: 'array', items: { type: 'string' } } } },
          metadata: { type: 'object', properties: { tool: { type: 'string' } } },
        },
      }),
    ).toEqual({ type: 'object', properties: { data: { type: 'object', properties: { a: { type: 'array' } } } } });
  });
});

describe('briefly', () => {
  it('keeps the sentences that fit, and at least the first whole', () => {
    expect(briefly('One two. Three four. Five six.', 20)).toBe('One two. Three four.');
    expect(briefly('A first sentence longer than the limit. Then more.', 10)).toBe('A first sentence longer than the limit.');
    expect(briefly('Version 1.2 of the API (e.g. this one). More.', 10)).toBe('Version 1.2 of the API (e.g. this one).');
  });
});
