import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import type { FixtureRepository } from '../support/fixtures';
import { type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { connectMcp, graphql, indexAndServe, toolErrorAnswer } from './doors';

/**
 * Issue 19 items 7 and 8 through the real server: what every door's calls add to GET /metrics, the
 * JSON log line of a call, the trace spans a collector receives, and the limits (rate, tool budgets)
 * answered the way each door answers errors.
 */
const TENANT = 'e2e-limits';
const REPO = 'order-service';
const env = { LORE_TENANT: TENANT };

type ToolResult = { structuredContent?: unknown; content?: unknown; isError?: boolean };
const errorOf = (result: ToolResult) => toolErrorAnswer(result).error;

/** The value of one sample of the exposition text, or null when absent. */
function sample(exposition: string, series: string): number | null {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

/** A span as an OTLP/HTTP JSON export carries it (the fields this test reads). */
interface ExportedSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}

/** A stand-in OpenTelemetry collector on loopback: keeps every span POSTed to /v1/traces. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[]; contentTypes: string[]; close: () => Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        contentTypes.push(req.headers['content-type'] ?? '');
        const exported = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
        for (const resource of exported.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, contentTypes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const attribute = (span: ExportedSpan, key: string): string | undefined =>
  span.attributes.find((item) => item.key === key)?.value.stringValue;

describe('metrics, logs and traces of every door', () => {
  let server: RunningServer;
  let fixture: FixtureRepository;
  let mcp: Client;
  let collector: Awaited<ReturnType<typeof startCollector>>;

  beforeAll(async () => {
    collector = await startCollector();
    ({ fixture, server } = await indexAndServe(REPO, {
      ...env,
      LORE_LOG_FORMAT: 'json',
      LORE_OTEL_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    }));
    mcp = await connectMcp('http 2026-07-28', server.url, env);
  }, 180_000);

  afterAll(async () => {
    await mcp?.close();
    await server?.stop();
    await collector?.close();
  });

  it('counts each call by door, operation and status, with its latency, size and denials, at /metrics', async () => {
    // A file edited after indexing: the answer that names it says so in its data's warnings, a partial answer.
    // First, as the state of the checkout is kept for 2 s (CHECKOUT_STATE_TTL_MS).
    const discounts = `${fixture.path}/src/pricing/discounts.ts`;
    const indexed = readFileSync(discounts, 'utf8');
    writeFileSync(discounts, `${indexed}// edited after indexing\n`);
    const stale = await mcp
      .callTool({ name: 'get_symbol', arguments: { name: 'isKnownDiscount' } })
      .finally(() => writeFileSync(discounts, indexed));
    const staleWarnings = (stale.structuredContent as { data: { warnings: { code: string }[] } }).data.warnings.map(({ code }) => code);
    expect(staleWarnings).toEqual(['stale_files']);
    for (let call = 0; call < 2; call++) expect((await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/symbols?name=noSuchSymbolAnywhere`)).status).toBe(404);
    const viaGraphql = await graphql(server.url, 'query($input: GetSymbolInput!) { symbol(input: $input) { symbol { uid } } }', {
      input: { name: 'applyDiscount' },
    });
    expect(viaGraphql.errors).toBeUndefined();
    const symbol = await mcp.callTool({ name: 'get_symbol', arguments: { name: 'applyDiscount' } });
    expect(symbol.isError).toBeFalsy();
    const summary = await mcp.callTool({ name: 'search_code', arguments: { query: 'order', detail_level: 'summary' } });
    expect((summary.structuredContent as { status: string }).status).toBe('truncated');

    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const metrics = await response.text();
    expect(sample(metrics, 'lore_operation_calls_total{door="rest",operation="get_symbol",status="ok"}')).toBe(2);
    expect(sample(metrics, 'lore_operation_calls_total{door="rest",operation="get_symbol",status="not_found"}')).toBe(1);
    expect(sample(metrics, 'lore_operation_calls_total{door="graphql",operation="get_symbol",status="ok"}')).toBe(1);
    expect(sample(metrics, 'lore_operation_calls_total{door="mcp-http",operation="get_symbol",status="ok"}')).toBe(2);
    expect(sample(metrics, 'lore_operation_calls_total{door="mcp-http",operation="search_code",status="ok"}')).toBe(1);
    expect(sample(metrics, 'lore_operation_denials_total{door="rest",operation="get_symbol",code="not_found"}')).toBe(1);
    expect(sample(metrics, 'lore_operation_duration_seconds_count{door="rest",operation="get_symbol"}')).toBe(3);
    expect(sample(metrics, 'lore_operation_duration_seconds_bucket{le="30",door="rest",operation="get_symbol"}')).toBe(3);
    expect(sample(metrics, 'lore_operation_result_bytes_count{door="rest",operation="get_symbol"}')).toBe(2);
    expect(sample(metrics, 'lore_mcp_truncations_total{tool="search_code"}')).toBe(1);
    // The token estimate of each MCP answer, as its metadata told the agent; the stale one counted as partial.
    const tokensOf = (answer: typeof symbol) => (answer.structuredContent as { metadata: { tokens: number } }).metadata.tokens;
    expect(sample(metrics, 'lore_mcp_answer_tokens_count{tool="get_symbol"}')).toBe(2);
    expect(sample(metrics, 'lore_mcp_answer_tokens_sum{tool="get_symbol"}')).toBe(tokensOf(symbol) + tokensOf(stale));
    expect(sample(metrics, 'lore_mcp_partial_answers_total{tool="get_symbol",warning="stale_files"}')).toBe(1);
    // Every session closes once the answers and the audit batch written after them are done: none stays open.
    let inFlight = sample(metrics, 'lore_neo4j_sessions_in_flight');
    for (const deadline = Date.now() + 10_000; inFlight !== 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      inFlight = sample(await (await fetch(`${server.url}/metrics`)).text(), 'lore_neo4j_sessions_in_flight');
    }
    expect(inFlight).toBe(0);
    expect(sample(metrics, 'lore_neo4j_sessions_total{mode="READ"}')).toBeGreaterThan(5);
    // No label names a tenant or a caller.
    expect(metrics).not.toContain(TENANT);
    expect(metrics).not.toContain('subject');
  });

  it('logs one JSON line per call with the request id and a hashed subject, and no query text', async () => {
    const query = 'zebraQuerySentinel';
    const searched = await fetch(`${server.url}/api/v1/search?query=${query}`, { headers: { 'x-request-id': 'e2e-log-line-1' } });
    expect(searched.status).toBe(200);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"requestId":"e2e-log-line-1"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: 'log',
        pid: expect.any(Number),
        context: 'Calls',
        event: 'tool_call',
        door: 'rest',
        operation: 'search_code',
        tenantId: TENANT,
        subjectHash: createHash('sha256').update('local').digest('hex').slice(0, 16),
        repositoryId: null,
        status: 'ok',
        latencyMs: expect.any(Number),
        resultBytes: expect.any(Number),
        requestId: 'e2e-log-line-1',
        agentRunId: null,
      },
    ]);
    expect(server.output()).not.toContain(query);
    // Every line the server wrote is JSON, from the first (listening) on.
    const unparsable = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .filter((line) => {
        try {
          return typeof JSON.parse(line) !== 'object';
        } catch {
          return true;
        }
      });
    expect(unparsable).toEqual([]);
  });

  it('exports a span per operation with its Cypher as child spans, to the configured collector as OTLP/HTTP JSON', async () => {
    expect(
      (await fetch(`${server.url}/api/v1/symbols?name=OrderService.placeOrder`, { headers: { 'x-request-id': 'e2e-trace-1' } })).status,
    ).toBe(200);
    const deadline = Date.now() + 15_000;
    let operation: ExportedSpan | undefined;
    while (!operation && Date.now() < deadline) {
      operation = collector.spans.find((span) => span.name === 'lore.get_symbol' && attribute(span, 'lore.request_id') === 'e2e-trace-1');
      if (!operation) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(operation).toBeDefined();
    expect(attribute(operation!, 'lore.door')).toBe('rest');
    expect(attribute(operation!, 'lore.status')).toBe('ok');
    expect(collector.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cypher = collector.spans.filter((span) => span.parentSpanId === operation!.spanId);
    expect(cypher.length).toBeGreaterThan(0);
    expect(cypher.every((span) => span.name === 'neo4j.read' && attribute(span, 'db.system.name') === 'neo4j')).toBe(true);
    expect(cypher.some((span) => /MATCH/.test(attribute(span, 'db.query.text') ?? ''))).toBe(true);
  });
});

describe('limits on every door', () => {
  it('answers rate_limited past the per-minute rate: 429 with Retry-After on REST, extensions.code on GraphQL, isError on MCP', async () => {
    const server = await startServer({ ...env, LORE_RATE_LIMIT_PER_MINUTE: '1', LORE_RATE_LIMIT_BURST: '2' });
    await waitUntilReady(server.url);
    const mcp = await connectMcp('http 2026-07-28', server.url, env);
    try {
      for (let call = 0; call < 2; call++) expect((await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`)).status).toBe(200);
      const refused = await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(55);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toMatchObject({
        status: 429,
        code: 'rate_limited',
        retryable: true,
        details: { retryAfterSeconds: retryAfter },
        hint: `Wait ${retryAfter} s before the next call, and space calls out.`,
      });

      const viaGraphql = await graphql(server.url, 'query($input: GetSymbolInput!) { symbol(input: $input) { symbol { uid } } }', {
        input: { name: 'applyDiscount' },
      });
      expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({ code: 'rate_limited', retryable: true });

      const viaMcp = errorOf(await mcp.callTool({ name: 'get_symbol', arguments: { name: 'applyDiscount' } }));
      expect(viaMcp).toMatchObject({ code: 'rate_limited', retryable: true, details: { retryAfterSeconds: expect.any(Number) } });

      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      expect(sample(metrics, 'lore_operation_denials_total{door="rest",operation="get_symbol",code="rate_limited"}')).toBe(1);
      expect(sample(metrics, 'lore_operation_denials_total{door="graphql",operation="get_symbol",code="rate_limited"}')).toBe(1);
      expect(sample(metrics, 'lore_operation_denials_total{door="mcp-http",operation="get_symbol",code="rate_limited"}')).toBe(1);
    } finally {
      await mcp.close();
      await server.stop();
    }
  }, 120_000);

  it.each([
    ['MCP over HTTP', 'http 2026-07-28' as const],
    ['MCP over stdio', 'stdio' as const],
  ])(
    'answers tool_budget_exceeded, with a hint, to an agent run past its searches (%s), and not to another run',
    async (_door, door) => {
      const limited = { ...env, LORE_RUN_MAX_SEARCH_CALLS: '2' };
      const server = door === 'stdio' ? null : await startServer(limited);
      const mcp = await connectMcp(door, server?.url ?? '', limited);
      const search = (run: string | null) =>
        mcp.callTool({ name: 'search_code', arguments: { query: 'discount' }, ...(run ? { _meta: { 'lore/agentRun': run } } : {}) });
      try {
        for (let call = 0; call < 2; call++) expect((await search('docgen-run-1')).isError).toBeFalsy();
        expect(errorOf(await search('docgen-run-1'))).toEqual({
          code: 'tool_budget_exceeded',
          message: 'search_code refused: this agent run has spent its maxSearchCalls budget of 2.',
          retryable: false,
          hint: 'Stop searching broadly: narrow the search (filters, a repository, a path), or use get_symbol / get_file_span on a uid or URI you already have.',
          details: { budget: 'maxSearchCalls', limit: 2, used: 2, resetsInSeconds: null, scope: 'agent_run' },
        });
        // Other tools are still served in the run; another run, and calls naming none, have their own budgets.
        expect(
          (await mcp.callTool({ name: 'get_symbol', arguments: { name: 'applyDiscount' }, _meta: { 'lore/agentRun': 'docgen-run-1' } }))
            .isError,
        ).toBeFalsy();
        expect((await search('docgen-run-2')).isError).toBeFalsy();
        for (let call = 0; call < 3; call++) expect((await search(null)).isError).toBeFalsy();
      } finally {
        await mcp.close();
        await server?.stop();
      }
    },
    120_000,
  );

  it('counts a GraphQL query by its cost against the same budget as tools: the explorer walk that spends it is answered, the next query refused', async () => {
    const server = await startServer({ ...env, LORE_RUN_MAX_CALLS: '3' });
    const run = { 'x-lore-agent-run': 'explore-1' };
    // 303 fields by the query limits' count: repositories (1) + 1 × (nodes (1) + files (1) + 100 × (nodes (1) + path + language)),
    // 3 calls, on top of the root, explore_repositories, which the gate counts as one: 4 of the run's 3.
    const walk = '{ repositories(first: 1) { nodes { files(first: 100) { nodes { path language } } } } }';
    try {
      const answered = await graphql(server.url, walk, {}, run);
      expect(answered.errors).toBeUndefined();
      expect((answered.data!.repositories as { nodes: { files: { nodes: unknown[] } }[] }).nodes[0]!.files.nodes.length).toBeGreaterThan(0);
      const refusedResponse = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...run },
        body: JSON.stringify({ query: walk }),
      });
      expect(refusedResponse.status).toBe(429);
      const refused = (await refusedResponse.json()) as { data?: unknown; errors?: unknown[] };
      expect(refused.data ?? null).toBeNull();
      expect(refused.errors).toEqual([
        expect.objectContaining({
          message: 'The GraphQL query refused: this agent run has spent its maxCalls budget of 3.',
          extensions: expect.objectContaining({
            code: 'tool_budget_exceeded',
            details: { budget: 'maxCalls', limit: 3, used: 4, resetsInSeconds: null, scope: 'agent_run' },
          }),
        }),
      ]);
      // A tool in the same run is refused too; another run is not.
      const tool = await fetch(`${server.url}/api/v1/symbols?name=applyDiscount`, { headers: run });
      expect(tool.status).toBe(429);
      expect((await graphql(server.url, walk, {}, { 'x-lore-agent-run': 'explore-2' })).errors).toBeUndefined();
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('answers tool_budget_exceeded on REST for a run named by X-Lore-Agent-Run, as a 429 with no Retry-After', async () => {
    const server = await startServer({ ...env, LORE_RUN_MAX_CALLS: '1' });
    try {
      const ask = () => fetch(`${server.url}/api/v1/symbols?name=applyDiscount`, { headers: { 'x-lore-agent-run': 'review-7' } });
      expect((await ask()).status).toBe(200);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeNull();
      expect(await refused.json()).toMatchObject({
        code: 'tool_budget_exceeded',
        retryable: false,
        details: { budget: 'maxCalls', scope: 'agent_run' },
      });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
