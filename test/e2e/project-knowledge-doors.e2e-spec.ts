import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { type FixtureRepository, gitFixture, gitIn } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { type RunningServer, runCli, startServer, waitUntilReady } from '../support/processes';
import { AnalyzeImpactResultSchema } from '@lore/domain/schemas/impact';
import { GetDocumentsResultSchema } from '@lore/domain/schemas/documents';
import { SearchCodeResultSchema } from '@lore/domain/schemas/search';
import { GetSymbolResultSchema } from '@lore/domain/schemas/symbols';
import { type Capability, type McpDoor, askEveryDoor, cliJson, connectMcp, graphql } from './doors';

/**
 * Project knowledge through every door — REST, GraphQL, MCP over stdio and Streamable HTTP (both
 * protocol eras), the CLI — over one store: the same answers, writes through one door read through
 * the others, the same refusals; a repository id names its project; CLAUDE.md imported in one
 * commit; history and restore; an expected version that is no longer current is a conflict.
 */
const TENANT = 'kd-doors';
const MCP_DOORS: McpDoor[] = ['stdio', 'http 2026-07-28', 'http 2025-11-25'];
const PROJECT = 'github-com-acme-order-service';

let scratch: string;
let store: string;
let env: Record<string, string>;
let driver: Driver;
let fixture: FixtureRepository;
let server: RunningServer;
const mcp = new Map<McpDoor, Client>();

const tenantPath = (path: string) => join(store, 'tenants', TENANT, 'projects', path);
/** A store path as an answer shows it: absolute to a caller on this machine (stdio, CLI), relative to the store over the network. */
const shownPath = (door: McpDoor | 'rest' | 'graphql', path: string) =>
  door === 'stdio' ? tenantPath(path) : join('tenants', TENANT, 'projects', path);
const storeGit = (args: string[]) => execFileSync('git', args, { cwd: store, encoding: 'utf8' });
const commitCount = () => Number(storeGit(['rev-list', '--all', '--count']).trim());
const symbolUid = (path: string, name: string) => `${TENANT}:order-service:${path}#${name}`;

async function rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/v1/knowledge/projects/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function gql(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await graphql(server.url, query, variables);
  if (answer.errors) return { error: answer.errors[0]!.extensions.code, details: answer.errors[0]!.extensions.details };
  return answer.data!;
}

async function mcpCall(door: McpDoor, name: string, args: Record<string, unknown>): Promise<unknown> {
  try {
    return (await mcp.get(door)!.callTool({ name, arguments: args })).structuredContent;
  } catch (error) {
    return { jsonRpcCode: (error as { code: number }).code, data: (error as { data: unknown }).data };
  }
}

async function mcpRead(door: McpDoor, uri: string): Promise<unknown> {
  const { contents } = await mcp.get(door)!.readResource({ uri });
  return JSON.parse((contents[0] as { text: string }).text);
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lore-knowledge-doors-'));
  store = join(scratch, 'km');
  mkdirSync(join(scratch, 'home'));
  env = { LORE_TENANT: TENANT, KNOWLEDGE_MCP_HOME: store, HOME: join(scratch, 'home') };
  driver = testDriver();
  await wipeGraph(driver);
  fixture = gitFixture('order-service');
  gitIn(fixture.path, ['remote', 'add', 'origin', 'git@github.com:acme/order-service.git']);
  expect((await cliJson(['index', fixture.path, '--name', 'order-service'], env)).code).toBe(0);
  server = await startServer(env);
  await waitUntilReady(server.url);
  for (const door of MCP_DOORS) mcp.set(door, await connectMcp(door, server.url, env));
}, 240_000);

afterAll(async () => {
  for (const client of mcp.values()) await client.close();
  await server?.stop();
  await driver?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('project knowledge through every door', () => {
  it('names a project by its origin (any URL form) or its directory, and takes a repository id for the same project', async () => {
    expect((await cliJson(['knowledge', 'project-id', fixture.path], env)).body).toEqual({ project_id: PROJECT });
    const plain = join(scratch, 'my-app (v2)');
    mkdirSync(plain);
    expect((await runCli(['knowledge', 'project-id', plain], env)).stdout).toBe('my-app-v2\n');
    const https = join(scratch, 'https-clone');
    mkdirSync(https);
    gitIn(https, ['init', '-q']);
    gitIn(https, ['remote', 'add', 'origin', 'https://github.com/acme/order-service.git']);
    expect((await runCli(['knowledge', 'project-id', https], env)).stdout).toBe(`${PROJECT}\n`);

    const written = await rest('PUT', 'order-service/main', { content: '# Order service\n\nRun npm test.\n' });
    expect(written.status).toBe(200);
    expect(readFileSync(tenantPath(`${PROJECT}/main.md`), 'utf8')).toBe('# Order service\n\nRun npm test.\n');
    expect(storeGit(['log', '-1', '--format=%s']).trim()).toBe(`Update knowledge for ${PROJECT}: Updated main.md`);
  });

  it('documents the REST routes in OpenAPI under the MCP tool names', async () => {
    const document = (await (await fetch(`${server.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/knowledge/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
      )
      .sort();
    expect(operations).toEqual([
      'DELETE /api/v1/knowledge/projects/{project_id}/files/{filename} delete_knowledge_file',
      'GET /api/v1/knowledge/projects/{project_id}/files list_knowledge_files',
      'GET /api/v1/knowledge/projects/{project_id}/files/{filename}/chapters list_knowledge_chapters',
      'GET /api/v1/knowledge/projects/{project_id}/files/{filename}/history get_knowledge_history',
      'GET /api/v1/knowledge/projects/{project_id}/links get_knowledge_links',
      'GET /api/v1/knowledge/projects/{project_id}/main get_project_main',
      'GET /api/v1/knowledge/projects/{project_id}/search search_knowledge',
      'POST /api/v1/knowledge/projects/{project_id}/files create_knowledge_file',
      'POST /api/v1/knowledge/projects/{project_id}/files/{filename}/restore restore_knowledge_file',
      'POST /api/v1/knowledge/projects/{project_id}/import import_project_knowledge',
      'PUT /api/v1/knowledge/projects/{project_id}/files/{filename}/chapters/{chapter_title} update_chapter',
      'PUT /api/v1/knowledge/projects/{project_id}/main update_project_main',
    ]);
  });

  it('answers get_project_main the same through every door', async () => {
    const expected = { content: '# Order service\n\nRun npm test.\n', exists: true };
    expect((await rest('GET', `${PROJECT}/main`)).body).toEqual(expected);
    expect(
      await gql('query($input: GetProjectMainInput!) { knowledgeMain(input: $input) { content exists } }', {
        input: { project_id: 'order-service' },
      }),
    ).toEqual({
      knowledgeMain: expected,
    });
    for (const door of MCP_DOORS)
      expect({ door, answer: await mcpCall(door, 'get_project_main', { project_id: PROJECT }) }).toEqual({ door, answer: expected });
    expect((await cliJson(['knowledge', 'show', '--project', 'order-service'], env)).body).toEqual(expected);
  });

  it('finds Markdown sections with search_code include: ["documents"], the same through every door', async () => {
    const searchCode: Capability = {
      tool: 'search_code',
      graphqlField: 'searchCode',
      graphqlInput: 'SearchCodeInput',
      result: SearchCodeResultSchema,
      restPath: '/api/v1/search',
      cli: ['search', 'order', '--mode', 'fulltext', '--include', 'documents'],
    };
    const answers = await askEveryDoor(
      { url: server.url, env, mcp },
      searchCode,
      { query: 'order', mode: 'fulltext', include: ['documents'] },
      'query=order&mode=fulltext&include=documents',
    );
    // The README's one section, "order-service" (sections are found by their headings), first and only in the full-text ranking: 1/61.
    const documents = [
      {
        artifactType: 'document_section',
        title: 'order-service',
        documentPath: 'README.md',
        repositoryId: 'order-service',
        startLine: 1,
        endLine: 4,
        uri: `doc://order-service/${fixture.commitSha}/README.md#L1-L4`,
        score: 0.016393,
        reasons: ['fulltext'],
      },
    ];
    const expected = { ...(answers.rest as Record<string, unknown>), documents };
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((door) => [door, expected])));
    expect(Object.keys(answers)).toEqual(['rest', 'graphql', ...MCP_DOORS.map((door) => `mcp ${door}`), 'cli']);
  });

  it('reads through each door what another door wrote: create (GraphQL), search, files and chapters', async () => {
    const created = await gql(
      'mutation($input: CreateKnowledgeFileInput!) { createKnowledgeFile(input: $input) { success filepath message commit } }',
      {
        input: {
          project_id: PROJECT,
          filename: 'Discounts',
          title: 'Discounts',
          introduction: 'How prices are reduced.',
          keywords: ['pricing'],
          chapters: [{ title: 'Rules', summary: 'Which discount applies.', content: 'applyDiscount takes the larger one.' }],
        },
      },
    );
    expect(created).toEqual({
      createKnowledgeFile: {
        success: true,
        filepath: shownPath('graphql', `${PROJECT}/discounts.md`),
        message: `Created discounts.md in project ${PROJECT}`,
        commit: storeGit(['rev-parse', 'HEAD']).trim(),
      },
    });
    const search = {
      results: [
        {
          file: 'discounts.md',
          title: 'Discounts',
          chapter: 'Rules',
          chapter_summary: 'Which discount applies.',
          matches: ['applyDiscount takes the larger one.'],
        },
      ],
      skipped: [],
    };
    expect((await rest('GET', `${PROJECT}/search?query=LARGER`)).body).toEqual(search);
    expect(
      await gql(
        'query($input: SearchKnowledgeInput!) { knowledgeSearch(input: $input) { results { file title chapter chapter_summary matches } skipped { filename reason } } }',
        {
          input: { project_id: PROJECT, query: 'larger' },
        },
      ),
    ).toEqual({ knowledgeSearch: search });
    for (const door of MCP_DOORS)
      expect({ door, answer: await mcpCall(door, 'search_knowledge', { project_id: PROJECT, query: 'Larger' }) }).toEqual({
        door,
        answer: search,
      });
    expect((await cliJson(['knowledge', 'search', 'larger', '--project', PROJECT], env)).body).toEqual(search);

    const chapters = { chapters: [{ title: 'Rules', summary: 'Which discount applies.' }] };
    expect((await rest('GET', `${PROJECT}/files/discounts.md/chapters`)).body).toEqual(chapters);
    expect(
      await gql('query($input: KnowledgeFileInput!) { knowledgeChapters(input: $input) { chapters { title summary } } }', {
        input: { project_id: PROJECT, filename: 'discounts.md' },
      }),
    ).toEqual({
      knowledgeChapters: chapters,
    });
    for (const door of MCP_DOORS) expect(await mcpRead(door, `knowledge://projects/${PROJECT}/chapters/discounts.md`)).toEqual(chapters);
    expect((await cliJson(['knowledge', 'show', 'discounts.md', '--project', PROJECT], env)).body).toEqual(chapters);

    const files = (await rest('GET', `${PROJECT}/files`)).body;
    for (const door of MCP_DOORS) expect(await mcpRead(door, `knowledge://projects/${PROJECT}/files`)).toEqual(files);
    expect((await cliJson(['knowledge', 'files', '--project', PROJECT], env)).body).toEqual(files);
  });

  it('refuses the same way through every door: a project that does not exist, a traversal', async () => {
    const data = { project_id: 'nope', searched_path: shownPath('rest', 'nope') };
    const search = await rest('GET', 'nope/search?query=x');
    expect({ status: search.status, code: search.body.code, details: search.body.details }).toEqual({
      status: 404,
      code: 'not_found',
      details: { jsonRpcCode: -32001, data },
    });
    expect(
      await gql('query($input: SearchKnowledgeInput!) { knowledgeSearch(input: $input) { skipped { filename } } }', {
        input: { project_id: 'nope', query: 'x' },
      }),
    ).toEqual({
      error: 'not_found',
      details: { jsonRpcCode: -32001, data },
    });
    for (const door of MCP_DOORS)
      expect(await mcpCall(door, 'search_knowledge', { project_id: 'nope', query: 'x' })).toEqual({
        jsonRpcCode: -32001,
        data: { ...data, searched_path: shownPath(door, 'nope') },
      });
    const cli = await cliJson(['knowledge', 'search', 'x', '--project', 'nope'], env);
    expect({ code: cli.code, error: (cli.body.error as { code: string }).code }).toEqual({ code: 3, error: 'not_found' });

    // -32002, which the MCP SDK would send as -32602, reaches clients of both protocol eras as the seed's code.
    for (const door of MCP_DOORS) {
      const missing = { project_id: PROJECT, filename: 'missing.md', searched_path: shownPath(door, `${PROJECT}/missing.md`) };
      expect({ door, answer: await mcpCall(door, 'delete_knowledge_file', { project_id: PROJECT, filename: 'missing.md' }) }).toEqual({
        door,
        answer: { jsonRpcCode: -32002, data: missing },
      });
    }

    const before = commitCount();
    const traversal = await rest('PUT', '..%2F..%2Fetc/main', { content: 'x' });
    expect({ status: traversal.status, code: (traversal.body.details as { jsonRpcCode: number }).jsonRpcCode }).toEqual({
      status: 400,
      code: -32004,
    });
    const file = await rest('DELETE', `${PROJECT}/files/..%2Fmain.md`);
    expect({ status: file.status, code: (file.body.details as { jsonRpcCode: number }).jsonRpcCode }).toEqual({
      status: 400,
      code: -32004,
    });
    expect(commitCount()).toBe(before);
  });

  it('updates a chapter (CLI), answers a stale expected version with a conflict (REST), and keeps history to restore from', async () => {
    const created = storeGit(['log', '-1', '--format=%H', '--', `tenants/${TENANT}/projects/${PROJECT}/discounts.md`]).trim();
    const updated = await cliJson(
      [
        'knowledge',
        'update-chapter',
        'discounts.md',
        'Rules',
        '--summary',
        'The one rule.',
        '--content',
        'Only one discount applies.',
        '--project',
        PROJECT,
        '--expected-version',
        created,
      ],
      env,
    );
    // The chapter's links to the code are written to the graph: the CLI hands back their bookmark.
    expect(updated.body).toEqual({
      success: true,
      message: "Updated chapter 'Rules' in discounts.md",
      commit: storeGit(['rev-parse', 'HEAD']).trim(),
      bookmark: expect.stringMatching(/^lore-bm1\./),
    });
    const stale = await rest('PUT', `${PROJECT}/files/discounts.md/chapters/Rules`, {
      new_summary: 'x',
      new_content: 'y',
      expected_version: created,
    });
    expect({
      status: stale.status,
      code: stale.body.code,
      jsonRpcCode: (stale.body.details as { jsonRpcCode: number }).jsonRpcCode,
    }).toEqual({
      status: 409,
      code: 'conflict',
      jsonRpcCode: -32009,
    });
    const history = await rest('GET', `${PROJECT}/files/discounts.md/history`);
    expect((history.body.versions as { commit: string; message: string }[]).map((version) => version.message)).toEqual([
      `Update knowledge for ${PROJECT}: Updated chapter 'Rules' in discounts.md`,
      `Update knowledge for ${PROJECT}: Created discounts.md`,
    ]);
    const original = storeGit(['show', `${created}:tenants/${TENANT}/projects/${PROJECT}/discounts.md`]);
    const restored = await cliJson(['knowledge', 'restore', 'discounts.md', created.slice(0, 10), '--project', PROJECT], env);
    expect(restored.body).toEqual({
      success: true,
      message: `Restored discounts.md as of ${created.slice(0, 10)}`,
      commit: storeGit(['rev-parse', 'HEAD']).trim(),
      bookmark: expect.stringMatching(/^lore-bm1\./),
    });
    expect(readFileSync(tenantPath(`${PROJECT}/discounts.md`), 'utf8')).toBe(original);
  });

  it('keeps every write and every refusal in the audit trail, naming the document, never its text', async () => {
    let records: { operation: string; status: string; door: string; refs: string[] }[] = [];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      const page = (await (await fetch(`${server.url}/api/v1/audit?limit=200`)).json()) as { records: typeof records };
      records = page.records;
      if (records.some((record) => record.operation === 'restore_knowledge_file')) break;
    }
    const knowledge = records
      .filter((record) => record.refs.some((ref) => ref.startsWith('knowledge://')))
      .map(({ operation, status, door, refs }) => ({ operation, status, door, refs }));
    expect(knowledge).toEqual(
      expect.arrayContaining([
        { operation: 'update_project_main', status: 'ok', door: 'rest', refs: ['knowledge://projects/order-service/main'] },
        {
          operation: 'create_knowledge_file',
          status: 'ok',
          door: 'graphql',
          refs: ['knowledge://projects/github-com-acme-order-service/chapters/Discounts'],
        },
        {
          operation: 'update_chapter',
          status: 'conflict',
          door: 'rest',
          refs: ['knowledge://projects/github-com-acme-order-service/chapters/discounts.md'],
        },
        { operation: 'update_project_main', status: 'invalid_input', door: 'rest', refs: ['knowledge://projects/..%2F..%2Fetc/main'] },
        { operation: 'search_knowledge', status: 'not_found', door: 'mcp-stdio', refs: ['knowledge://projects/nope/main'] },
      ]),
    );
    expect(JSON.stringify(records)).not.toContain('Run npm test');
  });

  it('imports a CLAUDE.md into main.md and knowledge documents in one commit', async () => {
    const claude = join(scratch, 'CLAUDE.md');
    writeFileSync(
      claude,
      '# Shop\n\nAlways run the tests.\n\n## Architecture\nServices talk over HTTP.\n\n### Orders\nOrders are validated first.\n\nThen priced.\n',
    );
    const before = commitCount();
    const imported = await cliJson(['knowledge', 'import', claude, '--project', 'shop'], env);
    expect(imported.body).toEqual({
      success: true,
      message: 'Imported CLAUDE.md into project shop: main.md and 1 knowledge files',
      commit: storeGit(['rev-parse', 'HEAD']).trim(),
      files: ['architecture.md'],
      bookmark: expect.stringMatching(/^lore-bm1\./),
    });
    expect(commitCount()).toBe(before + 1);
    expect(storeGit(['show', '--name-only', '--format=%s', 'HEAD']).trim().split('\n')).toEqual([
      'Update knowledge for shop: Imported CLAUDE.md',
      '',
      `tenants/${TENANT}/projects/shop/architecture.md`,
      `tenants/${TENANT}/projects/shop/main.md`,
    ]);
    expect(readFileSync(tenantPath('shop/main.md'), 'utf8')).toBe(
      '# Shop\n\nAlways run the tests.\n\n## Knowledge documents\n\n- Architecture: architecture.md\n',
    );
    expect((await rest('GET', 'shop/files/architecture.md/chapters')).body).toEqual({
      chapters: [{ title: 'Orders', summary: 'Orders are validated first.' }],
    });
  });
});

/**
 * Knowledge linked to the code: a chapter naming a fixture symbol is listed by get_symbol,
 * analyze_impact and get_documents through every door, and reported possibly stale once a commit
 * changes the symbol's signature (or deletes a symbol it names) and the repository is indexed again.
 */
describe('project knowledge linked to the code', () => {
  const discounts = 'src/pricing/discounts.ts';
  const applyDiscount = symbolUid(discounts, 'applyDiscount');
  const capabilities: { capability: Capability; input: Record<string, unknown>; query: string }[] = [
    {
      capability: {
        tool: 'get_symbol',
        graphqlField: 'symbol',
        graphqlInput: 'GetSymbolInput',
        result: GetSymbolResultSchema,
        restPath: '/api/v1/symbols',
        cli: ['symbol', 'applyDiscount'],
      },
      input: { name: 'applyDiscount' },
      query: 'name=applyDiscount',
    },
    {
      capability: {
        tool: 'analyze_impact',
        graphqlField: 'impact',
        graphqlInput: 'AnalyzeImpactInput',
        result: AnalyzeImpactResultSchema,
        restPath: '/api/v1/impact',
        cli: ['impact', 'applyDiscount'],
      },
      input: { name: 'applyDiscount' },
      query: 'name=applyDiscount',
    },
    {
      capability: {
        tool: 'get_documents',
        graphqlField: 'documents',
        graphqlInput: 'GetDocumentsInput',
        result: GetDocumentsResultSchema,
        restPath: '/api/v1/documents',
        cli: ['docs-for', 'applyDiscount'],
      },
      input: { name: 'applyDiscount' },
      query: 'name=applyDiscount',
    },
  ];
  let written: string;
  const doors = () => ({ url: server.url, env, mcp });

  /** The `knowledge` of each door's answer to each capability, by capability and door. */
  async function knowledgeThroughEveryDoor(): Promise<Record<string, Record<string, unknown>>> {
    const answers: Record<string, Record<string, unknown>> = {};
    for (const { capability, input, query } of capabilities) {
      const byDoor = await askEveryDoor(doors(), capability, input, query);
      answers[capability.tool] = Object.fromEntries(
        Object.entries(byDoor).map(([door, answer]) => [door, (answer as { knowledge?: unknown }).knowledge ?? answer]),
      );
    }
    return answers;
  }

  const everyDoor = (knowledge: unknown) =>
    Object.fromEntries(['rest', 'graphql', ...MCP_DOORS.map((door) => `mcp ${door}`), 'cli'].map((door) => [door, knowledge]));

  it('links a chapter to the symbols and files it names, and lists it wherever the symbol is asked about', async () => {
    const created = await rest('POST', 'order-service/files', {
      filename: 'Pricing',
      title: 'Pricing',
      introduction: 'How an order is priced.',
      keywords: ['pricing'],
      chapters: [
        {
          title: 'Discount codes',
          summary: 'Codes take a percentage off.',
          content:
            'See `applyDiscount()` in `src/pricing/discounts.ts`; `isKnownDiscount` says whether a code exists; `NoSuchHelper` is not code.',
        },
        { title: 'Taxes', summary: 'None yet.', content: 'Nothing to say.' },
      ],
    });
    expect(created.status).toBe(201);
    written = created.body.commit as string;
    const about = {
      uri: `knowledge://projects/${PROJECT}/chapters/pricing.md#Discount%20codes`,
      projectId: PROJECT,
      filename: 'pricing.md',
      chapter: 'Discount codes',
      about: applyDiscount,
      reference: 'applyDiscount',
      stale: false,
      status: 'current',
      staleReason: null,
      codeCommit: fixture.commitSha,
      knowledgeCommit: written,
    };
    expect(await knowledgeThroughEveryDoor()).toEqual({
      get_symbol: everyDoor([about]),
      analyze_impact: everyDoor([about]),
      get_documents: everyDoor([about]),
    });

    const links = await rest('GET', `order-service/links`);
    expect(links.status).toBe(200);
    const link = (reference: string, kind: 'symbol' | 'file', uid: string) => ({
      uri: about.uri,
      filename: 'pricing.md',
      chapter: 'Discount codes',
      reference,
      kind,
      about: uid,
      repositoryId: 'order-service',
      stale: false,
      status: 'current',
      staleReason: null,
      codeCommit: fixture.commitSha,
      knowledgeCommit: written,
    });
    const expectedLinks = {
      projectId: PROJECT,
      repositories: ['order-service'],
      links: [
        link('applyDiscount', 'symbol', applyDiscount),
        link('isKnownDiscount', 'symbol', symbolUid(discounts, 'isKnownDiscount')),
        link(discounts, 'file', `${TENANT}:order-service:${discounts}`),
      ],
      unresolved: [{ filename: 'pricing.md', chapter: 'Discount codes', reference: 'NoSuchHelper' }],
    };
    expect(links.body).toEqual(expectedLinks);
    expect(await mcpCall('stdio', 'get_knowledge_links', { project_id: 'order-service', filename: 'pricing.md' })).toEqual(expectedLinks);
    expect((await cliJson(['knowledge', 'links', '--project', 'order-service'], env)).body).toEqual(expectedLinks);
    const selection = `{ projectId repositories links { uri filename chapter reference kind about repositoryId stale status staleReason codeCommit knowledgeCommit } unresolved { filename chapter reference } }`;
    expect(
      await gql(`query($input: GetKnowledgeLinksInput!) { knowledgeLinks(input: $input) ${selection} }`, {
        input: { project_id: PROJECT },
      }),
    ).toEqual({ knowledgeLinks: expectedLinks });
  }, 240_000);

  it('reports the chapter possibly stale, with the reason and the commit, after a commit changes the code and an index', async () => {
    const source = join(fixture.path, discounts);
    writeFileSync(
      source,
      readFileSync(source, 'utf8')
        .replace('applyDiscount(total: Money, code?: string): Money', 'applyDiscount(total: Money, code?: string, floor = 0): Money')
        .replace(/\nexport const isKnownDiscount[^\n]*\n/, '\n'),
    );
    gitIn(fixture.path, ['commit', '-qam', 'A floor under discounted totals; isKnownDiscount removed']);
    const changed = gitIn(fixture.path, ['rev-parse', 'HEAD']).trim();
    expect((await cliJson(['index', fixture.path, '--name', 'order-service'], env)).code).toBe(0);

    const staleAbout = {
      uri: `knowledge://projects/${PROJECT}/chapters/pricing.md#Discount%20codes`,
      projectId: PROJECT,
      filename: 'pricing.md',
      chapter: 'Discount codes',
      about: applyDiscount,
      reference: 'applyDiscount',
      stale: true,
      status: 'signature_changed',
      staleReason:
        'the signature of applyDiscount was `export function applyDiscount(total: Money, code?: string): Money`, ' +
        'is `export function applyDiscount(total: Money, code?: string, floor = 0): Money`',
      codeCommit: changed,
      knowledgeCommit: written,
    };
    const answers = await knowledgeThroughEveryDoor();
    expect(answers).toEqual({
      get_symbol: everyDoor([staleAbout]),
      analyze_impact: everyDoor([staleAbout]),
      get_documents: everyDoor([staleAbout]),
    });
    const links = (await rest('GET', 'order-service/links?filename=pricing.md')).body as {
      links: { reference: string; status: string; staleReason: string | null }[];
    };
    expect(links.links.map(({ reference, status, staleReason }) => ({ reference, status, staleReason }))).toEqual([
      { reference: 'applyDiscount', status: 'signature_changed', staleReason: staleAbout.staleReason },
      {
        reference: 'isKnownDiscount',
        status: 'deleted',
        staleReason: `isKnownDiscount is no longer in the index (${symbolUid(discounts, 'isKnownDiscount')})`,
      },
      { reference: discounts, status: 'file_changed', staleReason: `${discounts} changed` },
    ]);

    // Rewriting the chapter is writing it about the code as it is now: current again.
    const rewritten = await rest('PUT', `order-service/files/pricing.md/chapters/${encodeURIComponent('Discount codes')}`, {
      new_summary: 'Codes take a percentage off, down to a floor.',
      new_content: 'See `applyDiscount()` in `src/pricing/discounts.ts`.',
    });
    expect(rewritten.status).toBe(200);
    expect((await rest('GET', 'order-service/links')).body).toMatchObject({
      links: [
        { reference: 'applyDiscount', status: 'current', stale: false, knowledgeCommit: rewritten.body.commit },
        { reference: discounts, status: 'current', stale: false, knowledgeCommit: rewritten.body.commit },
      ],
      unresolved: [],
    });
  }, 240_000);

  it('ranks chapters in hybrid mode as search_code ranks code, the same through every door; keyword mode stays as the seed searches', async () => {
    const keyword = await rest('GET', 'order-service/search?query=FLOOR');
    expect(keyword.body).toEqual({
      results: [
        {
          file: 'pricing.md',
          title: 'Pricing',
          chapter: 'Discount codes',
          chapter_summary: 'Codes take a percentage off, down to a floor.',
          matches: ['Codes take a percentage off, down to a floor.'],
        },
      ],
      skipped: [],
    });
    const hybrid = await rest('GET', 'order-service/search?query=floor&mode=hybrid&limit=5');
    expect(hybrid.status).toBe(200);
    const { results } = hybrid.body as { results: { file: string; chapter: string; matches: string[]; score: number }[] };
    // The one chapter full text finds comes first: 1/61 from its full-text rank, plus 1/(60 + its
    // semantic rank) within the 5 nearest; any other chapter has at most a semantic 1/61.
    const { score, ...first } = results[0]!;
    expect(first).toEqual({
      file: 'pricing.md',
      title: 'Pricing',
      chapter: 'Discount codes',
      chapter_summary: 'Codes take a percentage off, down to a floor.',
      matches: ['Codes take a percentage off, down to a floor.'],
    });
    expect(score).toBeGreaterThanOrEqual(Math.round((1 / 61 + 1 / 65) * 1e6) / 1e6);
    expect(score).toBeLessThanOrEqual(Math.round((2 / 61) * 1e6) / 1e6);
    expect(results.slice(1).every((result) => result.matches.length === 0 && result.score <= Math.round((1 / 61) * 1e6) / 1e6)).toBe(true);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results.map((result) => result.score)).toEqual([...results.map((result) => result.score)].sort((a, b) => b - a));
    expect(hybrid.body.warnings).toBeUndefined();
    const input = { project_id: PROJECT, query: 'floor', mode: 'hybrid', limit: 5 };
    expect(await mcpCall('stdio', 'search_knowledge', input)).toEqual(hybrid.body);
    expect(
      (await cliJson(['knowledge', 'search', 'floor', '--mode', 'hybrid', '--limit', '5', '--project', 'order-service'], env)).body,
    ).toEqual(hybrid.body);
    expect(
      await gql(
        'query($input: SearchKnowledgeInput!) { knowledgeSearch(input: $input) { results { file title chapter chapter_summary matches score } skipped { filename reason } } }',
        { input },
      ),
    ).toEqual({ knowledgeSearch: hybrid.body });

    // search_code with include: ["knowledge"] adds the chapters of the searched repositories' project, ranked alike.
    const inSearch = {
      artifactType: 'knowledge',
      uri: `knowledge://projects/${PROJECT}/chapters/pricing.md#Discount%20codes`,
      projectId: PROJECT,
      ...first,
      score,
    };
    const searched = await fetch(`${server.url}/api/v1/search?query=floor&maxResults=5&include=knowledge`);
    const searchBody = (await searched.json()) as { knowledge: unknown[] };
    expect(searchBody.knowledge[0]).toEqual(inSearch);
    const viaMcp = await mcp
      .get('stdio')!
      .callTool({ name: 'search_code', arguments: { query: 'floor', maxResults: 5, include: ['knowledge'] } });
    expect((viaMcp.structuredContent as { data: unknown }).data).toEqual(searchBody);
    expect((await cliJson(['search', 'floor', '--limit', '5', '--include', 'knowledge'], env)).body).toEqual(searchBody);
    const plain = (await (await fetch(`${server.url}/api/v1/search?query=floor&maxResults=5`)).json()) as Record<string, unknown>;
    expect(plain.knowledge).toBeUndefined();
  }, 240_000);
});
