import type { Client } from '@modelcontextprotocol/client';
import Ajv2020 from 'ajv/dist/2020';
import type { Driver } from 'neo4j-driver';
import { gitFixture, type FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import type { RunningServer } from '../support/processes';
import {
  DESTRUCTIVE_TOOLS,
  OPEN_WORLD_TOOLS,
  DOCUMENTATION_SESSION_TOOLS,
  FULL_PROFILE_TOOLS,
  KNOWLEDGE_TOOLS,
  PUBLISH_TOOLS,
  MEMORY_WRITE_TOOLS,
  SESSION_TOOLS,
  connectMcp,
  indexAndServe,
  type McpDoor,
  toolErrorAnswer,
} from './doors';

/**
 * The MCP server as an agent meets it, on the order-service fixture: the protocol at its edges
 * (malformed JSON, bad URIs, bad arguments), the contract of every tool (schemas, one answer shape,
 * annotations), the token budget and its continuation, prompts, completions, profiles and help.
 */
const TENANT = 'e2e-mcp';
const REPO = 'order-service';
const env = { LORE_TENANT: TENANT };
const DOORS: McpDoor[] = ['stdio', 'http 2026-07-28'];

let driver: Driver;
let fixture: FixtureRepository;
let server: RunningServer;
const mcp = new Map<McpDoor, Client>();

interface Answer {
  data: Record<string, unknown>;
  metadata: { tool: string; version: string; requestId: string; snapshot: unknown[]; tokens: number; maxTokens: number };
  status: 'ok' | 'truncated';
  warnings: { code: string; message: string }[];
  next: { recommended: { tool: string; arguments: Record<string, unknown>; why: string }[] };
  continuation: string | null;
}

const answerOf = (result: { structuredContent?: unknown; content?: unknown; isError?: boolean }): Answer => {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Answer;
};
const errorOf = (result: { structuredContent?: unknown; content?: unknown; isError?: boolean }) => toolErrorAnswer(result).error;

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  ({ fixture, server } = await indexAndServe(REPO, env));
  for (const door of DOORS) mcp.set(door, await connectMcp(door, server.url, env));
}, 180_000);

afterAll(async () => {
  for (const client of mcp.values()) await client.close();
  await server?.stop();
  await driver?.close();
});

/** A valid call of each tool of the full profile, on the fixture. */
const validCalls = (): Record<string, Record<string, unknown>> => ({
  analyze_impact: { name: 'applyDiscount' },
  assemble_context_pack: { repositoryId: REPO, modulePath: 'src/pricing' },
  generate_document_draft: { repositoryId: REPO, modulePath: 'src/pricing' },
  get_callees: { name: 'OrderService.placeOrder' },
  get_callers: { name: 'applyDiscount' },
  get_documents: { name: 'applyDiscount' },
  get_file_span: { uri: `code://${REPO}/${fixture.commitSha}/src/pricing/discounts.ts#L9-L12` },
  get_graph_neighborhood: { name: 'applyDiscount' },
  get_project_structure: { repositoryId: REPO },
  get_related_tests: { name: 'applyDiscount' },
  get_symbol: { name: 'applyDiscount' },
  help: { topic: 'which tests to run for a change' },
  search_code: { query: 'discount' },
});

describe('the protocol at its edges', () => {
  it('answers malformed JSON on /mcp with a JSON-RPC parse error (-32700), not a REST problem', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    const body = (await response.json()) as { jsonrpc: string; error: { code: number } };
    expect({ status: response.status, jsonrpc: body.jsonrpc, code: body.error.code }).toEqual({
      status: 400,
      jsonrpc: '2.0',
      code: -32700,
    });
  });

  it.each(DOORS)('refuses traversal and malformed resource URIs with a JSON-RPC error, encoded or not (%s)', async (door) => {
    const base = `code://${REPO}/${fixture.commitSha}`;
    for (const uri of [
      `${base}/src/../../etc/passwd`,
      `${base}/src/%2e%2e/%2e%2e/etc/passwd`,
      `${base}/src/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`,
      `${base}/src/..%5c..%5cetc%5cpasswd`,
      `${base}//etc/passwd`,
    ]) {
      await expect(mcp.get(door)!.readResource({ uri })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('relative to the repository root'),
      });
    }
    await expect(mcp.get(door)!.readResource({ uri: 'file:///etc/passwd' })).rejects.toMatchObject({ code: -32602 });
    await expect(mcp.get(door)!.readResource({ uri: `${base}/src/index.ts#Lx` })).rejects.toMatchObject({ code: -32602 });
  });

  it.each(DOORS)('answers bad tool arguments with a structured invalid_input, the service never reached (%s)', async (door) => {
    const client = mcp.get(door)!;
    const bad: [string, Record<string, unknown>][] = [
      ['search_code', { query: 'discount', bogus: true }],
      ['search_code', { query: 5 }],
      ['search_code', { query: 'x'.repeat(501) }],
      ['get_symbol', {}],
      ['get_file_span', { uri: `code://${REPO}/${fixture.commitSha}/src/../../etc/passwd` }],
      ['get_file_span', { uri: `code://${REPO}/${fixture.commitSha}/src/%2e%2e/%2e%2e/etc/passwd` }],
      ['get_project_structure', { repositoryId: REPO, limit: 'all' }],
      ['help', { topic: '' }],
      ['search_code', { query: 'discount', detail_level: 'huge' }],
      ['get_file_span', { uri: `code://${REPO}/${fixture.commitSha}/src/index.ts`, continuation: 'abc' }],
    ];
    for (const [tool, args] of bad) {
      const error = errorOf(await client.callTool({ name: tool, arguments: args }));
      expect({ tool, args, code: error.code }).toEqual({ tool, args, code: 'invalid_input' });
    }
  });

  it('refuses a continuation from another query', async () => {
    const client = await connectMcp('stdio', server.url, { ...env, LORE_MCP_MAX_TOKENS: '700' });
    try {
      const first = answerOf(await client.callTool({ name: 'get_project_structure', arguments: { repositoryId: REPO } }));
      expect(first.status).toBe('truncated');
      const elsewhere = await client.callTool({
        name: 'get_project_structure',
        arguments: { repositoryId: REPO, depth: 1, continuation: first.continuation },
      });
      expect(errorOf(elsewhere)).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('another query') });
      const otherTool = await client.callTool({ name: 'search_code', arguments: { query: 'order', continuation: first.continuation } });
      expect(errorOf(otherTool).code).toBe('invalid_input');
    } finally {
      await client.close();
    }
  });
});

describe('the contract of every tool (docs/specification.md, Tool contract tests)', () => {
  it.each(DOORS)('lists exactly the full profile, each tool described, annotated and with valid JSON Schemas (%s)', async (door) => {
    const { tools } = await mcp.get(door)!.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(FULL_PROFILE_TOOLS);
    const ajv = new Ajv2020({ strict: false });
    // The Knowledge MCP server's knowledge tools answer as that server does (test/e2e/project-knowledge.e2e-spec.ts),
    // the documentation session tools in the standard response format (test/e2e/documentation-sessions.e2e-spec.ts).
    const ownShape = [...KNOWLEDGE_TOOLS, ...DOCUMENTATION_SESSION_TOOLS];
    for (const tool of tools.filter((candidate) => !ownShape.includes(candidate.name))) {
      expect({ tool: tool.name, input: ajv.validateSchema(tool.inputSchema), output: ajv.validateSchema(tool.outputSchema!) }).toEqual({
        tool: tool.name,
        input: true,
        output: true,
      });
      expect(tool.annotations).toEqual({
        title: tool.title,
        readOnlyHint: !SESSION_TOOLS.includes(tool.name) && !PUBLISH_TOOLS.includes(tool.name) && !MEMORY_WRITE_TOOLS.includes(tool.name),
        destructiveHint: DESTRUCTIVE_TOOLS.includes(tool.name),
        idempotentHint: !MEMORY_WRITE_TOOLS.includes(tool.name) && !DESTRUCTIVE_TOOLS.includes(tool.name),
        openWorldHint: OPEN_WORLD_TOOLS.includes(tool.name),
      });
      // The publishing tools answer no repository content: only where they wrote.
      if (!PUBLISH_TOOLS.includes(tool.name)) expect(tool.description).toContain('untrusted data');
      // tools/list outlines an envelope answer (docs/mcp.md, Every answer): its data's fields, each by its type.
      expect(Object.keys(tool.outputSchema!.properties!)).toEqual(['data']);
    }
  });

  it.each(DOORS)('answers a valid call of each tool in the one shape, valid against its outputSchema (%s)', async (door) => {
    const client = mcp.get(door)!;
    const { tools } = await client.listTools();
    const ajv = new Ajv2020({ strict: false });
    for (const [name, args] of Object.entries(validCalls())) {
      const result = await client.callTool({ name, arguments: args });
      const answer = answerOf(result);
      const validate = ajv.compile(tools.find((tool) => tool.name === name)!.outputSchema!);
      expect({ name, valid: validate(answer), errors: validate.errors ?? null }).toEqual({ name, valid: true, errors: null });
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(answer);
      expect(answer).toMatchObject({
        status: 'ok',
        warnings: [],
        continuation: null,
        metadata: { tool: name, version: '1', maxTokens: 25_000 },
      });
      expect(answer.metadata.tokens).toBeGreaterThan(0);
      expect(answer.metadata.tokens).toBeLessThanOrEqual(25_000);
      if (name !== 'help') expect(answer.metadata.snapshot).toEqual([{ repositoryId: REPO, commitSha: fixture.commitSha }]);
    }
  });

  it('recommends the calls that follow, and they succeed', async () => {
    const client = mcp.get('stdio')!;
    const search = answerOf(await client.callTool({ name: 'search_code', arguments: { query: 'applyDiscount' } }));
    expect(search.next.recommended.map((call) => call.tool)).toEqual(['get_symbol', 'get_file_span']);
    for (const call of search.next.recommended) answerOf(await client.callTool({ name: call.tool, arguments: call.arguments }));
  });
});

describe('the token budget', () => {
  it('cuts an answer over the budget, and its continuations return the rest, no item lost or repeated', async () => {
    const whole = answerOf(await mcp.get('stdio')!.callTool({ name: 'get_project_structure', arguments: { repositoryId: REPO } }));
    const entries = whole.data.entries as { path: string }[];
    expect(whole.status).toBe('ok');
    const client = await connectMcp('stdio', server.url, { ...env, LORE_MCP_MAX_TOKENS: '700' });
    try {
      const pages: Answer[] = [];
      let continuation: string | null = null;
      do {
        const args: Record<string, unknown> = { repositoryId: REPO, ...(continuation ? { continuation } : {}) };
        const page = answerOf(await client.callTool({ name: 'get_project_structure', arguments: args }));
        expect(page.metadata.tokens).toBeLessThanOrEqual(700);
        pages.push(page);
        continuation = page.continuation;
      } while (continuation !== null && pages.length < 50);
      expect(pages.length).toBeGreaterThan(2);
      expect(pages.slice(0, -1).map((page) => page.status)).toEqual(pages.slice(0, -1).map(() => 'truncated'));
      expect(pages.at(-1)!.status).toBe('ok');
      expect(pages[0]!.warnings).toEqual([{ code: 'output_truncated', message: expect.stringContaining('continuation') }]);
      expect(pages[0]!.next.recommended[0]).toEqual({
        tool: 'get_project_structure',
        arguments: { repositoryId: REPO, continuation: pages[0]!.continuation },
        why: 'The items left out of this answer.',
      });
      expect(pages.flatMap((page) => page.data.entries as unknown[])).toEqual(entries);
      // What is not a paged list comes whole on every page.
      for (const page of pages) expect(page.data.summary).toEqual(whole.data.summary);
    } finally {
      await client.close();
    }
  });

  it('pages by detail_level: summary holds 5 items a page, and the continuations return the rest', async () => {
    const client = mcp.get('http 2026-07-28')!;
    const whole = answerOf(await client.callTool({ name: 'get_project_structure', arguments: { repositoryId: REPO } }));
    const pages: Answer[] = [];
    let continuation: string | null = null;
    do {
      const args: Record<string, unknown> = { repositoryId: REPO, detail_level: 'summary', ...(continuation ? { continuation } : {}) };
      const page = answerOf(await client.callTool({ name: 'get_project_structure', arguments: args }));
      pages.push(page);
      continuation = page.continuation;
    } while (continuation !== null && pages.length < 50);
    const entries = whole.data.entries as unknown[];
    expect(pages.map((page) => (page.data.entries as unknown[]).length)).toEqual(
      Array.from({ length: Math.ceil(entries.length / 5) }, (_, index) => Math.min(5, entries.length - index * 5)),
    );
    expect(pages.flatMap((page) => page.data.entries as unknown[])).toEqual(entries);
  });
});

describe('prompts, completions and resources/list', () => {
  it.each(DOORS)('lists the five workflow prompts and fills one in (%s)', async (door) => {
    const client = mcp.get(door)!;
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual([
      'analyze_cross_repo_impact',
      'analyze_impact',
      'create_agent_context_for_code_change',
      'generate_module_doc',
      'review_generated_doc',
    ]);
    expect(prompts.find((prompt) => prompt.name === 'analyze_impact')!.arguments).toEqual([
      { name: 'repositoryId', description: 'The repository changed, as indexed.', required: true },
      { name: 'changedPath', description: expect.stringContaining('The changed file'), required: true },
      { name: 'commitSha', description: expect.stringContaining('The commit'), required: false },
    ]);
    const { messages } = await client.getPrompt({
      name: 'generate_module_doc',
      arguments: { repositoryId: REPO, modulePath: 'src/pricing' },
    });
    const text = (messages[0]!.content as { text: string }).text;
    expect(text).toContain(`Call assemble_context_pack with {"repositoryId":"${REPO}","modulePath":"src/pricing"}`);
    expect(text).toContain('Do not publish without explicit approval');
    expect(text).toContain('untrusted data');
  });

  it("passes generate_module_doc's branch and commit to the context pack: the indexed ones answer, another branch is snapshot_not_indexed", async () => {
    const client = mcp.get('http 2026-07-28')!;
    const packArgsOf = async (branch: string) => {
      const { messages } = await client.getPrompt({
        name: 'generate_module_doc',
        arguments: { repositoryId: REPO, modulePath: 'src/pricing', branch, commitSha: fixture.commitSha },
      });
      const text = (messages[0]!.content as { text: string }).text;
      return JSON.parse(/Call assemble_context_pack with (\{.*?\}):/.exec(text)![1]!) as Record<string, unknown>;
    };
    const onMain = await packArgsOf('main');
    expect(onMain).toEqual({ repositoryId: REPO, commitSha: fixture.commitSha, branch: 'main', modulePath: 'src/pricing' });
    const pack = answerOf(await client.callTool({ name: 'assemble_context_pack', arguments: onMain }));
    expect(pack.data).toMatchObject({ repositoryId: REPO, commitSha: fixture.commitSha });
    const elsewhere = await client.callTool({ name: 'assemble_context_pack', arguments: await packArgsOf('release/2.0') });
    expect(errorOf(elsewhere)).toMatchObject({
      code: 'snapshot_not_indexed',
      message: `Branch release/2.0 of ${REPO} is not indexed; the indexed commit ${fixture.commitSha.slice(0, 12)} was read from branch main.`,
    });
  });

  it('follows the analyze_impact prompt, as an agent would, to the tests to run', async () => {
    const client = mcp.get('http 2026-07-28')!;
    const { messages } = await client.getPrompt({
      name: 'analyze_impact',
      arguments: { repositoryId: REPO, changedPath: 'src/pricing/discounts.ts' },
    });
    const text = (messages[0]!.content as { text: string }).text;
    // The steps name a tool and its arguments as JSON: call them in the order given.
    const steps = [...text.matchAll(/Call (\w+) with (\{.*?\})[.:]|Call (\w+) with the same arguments/g)];
    expect(steps.map((step) => step[1] ?? step[3])).toEqual(['analyze_impact', 'get_related_tests', 'get_memory']);
    const impactArgs = JSON.parse(steps[0]![2]!) as Record<string, unknown>;
    expect(impactArgs).toEqual({ repositoryId: REPO, path: 'src/pricing/discounts.ts' });
    const impact = answerOf(await client.callTool({ name: 'analyze_impact', arguments: impactArgs }));
    const tests = answerOf(await client.callTool({ name: 'get_related_tests', arguments: impactArgs }));
    const documents = text.match(/get_documents with (\{.*?\}) for/)!;
    const sections = answerOf(
      await client.callTool({ name: 'get_documents', arguments: JSON.parse(documents[1]!) as Record<string, unknown> }),
    );
    expect((impact.data.tests as { test: { qualifiedName: string } }[]).map((test) => test.test.qualifiedName)).toEqual([
      'OrderService > places a valid order with its discount',
      'OrderService > cancels a placed order',
    ]);
    expect(tests.data.testFiles).toEqual(['test/order-service.spec.ts']);
    expect((sections.data.sections as { path: string }[]).map((section) => section.path)).toEqual(['README.md']);
    // No memory was approved in this repository: the affected memory is none, said as such.
    const memory = answerOf(await client.callTool({ name: 'get_memory', arguments: JSON.parse(steps[2]![2]!) as Record<string, unknown> }));
    expect(memory.data).toEqual({ memories: [], warnings: [] });
  });

  it.each(DOORS)('completes repository, commit and path arguments of the code:// template and of the prompts (%s)', async (door) => {
    const client = mcp.get(door)!;
    const ref = { type: 'ref/resource' as const, uri: 'code://{repo}/{commit}/{+path}' };
    const repo = await client.complete({ ref, argument: { name: 'repo', value: 'order' } });
    expect(repo.completion.values).toEqual([REPO]);
    const commit = await client.complete({ ref, argument: { name: 'commit', value: '' }, context: { arguments: { repo: REPO } } });
    expect(commit.completion.values).toEqual([fixture.commitSha]);
    const path = await client.complete({ ref, argument: { name: 'path', value: 'src/p' }, context: { arguments: { repo: REPO } } });
    expect(path.completion.values).toEqual(['src/pricing/']);
    const inside = await client.complete({
      ref,
      argument: { name: 'path', value: 'src/pricing/d' },
      context: { arguments: { repo: REPO } },
    });
    expect(inside.completion.values).toEqual(['src/pricing/discounts.ts']);
    const prompt = { type: 'ref/prompt' as const, name: 'analyze_impact' };
    expect((await client.complete({ ref: prompt, argument: { name: 'repositoryId', value: 'ord' } })).completion.values).toEqual([REPO]);
    const changed = await client.complete({
      ref: prompt,
      argument: { name: 'changedPath', value: 'src/pr' },
      context: { arguments: { repositoryId: REPO } },
    });
    expect(changed.completion.values).toEqual(['src/pricing/']);
  });

  it.each(DOORS)('lists every readable file as a code:// resource, paged, and refuses a cursor not its own (%s)', async (door) => {
    const client = mcp.get(door)!;
    const listing = await client.listResources();
    const files = answerOf(await client.callTool({ name: 'get_project_structure', arguments: { repositoryId: REPO } }));
    const expected = (files.data.entries as { path: string; kind: string }[])
      .filter((entry) => entry.kind === 'file')
      .map((entry) => `code://${REPO}/${fixture.commitSha}/${entry.path}`);
    expect(listing.resources.map((resource) => resource.uri)).toEqual(expected);
    expect(listing.nextCursor).toBeUndefined();
    const [first] = listing.resources;
    expect((await client.readResource({ uri: first!.uri })).contents[0]).toMatchObject({ uri: expect.stringContaining(first!.uri) });
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('profiles and help', () => {
  it('serves only the profile’s tools and the prompts they can follow (lore mcp --profile)', async () => {
    const explorer = await connectMcp('stdio', server.url, env, ['--profile', 'read_only_explorer']);
    const reviewer = await connectMcp('stdio', server.url, env, ['--profile', 'review_agent']);
    try {
      expect((await explorer.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
        'get_documents',
        'get_file_span',
        'get_symbol',
        'help',
        'search_code',
      ]);
      expect((await explorer.listPrompts()).prompts).toEqual([]);
      // A tool the profile does not serve is unknown: the protocol's -32602, as for any unknown tool.
      await expect(explorer.callTool({ name: 'analyze_impact', arguments: { name: 'applyDiscount' } })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('Tool analyze_impact not found'),
      });
      expect((await reviewer.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
        'analyze_impact',
        'detect_stale_docs',
        'evaluate_document_quality',
        'generate_review_package',
        'get_callers',
        'get_documents',
        'get_file_span',
        'get_memory',
        'get_related_tests',
        'get_symbol',
        'help',
        'verify_claim',
        'verify_documentation',
      ]);
      expect((await reviewer.listPrompts()).prompts.map((prompt) => prompt.name).sort()).toEqual([
        'analyze_cross_repo_impact',
        'analyze_impact',
        'review_generated_doc',
      ]);
    } finally {
      await explorer.close();
      await reviewer.close();
    }
  });

  it('points to the tools and workflow for a topic, within the profile', async () => {
    const help = answerOf(await mcp.get('stdio')!.callTool({ name: 'help', arguments: { topic: 'which tests to run for a change' } }));
    expect((help.data.tools as { name: string }[])[0]!.name).toBe('get_related_tests');
    expect((help.data.prompts as { name: string }[]).map((prompt) => prompt.name)).toContain('analyze_impact');
    expect((help.data.tools as unknown[]).length).toBeLessThanOrEqual(5);
    expect(help.data.start).toMatch(/^Get the prompt /);
  });
});

describe('index_repository: the tool with a side effect', () => {
  it('is served only over stdio, in the full profile, with LORE_MCP_ENABLE_SIDE_EFFECTS=true', async () => {
    expect((await mcp.get('http 2026-07-28')!.listTools()).tools.map((tool) => tool.name)).not.toContain('index_repository');
    expect((await mcp.get('stdio')!.listTools()).tools.map((tool) => tool.name)).not.toContain('index_repository');
    const enabled = await connectMcp('stdio', server.url, { ...env, LORE_MCP_ENABLE_SIDE_EFFECTS: 'true' }, ['--profile', 'review_agent']);
    try {
      expect((await enabled.listTools()).tools.map((tool) => tool.name)).not.toContain('index_repository');
    } finally {
      await enabled.close();
    }
  });

  it('stops when cancelled, writing nothing; indexes with progress notifications otherwise', async () => {
    const client = await connectMcp('stdio', server.url, { ...env, LORE_MCP_ENABLE_SIDE_EFFECTS: 'true' });
    try {
      const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'index_repository')!;
      expect(tool.annotations).toEqual({
        title: 'Index a repository',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });

      const cancelled = new AbortController();
      const shipping = gitFixture('shipping-go');
      const cancelledCall = client.callTool(
        { name: 'index_repository', arguments: { path: shipping.path, repositoryId: 'shipping-go' } },
        { signal: cancelled.signal, onprogress: () => cancelled.abort() },
      );
      await expect(cancelledCall).rejects.toThrow();
      // The server stops at its next transaction boundary: the run ends failed, with no snapshot written.
      let runs: { status: string }[] = [];
      for (let attempt = 0; attempt < 100 && runs[0]?.status !== 'failed' && runs[0]?.status !== 'completed'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const result = await driver.executeQuery('MATCH (run:IndexRun {tenantId: $tenant, repoId: $repo}) RETURN run.status AS status', {
          tenant: TENANT,
          repo: 'shipping-go',
        });
        runs = result.records.map((record) => ({ status: record.get('status') as string }));
      }
      expect(runs).toEqual([{ status: 'failed' }]);
      const notIndexed = await client.callTool({ name: 'get_project_structure', arguments: { repositoryId: 'shipping-go' } });
      expect(errorOf(notIndexed).code).toBe('not_found');

      const progress: { progress: number; total?: number; message?: string }[] = [];
      const billing = gitFixture('billing-service');
      const indexed = answerOf(
        await client.callTool(
          { name: 'index_repository', arguments: { path: billing.path, repositoryId: 'billing-service' } },
          { onprogress: (report) => void progress.push(report) },
        ),
      );
      expect(indexed.data).toMatchObject({ repositoryId: 'billing-service', commitSha: billing.commitSha, status: 'completed' });
      expect(new Set(progress.map((report) => report.message))).toEqual(new Set(['reading', 'extracting', 'resolving', 'writing']));
      expect(indexed.next.recommended).toEqual([
        {
          tool: 'get_project_structure',
          arguments: { repositoryId: 'billing-service', depth: 2 },
          why: 'What was indexed of billing-service.',
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
