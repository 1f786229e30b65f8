import type { Client } from '@modelcontextprotocol/client';
import type { FixtureRepository } from '../support/fixtures';
import type { RunningServer } from '../support/processes';
import { SEED_TRANSPORTS, type SeedSuite, callSeedTool, connectSeedServer, serveIndexedFixture, stopSuite } from './seed-clients';

/**
 * A client of the MCP Code Analysis server (seed 004), written from the seed's text only: every tool
 * answers `ToolResponse` {data, metadata{tool, version, executionTime, timestamp}, status{success,
 * code, message?}, context?}, a failure `createErrorResponse`'s {data: null, status{success: false,
 * code: 400, message}}, and every parameter a tool needs is described and marked required. Run against
 * `lore mcp --as analysis` and `/mcp/analysis` on the order-service fixture.
 */
const TENANT = 'seed-004-e2e';
const REPO = 'order-service';
const env = { LORE_TENANT: TENANT };

interface ToolResponse {
  data: Record<string, unknown> | null;
  metadata: { tool: string; version: string; executionTime: number; timestamp: string };
  status: { success: boolean; code: number; message?: string };
  context?: { sessionId?: string; relatedResults?: string[] };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let suite: SeedSuite;
let fixture: FixtureRepository;
let server: RunningServer;

beforeAll(async () => {
  suite = await serveIndexedFixture(REPO, env);
  ({ fixture, server } = suite);
}, 180_000);

afterAll(() => stopSuite(suite));

describe.each(SEED_TRANSPORTS)('an MCP Code Analysis client over %s', (transport) => {
  let client: Client;
  /** Each answer's result id (its `_meta["lore/requestId"]`), in call order: what relatedResults names. */
  const requestIds: string[] = [];
  /** A call read as the seed's ToolResponse, which the text content carries too. */
  const respond = async (name: string, args: Record<string, unknown>): Promise<ToolResponse & { isError: boolean }> => {
    const result = await callSeedTool(client, name, args);
    expect(JSON.parse(result.text)).toEqual(result.payload);
    requestIds.push(result.meta['lore/requestId'] as string);
    return { ...(result.payload as unknown as ToolResponse), isError: result.isError };
  };

  beforeAll(async () => {
    client = await connectSeedServer(transport, 'analysis', server.url, env);
  }, 60_000);
  afterAll(() => client?.close());

  it('answers every tool in the standard response format, its data the analysis', async () => {
    const calls: Record<string, Record<string, unknown>> = {
      search_code: { query: 'discount' },
      get_symbol: { name: 'applyDiscount' },
      get_callers: { name: 'applyDiscount' },
      get_callees: { name: 'OrderService.placeOrder' },
      get_file_span: { uri: `code://${REPO}/${fixture.commitSha}/src/pricing/discounts.ts#L9-L12` },
      get_graph_neighborhood: { name: 'applyDiscount' },
      get_related_tests: { name: 'applyDiscount' },
      get_documents: { name: 'applyDiscount' },
      analyze_impact: { name: 'applyDiscount' },
    };
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(Object.keys(calls).sort());
    for (const [tool, args] of Object.entries(calls)) {
      const response = await respond(tool, args);
      expect({ tool, isError: response.isError, status: response.status }).toEqual({
        tool,
        isError: false,
        status: { success: true, code: 200 },
      });
      expect(response.metadata).toEqual({
        tool,
        version: '1',
        executionTime: expect.any(Number),
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(response.data).not.toBeNull();
      expect(response.context).toEqual({ sessionId: expect.stringMatching(UUID), relatedResults: expect.any(Array) });
    }
    const callers = await respond('get_callers', { name: 'applyDiscount' });
    expect((callers.data!.callers as { symbol: { qualifiedName: string } }[]).map((caller) => caller.symbol.qualifiedName)).toContain(
      'OrderService.placeOrder',
    );
    const symbol = await respond('get_symbol', { name: 'applyDiscount' });
    expect(symbol.data!.symbol).toMatchObject({ name: 'applyDiscount', path: 'src/pricing/discounts.ts', startLine: 9, endLine: 12 });
  });

  it('marks a tool’s needed parameters required, each described', async () => {
    const search = (await client.listTools()).tools.find((tool) => tool.name === 'search_code')!;
    expect(search.inputSchema.required).toContain('query');
    expect((search.inputSchema.properties as Record<string, { description?: string }>).query!.description).toEqual(expect.any(String));
    // "All tool parameters now include descriptive information": every parameter of every tool here.
    for (const tool of (await client.listTools()).tools) {
      const properties = tool.inputSchema.properties as Record<string, { description?: string }>;
      const undescribed = Object.keys(properties).filter((name) => typeof properties[name]!.description !== 'string');
      expect({ tool: tool.name, undescribed }).toEqual({ tool: tool.name, undescribed: [] });
    }
  });

  it('keeps a session: its sessionId given back continues it, its relatedResults the session’s earlier results', async () => {
    const first = await respond('get_symbol', { name: 'applyDiscount' });
    const sessionId = first.context!.sessionId!;
    const firstId = requestIds.at(-1)!;
    if (transport === 'stdio') {
      // The stdio connection is one session: the earlier calls of this connection are its results.
      expect(first.context).toEqual({ sessionId: expect.stringMatching(UUID), relatedResults: requestIds.slice(0, -1) });
      expect(first.context!.relatedResults).toHaveLength(11);
    } else {
      // Stateless HTTP has no MCP session: a call without sessionId opens a new one, of no earlier results.
      expect(first.context).toEqual({ sessionId: expect.stringMatching(UUID), relatedResults: [] });
    }
    const second = await respond('get_callers', { name: 'applyDiscount', sessionId });
    const secondId = requestIds.at(-1)!;
    expect(second.status).toEqual({ success: true, code: 200 });
    expect(second.context).toEqual({ sessionId, relatedResults: [...first.context!.relatedResults!, firstId] });
    const failure = await respond('get_symbol', { name: 'noSuchSymbolAnywhere', sessionId });
    expect(failure.context).toEqual({ sessionId, relatedResults: [...first.context!.relatedResults!, firstId, secondId] });
    const own = await respond('get_symbol', { name: 'applyDiscount', sessionId: 'my-own-session' });
    expect(own.context).toEqual({ sessionId: 'my-own-session', relatedResults: [] });
    expect(own.data).not.toBeNull();
    const bad = await respond('get_symbol', { name: 'applyDiscount', sessionId: '' });
    expect(bad).toMatchObject({
      isError: true,
      data: null,
      status: { success: false, code: 400, message: expect.stringContaining('sessionId') },
    });
  });

  it('answers a failure as createErrorResponse does, and a tool of another seed is unknown here', async () => {
    const failure = await respond('get_symbol', { name: 'noSuchSymbolAnywhere' });
    expect(failure).toEqual({
      isError: true,
      data: null,
      metadata: { tool: 'get_symbol', version: '1', executionTime: 0, timestamp: expect.any(String) },
      status: { success: false, code: 400, message: expect.stringContaining('noSuchSymbolAnywhere') },
      context: { sessionId: expect.stringMatching(UUID), relatedResults: expect.any(Array) },
    });
    const badInput = await respond('search_code', { query: '' });
    expect(badInput).toMatchObject({ isError: true, data: null, status: { success: false, code: 400 } });
    await expect(client.callTool({ name: 'analyze_repository', arguments: { root: fixture.path } })).rejects.toThrow(/analyze_repository/);
    await expect(client.callTool({ name: 'full_documentation', arguments: { workspace_id: REPO } })).rejects.toThrow(/full_documentation/);
  });
});
