import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { parse } from 'yaml';
import { FakeModelEndpoint } from '../support/fake-model-endpoint';
import { type FixtureRepository, gitIn } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import type { RunningServer } from '../support/processes';
import {
  ArchiveDocumentResultSchema,
  ContextPackSchema,
  CreatePullRequestResultSchema,
  DocumentDraftSchema,
  PublishDocumentResultSchema,
  ReviewPackageSchema,
} from '@lore/domain/schemas/document-generation';
import {
  type Capability,
  type McpDoor,
  askEveryDoor,
  cliJson,
  connectMcp,
  graphql,
  indexAndServe,
  restJson,
  selectionOf,
  toolErrorAnswer,
} from './doors';

/**
 * Documentation generated for review, as an agent meets it through the official MCP SDK client: the
 * generate_module_doc prompt followed step by step (assemble_context_pack → generate_document_draft →
 * evaluate_document_quality) to a draft whose every statement cites evidence and a quality report,
 * with nothing published; the pack and the evidence map read back as resources; and publish_document
 * refused while disabled and while unconfirmed, then writing only inside the publish directory;
 * create_pull_request pushing a reviewed draft to origin and opening its pull request on a forge; one
 * answer from every door for packs and drafts; and a documentation session walked through REST and
 * through GraphQL.
 */
const TENANT = 'docgen-e2e';
const REPO = 'order-service';
const output = mkdtempSync(join(tmpdir(), 'lore-docgen-e2e-'));
const env = { LORE_TENANT: TENANT, LORE_DOCS_OUTPUT_DIR: output };
/** Where this tenant's documents are published: its own directory under the output directory. */
const tenantOutput = join(output, 'tenants', TENANT);
const DOORS: McpDoor[] = ['stdio', 'http 2026-07-28'];

let driver: Driver;
let fixture: FixtureRepository;
let server: RunningServer;
const mcp = new Map<McpDoor, Client>();

interface Answer {
  data: Record<string, unknown>;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${(result.content as { text: string }[])[0]!.text}`);
  return result.structuredContent as unknown as Answer;
}

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  ({ fixture, server } = await indexAndServe(REPO, env));
  for (const door of DOORS) mcp.set(door, await connectMcp(door, server.url, env));
}, 240_000);

afterAll(async () => {
  for (const client of mcp.values()) await client.close();
  await server?.stop();
  await driver?.close();
  rmSync(output, { recursive: true, force: true });
});

describe('the generate_module_doc workflow', () => {
  it.each(DOORS)(
    'prompt → assemble_context_pack → generate_document_draft → evaluate_document_quality: a cited draft, a report, no publish (%s)',
    async (door) => {
      const client = mcp.get(door)!;
      const { messages } = await client.getPrompt({
        name: 'generate_module_doc',
        arguments: { repositoryId: REPO, modulePath: 'src/pricing' },
      });
      const text = (messages[0]!.content as { text: string }).text;
      // The steps name their tools in order, each with its arguments as JSON; an agent fills in the placeholders.
      const steps = [...text.matchAll(/Call (\w+) with (\{.*?\})(?=: )/g)].map((step) => ({ tool: step[1]!, args: step[2]! }));
      expect(steps.map((step) => step.tool)).toEqual(['assemble_context_pack', 'generate_document_draft', 'evaluate_document_quality']);
      expect(text).toContain('Do not publish without explicit approval');

      const pack = (await call(client, steps[0]!.tool, JSON.parse(steps[0]!.args) as Record<string, unknown>)).data;
      expect(pack.task).toEqual({ type: 'generate_module_doc', modulePath: 'src/pricing', paths: ['src/pricing/'], audience: [] });
      expect((pack.symbols as { qualifiedName: string }[]).map((symbol) => symbol.qualifiedName)).toEqual([
        'applyDiscount',
        'isKnownDiscount',
      ]);

      const draftArgs = JSON.parse(steps[1]!.args.replace('<data.contextPackId of step 1>', pack.contextPackId as string)) as Record<
        string,
        unknown
      >;
      expect(draftArgs).toEqual({ contextPackId: pack.contextPackId });
      const draft = (await call(client, steps[1]!.tool, draftArgs)).data as {
        documentId: string;
        state: string;
        content: string;
        paths: string[];
        evidenceMapUri: string;
        statements: { id: string; text: string; evidence: string[] }[];
        evidence: { id: string }[];
      };
      expect(draft.state).toBe('draft');
      expect(draft.statements.map((statement) => [statement.text, statement.evidence])).toEqual([
        ['`applyDiscount`: Applies a percentage discount code; unknown codes leave the total unchanged.', ['E1']],
        ['`applyDiscount` is defined in `src/pricing/discounts.ts`.', ['E1']],
        ['`isKnownDiscount` is defined in `src/pricing/discounts.ts`.', ['E2']],
        ['`applyDiscount` is called by `OrderService.placeOrder`.', ['G1', 'E3']],
      ]);
      // Every statement has evidence, and every evidence id it cites is in the evidence map.
      const ids = new Set(draft.evidence.map((item) => item.id));
      expect(draft.statements.flatMap((statement) => statement.evidence).filter((id) => !ids.has(id))).toEqual([]);

      const qualityArgs = { repositoryId: REPO, content: draft.content, codePaths: draft.paths };
      expect(steps[2]!.args).toBe(
        `{"repositoryId": "${REPO}", "content": "<data.content of step 2>", "codePaths": <data.paths of step 2>}`,
      );
      const report = (await call(client, steps[2]!.tool, qualityArgs)).data;
      expect(report.quality).toEqual({ status: 'pass', score: 1, unsupportedClaims: 0, warnings: [] });
      expect(report.dimensions).toEqual({
        coverage: { score: 1, checked: 2, failed: 0 },
        claims: { score: 1, checked: 3, failed: 0 },
        staleness: { score: 1, checked: 4, failed: 0 },
        references: { score: 1, checked: 7, failed: 0 },
      });

      // The pack and the evidence map read back as resources.
      const packResource = await client.readResource({ uri: pack.resourceUri as string });
      expect(packResource.contents[0]).toMatchObject({ uri: pack.resourceUri, mimeType: 'application/x-yaml' });
      expect(parse((packResource.contents[0] as { text: string }).text)).toEqual(pack);
      const mapResource = await client.readResource({ uri: draft.evidenceMapUri });
      const map = JSON.parse((mapResource.contents[0] as { text: string }).text) as Record<string, unknown>;
      expect(map.documentId).toBe(draft.documentId);
      expect(map.evidence).toEqual({
        E1: {
          type: 'file_span',
          path: 'src/pricing/discounts.ts',
          lines: [9, 12],
          uri: `code://${REPO}/${fixture.commitSha}/src/pricing/discounts.ts#L9-L12`,
        },
        E2: {
          type: 'file_span',
          path: 'src/pricing/discounts.ts',
          lines: [14, 14],
          uri: `code://${REPO}/${fixture.commitSha}/src/pricing/discounts.ts#L14-L14`,
        },
        G1: { type: 'graph_path', path: ['OrderService.placeOrder', 'applyDiscount'] },
        E3: {
          type: 'file_span',
          path: 'src/services/order-service.ts',
          lines: [24, 24],
          uri: `code://${REPO}/${fixture.commitSha}/src/services/order-service.ts#L24-L24`,
        },
      });

      // No publish action: nothing was written to the publish directory.
      expect(existsSync(join(tenantOutput, 'published'))).toBe(false);
    },
  );

  it('serves the generation tools in the docgen_agent profile, never publish_document', async () => {
    const client = await connectMcp('stdio', server.url, env, ['--profile', 'docgen_agent']);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names.filter((name) => /context_pack|document_draft|review_package|publish/.test(name)).sort()).toEqual([
        'assemble_context_pack',
        'generate_document_draft',
        'generate_review_package',
      ]);
      expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toContain('generate_module_doc');
    } finally {
      await client.close();
    }
  });
});

describe('publish_document', () => {
  it('is refused while publishing is disabled (the default), and without confirm: true once enabled; then writes inside the directory', async () => {
    const http = mcp.get('http 2026-07-28')!;
    const draft = (await call(http, 'generate_document_draft', { repositoryId: REPO, modulePath: 'src/pricing' })).data;
    const disabled = toolErrorAnswer(
      await http.callTool({ name: 'publish_document', arguments: { documentId: draft.documentId, confirm: true } }),
    );
    expect(disabled.error).toMatchObject({ code: 'permission_denied', details: { reason: 'publish_disabled' } });

    const enabled = await connectMcp('stdio', server.url, { ...env, LORE_DOCS_PUBLISH_ENABLED: 'true' });
    try {
      const unconfirmed = toolErrorAnswer(
        await enabled.callTool({ name: 'publish_document', arguments: { documentId: draft.documentId } }),
      );
      expect(unconfirmed.error).toMatchObject({ code: 'invalid_input', details: { reason: 'confirmation_required', field: 'confirm' } });
      expect(existsSync(join(tenantOutput, 'published'))).toBe(false);
      const published = await call(enabled, 'publish_document', { documentId: draft.documentId, confirm: true });
      expect(published.data).toEqual({
        documentId: draft.documentId,
        published: true,
        path: `published/${REPO}/src-pricing.md`,
        bytes: Buffer.byteLength(draft.content as string),
        qualityStatus: 'pass',
      });
      expect(readFileSync(join(tenantOutput, 'published', REPO, 'src-pricing.md'), 'utf8')).toBe(draft.content);

      // archive_document takes it down, keeping it under archived/; the same path again is not found.
      const archived = await call(enabled, 'archive_document', { path: published.data.path, confirm: true });
      expect(archived.data).toEqual({
        path: `published/${REPO}/src-pricing.md`,
        archived: true,
        archivedPath: expect.stringMatching(new RegExp(`^archived/${REPO}/\\d{8}T\\d{6}Z-src-pricing\\.md$`)),
        bytes: Buffer.byteLength(draft.content as string),
      });
      expect(readFileSync(join(tenantOutput, archived.data.archivedPath as string), 'utf8')).toBe(draft.content);
      expect(existsSync(join(tenantOutput, 'published', REPO, 'src-pricing.md'))).toBe(false);
      const again = toolErrorAnswer(
        await enabled.callTool({ name: 'archive_document', arguments: { path: published.data.path, confirm: true } }),
      );
      expect(again.error).toMatchObject({ code: 'not_found', details: { path: `published/${REPO}/src-pricing.md` } });
    } finally {
      await enabled.close();
    }
  });
});

describe('create_pull_request', () => {
  it('pushes a reviewed draft on a new branch of origin and opens its pull request on the forge, through the MCP door', async () => {
    const TOKEN = 'forge-token-of-the-e2e';
    const requests: { url: string | undefined; authorization: string | undefined; body: unknown }[] = [];
    const forge = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({ url: req.url, authorization: req.headers.authorization, body: JSON.parse(body) as unknown });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ number: 12, html_url: 'https://forge.test/acme/order-service/pull/12' }));
      });
    });
    await new Promise<void>((listening) => forge.listen(0, '127.0.0.1', listening));
    // origin names the forge; git rewrites it (url.insteadOf) to a local bare repository that receives the push.
    const remotes = mkdtempSync(join(tmpdir(), 'lore-docgen-origin-'));
    const bare = join(remotes, 'acme', 'order-service.git');
    gitIn(remotes, ['init', '-q', '--bare', bare]);
    gitIn(fixture.path, ['remote', 'add', 'origin', 'https://forge.test/acme/order-service.git']);
    gitIn(fixture.path, ['config', `url.${remotes}/.insteadOf`, 'https://forge.test/']);
    const enabled = await connectMcp('stdio', server.url, {
      ...env,
      LORE_DOCS_PUBLISH_ENABLED: 'true',
      LORE_FORGE_API_URL: `http://127.0.0.1:${(forge.address() as AddressInfo).port}`,
      LORE_FORGE_TOKEN: TOKEN,
    });
    try {
      const draft = (await call(enabled, 'generate_document_draft', { repositoryId: REPO, modulePath: 'src/domain' })).data;
      const documentId = draft.documentId as string;
      const created = await call(enabled, 'create_pull_request', { documentId, confirm: true, fileName: 'domain.md' });
      const branch = `lore/docs/${documentId}`;
      expect(created.data).toEqual({
        pullRequestUrl: 'https://forge.test/acme/order-service/pull/12',
        number: 12,
        branch,
        commitSha: gitIn(bare, ['rev-parse', `refs/heads/${branch}`]).trim(),
        path: 'docs/domain.md',
      });
      expect(gitIn(bare, ['show', `${created.data.commitSha as string}:docs/domain.md`])).toBe(draft.content);
      expect(requests).toMatchObject([
        {
          url: '/repos/acme/order-service/pulls',
          authorization: `Bearer ${TOKEN}`,
          body: { title: 'docs: src/domain (reviewed Lore draft)', head: branch, base: 'main' },
        },
      ]);
      expect(gitIn(fixture.path, ['status', '--porcelain'])).toBe('');
    } finally {
      await enabled.close();
      forge.close();
      gitIn(fixture.path, ['remote', 'remove', 'origin']);
    }
  });
});

describe('a review package and publishing through REST and GraphQL', () => {
  it('answers one review package through MCP, REST and GraphQL, and refuses publishing on both while it is disabled', async () => {
    const http = mcp.get('http 2026-07-28')!;
    const draft = (await call(http, 'generate_document_draft', { repositoryId: REPO, modulePath: 'src/validation' })).data;
    const documentId = draft.documentId as string;
    const overMcp = (await call(http, 'generate_review_package', { documentId })).data;
    const overRest = await restJson(server.url, `/api/v1/docs/drafts/${documentId}/review`);
    const overGraphql = await graphql(
      server.url,
      `query Review($input: DocumentIdInput!) { reviewPackage(input: $input) ${selectionOf(ReviewPackageSchema)} }`,
      { input: { documentId } },
    );
    expect(overRest).toEqual({ status: 200, body: overMcp });
    expect(overGraphql).toEqual({ data: { reviewPackage: overMcp } });
    expect(overMcp).toMatchObject({ documentId, draft, quality: { quality: { status: 'pass', unsupportedClaims: 0 } }, staleLines: [] });

    const restPublish = await fetch(`${server.url}/api/v1/docs/drafts/${documentId}/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: true }),
    });
    expect({ status: restPublish.status, body: await restPublish.json() }).toMatchObject({
      status: 403,
      body: { code: 'permission_denied', details: { reason: 'publish_disabled' } },
    });
    const graphqlPublish = await graphql(
      server.url,
      `mutation Publish($input: PublishDocumentInput!) { publishDocument(input: $input) ${selectionOf(PublishDocumentResultSchema)} }`,
      { input: { documentId, confirm: true } },
    );
    expect(graphqlPublish.errors?.[0]?.extensions).toMatchObject({ code: 'permission_denied' });
    const restArchive = await fetch(`${server.url}/api/v1/docs/archive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: `published/${REPO}/src-validation.md`, confirm: true }),
    });
    expect({ status: restArchive.status, body: await restArchive.json() }).toMatchObject({
      status: 403,
      body: { code: 'permission_denied', details: { reason: 'publish_disabled' } },
    });
    const graphqlArchive = await graphql(
      server.url,
      `mutation Archive($input: ArchiveDocumentInput!) { archiveDocument(input: $input) ${selectionOf(ArchiveDocumentResultSchema)} }`,
      { input: { path: `published/${REPO}/src-validation.md`, confirm: true } },
    );
    expect(graphqlArchive.errors?.[0]?.extensions).toMatchObject({ code: 'permission_denied' });
    const restPullRequest = await fetch(`${server.url}/api/v1/docs/pull-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ documentId, confirm: true }),
    });
    expect({ status: restPullRequest.status, body: await restPullRequest.json() }).toMatchObject({
      status: 403,
      body: { code: 'permission_denied', details: { reason: 'publish_disabled' } },
    });
    const graphqlPullRequest = await graphql(
      server.url,
      `mutation Propose($input: CreatePullRequestInput!) { createPullRequest(input: $input) ${selectionOf(CreatePullRequestResultSchema)} }`,
      { input: { documentId, confirm: true } },
    );
    expect(graphqlPullRequest.errors?.[0]?.extensions).toMatchObject({
      code: 'permission_denied',
      details: { reason: 'publish_disabled' },
    });
    expect(existsSync(join(tenantOutput, 'published', REPO, 'src-validation.md'))).toBe(false);
  });
});

const CONTEXT_PACK: Capability = {
  tool: 'assemble_context_pack',
  graphqlField: 'assembleContextPack',
  graphqlInput: 'AssembleContextPackInput',
  result: ContextPackSchema,
  restPath: '/api/v1/docs/context-pack',
  cli: ['docs', 'context-pack', 'src/pricing', '--repo', REPO],
};

const DRAFT: Capability = {
  tool: 'generate_document_draft',
  graphqlField: 'generateDocumentDraft',
  graphqlInput: 'GenerateDocumentDraftInput',
  result: DocumentDraftSchema,
  restPath: '/api/v1/docs/draft',
  cli: ['docs', 'generate', 'src/validation', '--repo', REPO],
};

describe('every door, one answer', () => {
  it.each([
    {
      capability: CONTEXT_PACK,
      input: { repositoryId: REPO, modulePath: 'src/pricing' },
      query: `repositoryId=${REPO}&modulePath=src/pricing`,
    },
    {
      capability: DRAFT,
      input: { repositoryId: REPO, modulePath: 'src/validation' },
      query: `repositoryId=${REPO}&modulePath=src/validation`,
    },
  ])('$capability.tool', async ({ capability, input, query }) => {
    const answers = await askEveryDoor({ url: server.url, env, mcp }, capability, input, query);
    const first = Object.values(answers)[0] as Record<string, unknown>;
    expect(first.repositoryId).toBe(REPO);
    for (const [door, answer] of Object.entries(answers)) expect({ door, answer }).toEqual({ door, answer: first });
  });

  it('reads a pack and a draft back by id over REST and GraphQL, and writes the draft with lore docs generate --out', async () => {
    const pack = (await call(mcp.get('stdio')!, 'assemble_context_pack', { repositoryId: REPO, modulePath: 'src/pricing' })).data;
    const rest = await fetch(`${server.url}/api/v1/docs/context-packs/${pack.contextPackId as string}`);
    expect(await rest.json()).toEqual(pack);
    const draft = (await call(mcp.get('stdio')!, 'generate_document_draft', { contextPackId: pack.contextPackId })).data;
    const byGraphql = await graphql(server.url, 'query($input: DocumentIdInput!) { documentDraft(input: $input) { documentId content } }', {
      input: { documentId: draft.documentId },
    });
    expect(byGraphql.data!.documentDraft).toEqual({ documentId: draft.documentId, content: draft.content });
    const review = (await (await fetch(`${server.url}/api/v1/docs/drafts/${draft.documentId as string}/review`)).json()) as {
      quality: { quality: unknown };
      staleLines: unknown[];
    };
    expect(review.quality.quality).toEqual({ status: 'pass', score: 1, unsupportedClaims: 0, warnings: [] });
    expect(review.staleLines).toEqual([]);
    const missing = await fetch(`${server.url}/api/v1/docs/drafts/docgen_0000000000000000`);
    expect({ status: missing.status, code: ((await missing.json()) as { code: string }).code }).toEqual({ status: 404, code: 'not_found' });
    const refused = await fetch(`${server.url}/api/v1/docs/drafts/${draft.documentId as string}/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: true }),
    });
    expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({
      status: 403,
      code: 'permission_denied',
    });

    const out = mkdtempSync(join(tmpdir(), 'lore-docgen-out-'));
    try {
      const generated = await cliJson(['docs', 'generate', 'src/pricing', '--repo', REPO, '--out', out], env);
      expect(generated.code).toBe(0);
      // A draft of a module (not of a given pack) is the same through the CLI as through MCP.
      const ofModule = (await call(mcp.get('stdio')!, 'generate_document_draft', { repositoryId: REPO, modulePath: 'src/pricing' })).data;
      expect(generated.body).toEqual(ofModule);
      expect(readFileSync(join(out, 'src-pricing.md'), 'utf8')).toBe(ofModule.content);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('lore docs generate with a model configured (LORE_LLM_URL)', () => {
  it("plays the assistant's side of a session: the model analyses each code file from Lore's prompt, Lore writes the module", async () => {
    const analysis = {
      summary: 'Discount codes for orders.',
      documentation: '`applyDiscount` is exported.',
      key_functions: ['applyDiscount'],
    };
    const endpoint = new FakeModelEndpoint('docs-7b', `\`\`\`json\n${JSON.stringify(analysis)}\n\`\`\``);
    const url = await endpoint.start();
    const out = mkdtempSync(join(tmpdir(), 'lore-docgen-model-'));
    try {
      const withModel = { ...env, LORE_LLM_URL: url, LORE_LLM_MODEL: 'docs', LORE_LLM_API_KEY: 'sk-docs-secret' };
      const generated = await cliJson(['docs', 'generate', 'src/pricing/', '--repo', REPO, '--out', out, '--json'], withModel);
      expect(generated.code).toBe(0);
      expect(generated.body).toMatchObject({
        status: 'completed',
        module_name: 'pricing',
        progress: { total_files: 1, processed_files: 1, failed_files: [] },
        pending_requests: [],
      });
      expect(JSON.stringify(generated.body)).not.toContain('sk-docs-secret');
      // One exchange per code file, its prompt Lore's (from the graph), the key sent to the endpoint only.
      expect(endpoint.received.map((request) => [request.authorization, request.body.model])).toEqual([['Bearer sk-docs-secret', 'docs']]);
      expect(endpoint.received[0]!.body.messages[1]!.content).toContain('src/pricing/discounts.ts');
      expect(readFileSync(join(out, 'pricing.md'), 'utf8')).toBe(
        '# pricing\n\n## `src/pricing/discounts.ts`\n\nDiscount codes for orders.\n\n`applyDiscount` is exported.\n',
      );
      // --no-model: the deterministic draft, the model not asked.
      const drafted = await cliJson(['docs', 'generate', 'src/pricing', '--repo', REPO, '--no-model', '--json'], withModel);
      expect(drafted.body).toMatchObject({ modulePath: 'src/pricing' });
      expect(endpoint.received).toHaveLength(1);
    } finally {
      await endpoint.stop();
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('a documentation session through REST and GraphQL', () => {
  const analysis = { summary: 'Discount codes.', documentation: '`applyDiscount` is exported.', key_functions: ['applyDiscount'] };

  it('REST: POST the files, poll the status for the pending request, POST its analysis, completed', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}/api/v1/docs/sessions${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const started = await post('/files', { workspace_id: REPO, module_name: 'pricing', file_paths: ['src/pricing/discounts.ts'] });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'started', total_files: 1, module_name: 'pricing', doc_type: 'module' });
    const sessionId = started.body.session_id as string;
    const status = (await (await fetch(`${server.url}/api/v1/docs/sessions/${sessionId}`)).json()) as {
      status: string;
      pending_requests: { request_id: string; file_path: string; prompt: string }[];
    };
    expect(status.status).toBe('started');
    expect(status.pending_requests.map((request) => request.file_path)).toEqual(['src/pricing/discounts.ts']);
    expect(status.pending_requests[0]!.prompt).toContain('called by: OrderService.placeOrder (src/services/order-service.ts)');
    const badAnalysis = await post(`/${sessionId}/analyses`, { file_path: 'src/pricing/discounts.ts', analysis: { summary: 'x' } });
    expect(badAnalysis.status).toBe(400);
    const answered = await post(`/${sessionId}/analyses`, {
      request_id: status.pending_requests[0]!.request_id,
      file_path: 'src/pricing/discounts.ts',
      analysis,
    });
    expect(answered).toEqual({
      status: 200,
      body: {
        session_id: sessionId,
        file_path: 'src/pricing/discounts.ts',
        status: 'completed',
        message: 'Analysis received and processed',
        session_status: 'completed',
        processed_files: 1,
        total_files: 1,
      },
    });
    const full = await post('', { workspace_id: REPO });
    expect(full.body).toMatchObject({ status: 'awaiting_groupings', repositoryId: REPO });
    const grouped = await post(`/${full.body.session_id as string}/groupings`, {
      groupings: [{ theme: 'pricing', file_paths: ['src/pricing/discounts.ts'], description: 'Discounts.' }],
    });
    expect(grouped.body).toMatchObject({ status: 'processing', themes: 1, total_files: 1 });
    const dependencies = await post(`/${full.body.session_id as string}/dependencies`, {
      requesting_file: 'src/pricing/discounts.ts',
      dependencies: [{ file_path: 'src/domain/order.ts', dependency_type: 'import', reason: 'Money' }],
    });
    expect(dependencies.status).toBe(200);
  });

  it('GraphQL: createDocumentation, documentationStatus with its pending request, analyzeFileCallback, completed', async () => {
    const created = await graphql(
      server.url,
      'mutation($input: CreateDocumentationInput!) { createDocumentation(input: $input) { session_id status total_files } }',
      { input: { workspace_id: REPO, module_name: 'pricing', file_paths: ['src/pricing/discounts.ts'] } },
    );
    const session = created.data!.createDocumentation as { session_id: string; status: string; total_files: number };
    expect(session).toMatchObject({ status: 'started', total_files: 1 });
    const statusQuery =
      'query($input: DocumentationSessionIdInput!) { documentationStatus(input: $input) { status progress { processed_files } pending_requests { request_id file_path } pending_total } }';
    const before = (await graphql(server.url, statusQuery, { input: { session_id: session.session_id } })).data!.documentationStatus as {
      pending_requests: { request_id: string; file_path: string }[];
    };
    expect(before).toMatchObject({ status: 'started', progress: { processed_files: 0 }, pending_total: 1 });
    const callback =
      'mutation($input: AnalyzeFileCallbackInput!) { analyzeFileCallback(input: $input) { status session_status processed_files } }';
    const request = { session_id: session.session_id, request_id: before.pending_requests[0]!.request_id, analysis };
    const withoutPath = await graphql(server.url, callback, { input: request });
    expect(withoutPath.errors![0]!.extensions).toMatchObject({
      code: 'invalid_input',
      details: { seedError: { code: 'MISSING_PARAMETER', details: { missing_param: 'file_path' } } },
    });
    const answered = await graphql(server.url, callback, { input: { ...request, file_path: 'src/pricing/discounts.ts' } });
    expect(answered.errors).toBeUndefined();
    expect(answered.data!.analyzeFileCallback).toEqual({ status: 'completed', session_status: 'completed', processed_files: 1 });
    const after = await graphql(server.url, statusQuery, { input: { session_id: session.session_id } });
    expect(after.data!.documentationStatus).toEqual({
      status: 'completed',
      progress: { processed_files: 1 },
      pending_requests: [],
      pending_total: 0,
    });
    const unknown = await graphql(server.url, statusQuery, { input: { session_id: 'ds_unknown' } });
    expect(unknown.errors![0]!.extensions.code).toBe('not_found');
  });

  it("lists the caller's sessions alike through MCP, REST, GraphQL and the CLI, and clears one", async () => {
    const http = mcp.get('http 2026-07-28')!;
    const started = (await http.callTool({ name: 'full_documentation', arguments: { workspace_id: REPO } })).structuredContent as {
      data: { session_id: string };
      context: { sessionId: string };
    };
    const sessionId = started.data.session_id;
    const listed = (await http.callTool({ name: 'list_documentation_sessions', arguments: {} })).structuredContent as {
      data: { session_ids: string[] };
      status: { success: boolean; code: number };
    };
    expect(listed.status).toMatchObject({ success: true, code: 200 });
    expect(listed.data.session_ids[0]).toBe(sessionId);
    const rest = (await (await fetch(`${server.url}/api/v1/docs/sessions`)).json()) as unknown;
    const byGraphql = await graphql(
      server.url,
      'query { documentationSessions { session_ids sessions { session_id repositoryId status created_at updated_at expires_at } } }',
      {},
    );
    const cli = await cliJson(['docs-session', 'list'], env);
    expect({ rest, graphql: byGraphql.data!.documentationSessions, cli: cli.body }).toEqual({
      rest: listed.data,
      graphql: listed.data,
      cli: listed.data,
    });

    const cleared = await fetch(`${server.url}/api/v1/docs/sessions/${sessionId}`, { method: 'DELETE' });
    expect({ status: cleared.status, body: await cleared.json() }).toEqual({ status: 200, body: { session_id: sessionId, cleared: true } });
    const again = await http.callTool({ name: 'clear_documentation_session', arguments: { session_id: sessionId } });
    expect({ isError: again.isError, code: (again._meta as { code: string }).code }).toEqual({ isError: true, code: 'SESSION_NOT_FOUND' });
    const after = (await http.callTool({ name: 'list_documentation_sessions', arguments: {} })).structuredContent as {
      data: { session_ids: string[] };
    };
    expect(after.data.session_ids).not.toContain(sessionId);
  });
});
