import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { GetMemoryResultSchema } from '@lore/domain/schemas/agent-memory';
import { type FixtureRepository, gitFixture } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { type Capability, type McpDoor, askEveryDoor, cliJson, connectMcp, graphql, toolErrorAnswer } from './doors';

/**
 * Agent memory through every door — MCP over stdio (the official SDK client) and Streamable HTTP
 * (both protocol eras), REST, GraphQL, the CLI — on order-service indexed in one tenant: a candidate
 * with evidence (a symbol, lines of a file, a knowledge chapter) is served as memory only once
 * approved; approval is disabled unless the server enables it; bad input and another tenant's memory
 * are refused with nothing written.
 */
const TENANT = 'memory-doors';
const OTHER_TENANT = 'memory-doors-other';
const REPO = 'order-service';
const MCP_DOORS: McpDoor[] = ['stdio', 'http 2026-07-28', 'http 2025-11-25'];
const CHAPTER = 'knowledge://projects/order-service/chapters/pricing.md#Discounts';
const TEXT = 'Discount codes are looked up in DISCOUNTS; an unknown code leaves the total unchanged.';

const GET_MEMORY: Capability = {
  tool: 'get_memory',
  graphqlField: 'memory',
  graphqlInput: 'GetMemoryInput',
  result: GetMemoryResultSchema,
  restPath: '/api/v1/memory',
  cli: [],
};

let scratch: string;
let env: Record<string, string>;
let driver: Driver;
let fixture: FixtureRepository;
let server: RunningServer;
const mcp = new Map<McpDoor, Client>();

const symbolUri = (name: string) => `symbol://${REPO}/${fixture.commitSha}/${name}`;
const codeUri = (path: string, lines: string) => `code://${REPO}/${fixture.commitSha}/${path}#${lines}`;
const memoryNodes = async () =>
  Number(
    (await driver.executeQuery('MATCH (m:Memory) WHERE m.tenantId STARTS WITH $t RETURN count(m) AS n', { t: TENANT })).records[0]!.get(
      'n',
    ),
  );

async function rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A tool call's answer as a client reads it: the envelope's data, or `{error: code, details}`. */
async function mcpCall(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    const { error } = toolErrorAnswer(result);
    return { error: error.code, message: error.message, details: error.details };
  }
  return (result.structuredContent as { data: Record<string, unknown> }).data;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lore-memory-'));
  mkdirSync(join(scratch, 'home'));
  env = { LORE_TENANT: TENANT, KNOWLEDGE_MCP_HOME: join(scratch, 'km'), HOME: join(scratch, 'home') };
  driver = testDriver();
  await wipeGraph(driver);
  fixture = gitFixture(REPO);
  expect((await cliJson(['index', fixture.path, '--name', REPO], env)).code).toBe(0);
  expect((await cliJson(['index', fixture.path, '--name', REPO], { ...env, LORE_TENANT: OTHER_TENANT })).code).toBe(0);
  server = await startServer(env);
  await waitUntilReady(server.url);
  for (const door of MCP_DOORS) mcp.set(door, await connectMcp(door, server.url, env));
  const knowledge = await rest('POST', `/api/v1/knowledge/projects/${REPO}/files`, {
    filename: 'pricing',
    title: 'Pricing',
    keywords: ['discounts'],
    introduction: 'How prices are made.',
    chapters: [{ title: 'Discounts', summary: 'Codes.', content: '`applyDiscount` takes a percentage off the total.' }],
  });
  expect(knowledge.status).toBe(201);
}, 240_000);

afterAll(async () => {
  for (const client of mcp.values()) await client.close();
  await server?.stop();
  await driver?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('agent memory through every door', () => {
  let memoryId: string;

  it('proposes a candidate over MCP stdio with evidence Lore resolves, and reads it as the memory:// resource', async () => {
    const stdio = mcp.get('stdio')!;
    const tools = (await stdio.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(['create_memory_candidate', 'get_memory']));
    expect(tools).not.toContain('approve_memory');
    expect(tools).not.toContain('archive_memory');
    const created = await mcpCall(stdio, 'create_memory_candidate', {
      repositoryId: REPO,
      text: TEXT,
      evidence: [symbolUri('applyDiscount'), codeUri('src/pricing/discounts.ts', 'L3-L6'), CHAPTER],
      kind: 'rule',
    });
    memoryId = created.memoryId as string;
    expect(memoryId).toMatch(/^mem_[0-9a-f]{24}$/);
    expect(created).toMatchObject({ uri: `memory://${memoryId}`, status: 'candidate', kind: 'rule', text: TEXT, stale: false });
    expect(created.evidence).toEqual([
      {
        uri: symbolUri('applyDiscount'),
        kind: 'symbol',
        about: `${TENANT}:${REPO}:src/pricing/discounts.ts#applyDiscount`,
        repositoryId: REPO,
        stale: false,
        status: 'current',
        staleReason: null,
      },
      {
        uri: codeUri('src/pricing/discounts.ts', 'L3-L6'),
        kind: 'code',
        about: `${TENANT}:${REPO}:src/pricing/discounts.ts`,
        repositoryId: REPO,
        stale: false,
        status: 'current',
        staleReason: null,
      },
      { uri: CHAPTER, kind: 'knowledge', about: CHAPTER, repositoryId: null, stale: false, status: 'current', staleReason: null },
    ]);
    const { contents } = await stdio.readResource({ uri: `memory://${memoryId}` });
    expect(contents[0]).toMatchObject({ uri: `memory://${memoryId}`, mimeType: 'application/json' });
    expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(created);
    const templates = (await stdio.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
    expect(templates).toContain('memory://{memoryId}');
  });

  it('answers get_memory the same through every door: a candidate only when asked for, marked so', async () => {
    const doors = { url: server.url, env, mcp };
    const asCandidate = await askEveryDoor(
      doors,
      { ...GET_MEMORY, cli: ['memory', 'get', memoryId, '--status', 'candidate'] },
      { memoryId, status: 'candidate' },
      `memoryId=${memoryId}&status=candidate`,
    );
    const [first, ...others] = Object.values(asCandidate);
    expect(first).toMatchObject({
      memories: [{ memoryId, status: 'candidate', text: TEXT }],
      warnings: ['1 candidate memory: proposed, not approved; not to be taken as memory.'],
    });
    for (const answer of others) expect(answer).toEqual(first);
    expect(Object.keys(asCandidate)).toEqual(['rest', 'graphql', 'mcp stdio', 'mcp http 2026-07-28', 'mcp http 2025-11-25', 'cli']);

    const asMemory = await askEveryDoor(doors, { ...GET_MEMORY, cli: ['memory', 'get', memoryId] }, { memoryId }, `memoryId=${memoryId}`);
    expect(Object.values(asMemory)).toEqual(Object.values(asMemory).map(() => ({ error: 'not_found' })));
    const repository = await askEveryDoor(
      doors,
      { ...GET_MEMORY, cli: ['memory', 'get', '--repo', REPO] },
      { repositoryId: REPO },
      `repositoryId=${REPO}`,
    );
    expect(Object.values(repository)).toEqual(Object.values(repository).map(() => ({ memories: [], warnings: [] })));
  });

  it('refuses bad input with a structured error through every door, writing nothing', async () => {
    const before = await memoryNodes();
    const unknown = { repositoryId: REPO, text: TEXT, evidence: [symbolUri('noSuchFunction'), codeUri('src/nope.ts', 'L1')] };
    const unresolved = [
      { uri: symbolUri('noSuchFunction'), reason: 'No symbol named noSuchFunction.' },
      { uri: codeUri('src/nope.ts', 'L1'), reason: 'no indexed file src/nope.ts' },
    ];
    expect(await mcpCall(mcp.get('http 2026-07-28')!, 'create_memory_candidate', unknown)).toMatchObject({
      error: 'invalid_input',
      details: { unresolvedEvidence: unresolved },
    });
    const viaRest = await rest('POST', '/api/v1/memory', unknown);
    expect([viaRest.status, viaRest.body.code, (viaRest.body.details as Record<string, unknown>).unresolvedEvidence]).toEqual([
      400,
      'invalid_input',
      unresolved,
    ]);
    const viaGraphql = await graphql(
      server.url,
      'mutation($input: CreateMemoryCandidateInput!) { createMemoryCandidate(input: $input) { memoryId } }',
      {
        input: { ...unknown, text: '  ' },
      },
    );
    expect(viaGraphql.errors![0]!.extensions.code).toBe('invalid_input');
    expect(viaGraphql.errors![0]!.message).toBe('Invalid input: text: a memory says something: the text is empty');
    const tooLong = await cliJson(['memory', 'propose', REPO, 'x'.repeat(4001), '--evidence', symbolUri('applyDiscount')], env);
    expect([tooLong.code, tooLong.body.error]).toEqual([
      2,
      expect.objectContaining({ code: 'invalid_input', message: 'Invalid input: text: a memory is at most 4000 characters' }),
    ]);
    expect(await memoryNodes()).toBe(before);
  });

  it("finds no other tenant's memory through any door", async () => {
    const other = { ...env, LORE_TENANT: OTHER_TENANT };
    const client = await connectMcp('stdio', server.url, other);
    try {
      expect(await mcpCall(client, 'get_memory', { memoryId, status: 'all' })).toMatchObject({
        error: 'not_found',
        message: `No memory ${memoryId}.`,
      });
      await expect(client.readResource({ uri: `memory://${memoryId}` })).rejects.toMatchObject({
        message: expect.stringContaining(`No memory ${memoryId}`),
      });
    } finally {
      await client.close();
    }
    const cli = await cliJson(['memory', 'get', memoryId, '--status', 'all'], other);
    expect([cli.code, (cli.body.error as { code: string }).code]).toEqual([3, 'not_found']);
  });

  it('keeps approval disabled by default on every door, and approves only where it is enabled', async () => {
    const before = await memoryNodes();
    const viaRest = await rest('POST', `/api/v1/memory/${memoryId}/approve`, { note: 'looks right' });
    expect([viaRest.status, viaRest.body.code, viaRest.body.details]).toEqual([
      403,
      'permission_denied',
      { disabled: true, setting: 'LORE_MEMORY_ENABLE_APPROVAL' },
    ]);
    const viaGraphql = await graphql(server.url, 'mutation($input: ReviewMemoryInput!) { approveMemory(input: $input) { status } }', {
      input: { memoryId },
    });
    expect(viaGraphql.errors![0]!.extensions.code).toBe('permission_denied');
    // A disabled tool is not served: calling it is an unknown tool, the protocol's -32602.
    await expect(mcp.get('stdio')!.callTool({ name: 'approve_memory', arguments: { memoryId } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Tool approve_memory not found'),
    });
    const viaCli = await cliJson(['memory', 'approve', memoryId], env);
    expect([viaCli.code, (viaCli.body.error as { code: string }).code]).toEqual([1, 'permission_denied']);
    expect((await mcpCall(mcp.get('stdio')!, 'get_memory', { memoryId, status: 'all' })).memories as { status: string }[]).toMatchObject([
      { status: 'candidate' },
    ]);

    const enabled = { ...env, LORE_MEMORY_ENABLE_APPROVAL: 'true' };
    const approved = await cliJson(['memory', 'approve', memoryId, '--note', 'checked against the code'], enabled);
    expect([approved.code, approved.body.status, approved.body.reviewNote]).toEqual([0, 'approved', 'checked against the code']);
    const approvedAnswer = await mcpCall(mcp.get('http 2025-11-25')!, 'get_memory', { repositoryId: REPO });
    expect((approvedAnswer.memories as { memoryId: string }[]).map((memory) => memory.memoryId)).toEqual([memoryId]);
    expect(approvedAnswer.warnings).toEqual([]);

    const client = await connectMcp('stdio', server.url, enabled);
    try {
      const tools = (await client.listTools()).tools;
      expect(tools.find((tool) => tool.name === 'approve_memory')!.annotations).toEqual({
        title: 'Approve a memory',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      });
      expect(await mcpCall(client, 'approve_memory', { memoryId })).toMatchObject({
        error: 'conflict',
        message: `Memory ${memoryId} is approved: only candidate memory can be approved.`,
      });
      expect(await mcpCall(client, 'archive_memory', { memoryId, note: 'superseded' })).toMatchObject({
        status: 'archived',
        reviewNote: 'superseded',
      });
    } finally {
      await client.close();
    }
    expect(await mcpCall(mcp.get('stdio')!, 'get_memory', { repositoryId: REPO })).toEqual({ memories: [], warnings: [] });
    expect(await memoryNodes()).toBe(before);
  });

  it('flags a memory whose cited knowledge chapter was rewritten', async () => {
    const rewritten = await rest('PUT', `/api/v1/knowledge/projects/${REPO}/files/pricing.md/chapters/Discounts`, {
      new_summary: 'Codes, and their floor.',
      new_content: '`applyDiscount` never goes below zero.',
    });
    expect(rewritten.status).toBe(200);
    const { memories } = (await mcpCall(mcp.get('http 2026-07-28')!, 'get_memory', { memoryId, status: 'all' })) as {
      memories: { stale: boolean; evidence: { status: string; staleReason: string | null }[] }[];
    };
    expect(memories[0]!.stale).toBe(true);
    expect(memories[0]!.evidence.map(({ status, staleReason }) => [status, staleReason])).toEqual([
      ['current', null],
      ['current', null],
      ['chapter_changed', 'chapter "Discounts" of pricing.md was rewritten'],
    ]);
  });

  it('documents the REST routes in OpenAPI under the MCP tool names, and counts candidate writes', async () => {
    const document = (await (await fetch(`${server.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/memory'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
      )
      .sort();
    expect(operations).toEqual([
      'GET /api/v1/memory get_memory',
      'POST /api/v1/memory create_memory_candidate',
      'POST /api/v1/memory/{memoryId}/approve approve_memory',
      'POST /api/v1/memory/{memoryId}/archive archive_memory',
    ]);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    // The first candidate was written by `lore mcp` over stdio, another process; this server refused every other one so far.
    expect(metrics).toMatch(/^lore_memory_candidate_writes_total 0$/m);
    expect(
      (
        await rest('POST', '/api/v1/memory', {
          repositoryId: REPO,
          text: 'Orders are validated first.',
          evidence: [symbolUri('applyDiscount')],
        })
      ).status,
    ).toBe(201);
    expect(await (await fetch(`${server.url}/metrics`)).text()).toMatch(/^lore_memory_candidate_writes_total 1$/m);
  });
});
