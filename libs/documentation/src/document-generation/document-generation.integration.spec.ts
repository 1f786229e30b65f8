import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestingModule } from '@nestjs/testing';
import { type LoreError, type Principal, localPrincipal } from '@lore/domain';
import { GeneratedArtifactRepository } from '@lore/graph';
import { type FixtureRepository, gitFixture, gitIn } from '../../../../test/support/fixtures';
import { knowledgeWith } from '../../../../test/support/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { DocumentGenerationService } from './document-generation.service';
import { LoreMetrics } from '@lore/observability';

/**
 * Context packs, drafts and review packages of order-service's src/pricing and OrderValidator, with
 * what the fixture's code implies (read by hand from test/fixtures/order-service): applyDiscount's doc
 * comment, its one caller OrderService.placeOrder at line 24, OrderValidator's two test files.
 */
const principal = localPrincipal('document-generation', 'test');
const output = mkdtempSync(join(tmpdir(), 'lore-docgen-'));
/** Where the principal's tenant publishes: its own directory under the output directory. */
const tenantOutput = join(output, 'tenants', principal.tenantId);
let moduleRef: TestingModule;
let publishing: TestingModule;
let service: DocumentGenerationService;
let fixture: FixtureRepository;
const ORDER = 'order-service';

beforeAll(async () => {
  moduleRef = await knowledgeWith({ LORE_DOCS_OUTPUT_DIR: output });
  fixture = gitFixture(ORDER);
  await moduleRef.get(IndexingService).indexRepository({ path: fixture.path, repositoryId: ORDER }, principal);
  service = moduleRef.get(DocumentGenerationService);
  publishing = await knowledgeWith({ LORE_DOCS_OUTPUT_DIR: output, LORE_DOCS_PUBLISH_ENABLED: 'true' });
}, 240_000);

afterAll(async () => {
  await moduleRef?.close();
  await publishing?.close();
});

/** lore_context_packs_generated_total, as /metrics would tell it. */
async function packsGenerated(): Promise<number> {
  return (await moduleRef.get(LoreMetrics).registry.getSingleMetric('lore_context_packs_generated_total')!.get()).values[0]!.value;
}

async function refusal(call: Promise<unknown>): Promise<{ code: string; reason?: unknown }> {
  const error = (await call.then(
    () => null,
    (reason: unknown) => reason,
  )) as LoreError | null;
  if (error === null) throw new Error('expected a refusal');
  return { code: error.code, ...(error.details?.reason !== undefined ? { reason: error.details.reason } : {}) };
}

const code = (path: string, start: number, end: number) => `code://${ORDER}/${fixture.commitSha}/${path}#L${start}-L${end}`;
const discounts = 'src/pricing/discounts.ts';

describe('assemble_context_pack', () => {
  it("packs src/pricing: its two exported functions, the one call into it, README's section, each with its reason", async () => {
    const pack = await service.assembleContextPack({ repositoryId: ORDER, modulePath: 'src/pricing' }, principal);
    expect(pack.contextPackId).toMatch(/^ctx_[0-9a-f]{16}$/);
    expect(pack.resourceUri).toBe(`context-pack://${pack.contextPackId}`);
    expect(pack.task).toEqual({ type: 'generate_module_doc', modulePath: 'src/pricing', paths: ['src/pricing/'], audience: [] });
    expect(
      pack.symbols.map((symbol) => [symbol.qualifiedName, symbol.startLine, symbol.endLine, symbol.exported, symbol.signature]),
    ).toEqual([
      ['applyDiscount', 9, 12, true, 'export function applyDiscount(total: Money, code?: string): Money'],
      ['isKnownDiscount', 14, 14, true, 'export const isKnownDiscount = (code: string): boolean =>'],
    ]);
    expect(pack.symbols[0]!.doc).toBe('Applies a percentage discount code; unknown codes leave the total unchanged.');
    expect(pack.callers).toEqual([
      {
        uid: `document-generation:${ORDER}:src/services/order-service.ts#OrderService.placeOrder`,
        qualifiedName: 'OrderService.placeOrder',
        path: 'src/services/order-service.ts',
        line: 24,
        calls: 'applyDiscount',
        confidence: 'exact',
        reason: 'calls applyDiscount from another file: how the module is used',
      },
    ]);
    expect(pack.spans.map((span) => [span.uri, span.reason])).toEqual([
      [code(discounts, 9, 12), 'the declaration of applyDiscount'],
      [code(discounts, 14, 14), 'the declaration of isKnownDiscount'],
      [code('src/services/order-service.ts', 24, 24), 'the call of applyDiscount in OrderService.placeOrder'],
    ]);
    expect(pack.tests).toEqual([]);
    expect(pack.docs.map((doc) => [doc.path, doc.title, doc.startLine, doc.endLine])).toEqual([['README.md', 'order-service', 1, 4]]);
    expect(pack.omitted).toEqual({ symbols: 0, callers: 0, tests: 0, docs: 0 });
    expect(pack.warnings).toEqual([]);
  });

  it('is bounded by maxItems, counting what it left out; the same request is the same pack id', async () => {
    const generated = await packsGenerated();
    const pack = await service.assembleContextPack({ repositoryId: ORDER, modulePath: 'src/pricing', maxItems: 1 }, principal);
    expect(pack.symbols.map((symbol) => symbol.qualifiedName)).toEqual(['applyDiscount']);
    expect(pack.omitted).toEqual({ symbols: 1, callers: 0, tests: 0, docs: 0 });
    expect(pack.warnings).toEqual([{ code: 'output_truncated', message: '1 symbols left out by maxItems (1).' }]);
    const again = await service.assembleContextPack({ repositoryId: ORDER, modulePath: 'src/pricing', maxItems: 1 }, principal);
    expect(again.contextPackId).toBe(pack.contextPackId);
    // The pack kept for the same request is answered again, not generated again.
    expect(await packsGenerated()).toBe(generated + 1);
  });

  it('is stored: another process of the tenant reads it back, a principal who may not read the repository does not', async () => {
    const pack = await service.assembleContextPack({ repositoryId: ORDER, paths: [discounts] }, principal);
    expect(pack.task.paths).toEqual([discounts]);
    const other = await knowledgeWith({ LORE_DOCS_OUTPUT_DIR: output });
    try {
      expect(await other.get(DocumentGenerationService).getContextPack({ contextPackId: pack.contextPackId }, principal)).toEqual(pack);
    } finally {
      await other.close();
    }
    const stranger: Principal = { ...principal, subject: 'stranger', repositories: ['another-repository'] };
    expect(await refusal(service.getContextPack({ contextPackId: pack.contextPackId }, stranger))).toEqual({ code: 'not_found' });
    const elsewhere = localPrincipal('another-tenant', 'test');
    expect(await refusal(service.getContextPack({ contextPackId: pack.contextPackId }, elsewhere))).toEqual({ code: 'not_found' });
  });

  it('refuses bad input and writes nothing', async () => {
    expect(await refusal(service.assembleContextPack({ repositoryId: ORDER, modulePath: 'src/nowhere' }, principal))).toEqual({
      code: 'not_found',
    });
    expect(await refusal(service.assembleContextPack({ repositoryId: ORDER, modulePath: '../etc' }, principal))).toEqual({
      code: 'invalid_input',
    });
    expect(await refusal(service.assembleContextPack({ repositoryId: ORDER }, principal))).toEqual({ code: 'invalid_input' });
    expect(await refusal(service.getContextPack({ contextPackId: 'ctx_0000000000000000' }, principal))).toEqual({ code: 'not_found' });
  });

  it('forgets a pack once it expired', async () => {
    const store = moduleRef.get(GeneratedArtifactRepository);
    const pack = await service.assembleContextPack({ repositoryId: ORDER, modulePath: 'src/domain' }, principal);
    expect(await store.get(principal, 'context_pack', pack.contextPackId, pack.expiresAt)).toBeNull();
    expect(await store.get(principal, 'context_pack', pack.contextPackId, pack.createdAt)).not.toBeNull();
  });
});

describe('generate_document_draft and generate_review_package', () => {
  it('drafts src/pricing from the graph: every statement with evidence, each evidence id resolvable', async () => {
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/pricing' }, principal);
    expect(draft.documentId).toMatch(/^docgen_[0-9a-f]{16}$/);
    expect(draft).toMatchObject({
      evidenceMapUri: `evidence-map://${draft.documentId}`,
      modulePath: 'src/pricing',
      paths: ['src/pricing/'],
      state: 'draft',
      generator: 'lore-graph/1',
    });
    expect(draft.statements).toEqual([
      {
        id: 'S1',
        section: 'purpose',
        text: '`applyDiscount`: Applies a percentage discount code; unknown codes leave the total unchanged.',
        evidence: ['E1'],
      },
      { id: 'S2', section: 'public_api', text: '`applyDiscount` is defined in `src/pricing/discounts.ts`.', evidence: ['E1'] },
      { id: 'S3', section: 'public_api', text: '`isKnownDiscount` is defined in `src/pricing/discounts.ts`.', evidence: ['E2'] },
      { id: 'S4', section: 'usage', text: '`applyDiscount` is called by `OrderService.placeOrder`.', evidence: ['G1', 'E3'] },
    ]);
    expect(draft.evidence).toEqual([
      { id: 'E1', type: 'file_span', path: discounts, lines: [9, 12], uri: code(discounts, 9, 12), graphPath: [] },
      { id: 'E2', type: 'file_span', path: discounts, lines: [14, 14], uri: code(discounts, 14, 14), graphPath: [] },
      { id: 'G1', type: 'graph_path', path: null, lines: [], uri: null, graphPath: ['OrderService.placeOrder', 'applyDiscount'] },
      {
        id: 'E3',
        type: 'file_span',
        path: 'src/services/order-service.ts',
        lines: [24, 24],
        uri: code('src/services/order-service.ts', 24, 24),
        graphPath: [],
      },
    ]);
    expect(draft.warnings).toEqual([{ code: 'no_tests', message: 'No test of the graph exercises the module.' }]);
    expect(draft.content).toContain(
      `- \`applyDiscount\` is called by \`OrderService.placeOrder\`. [G1](evidence-map://${draft.documentId}#G1) [E3](${code('src/services/order-service.ts', 24, 24)})`,
    );
    expect(draft.content).toContain('  ```ts\n  export function applyDiscount(total: Money, code?: string): Money\n  ```');
  });

  it("drafts OrderValidator's file with its tests; the review package finds every claim supported", async () => {
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/validation/order-validator.ts' }, principal);
    expect(draft.statements.map((statement) => [statement.section, statement.text, statement.evidence])).toEqual([
      ['purpose', '`OrderValidator`: Checks an order against the business rules before it is placed.', ['E1']],
      ['public_api', '`OrderValidator` is defined in `src/validation/order-validator.ts`.', ['E1']],
      ['usage', '`OrderValidator.validate` is called by `OrderService.placeOrder`.', ['G1', 'E2']],
      ['tests', '`OrderValidator` is tested by `test/order-service.spec.ts`.', ['E3', 'E4']],
      ['tests', '`OrderValidator` is tested by `test/order-validator.spec.ts`.', ['E5']],
      ['tests', '`OrderValidator.validate` is tested by `test/order-validator.spec.ts`.', ['E5']],
    ]);
    const review = await service.generateReviewPackage({ documentId: draft.documentId }, principal);
    expect(review.draft).toEqual(draft);
    expect(review.quality.quality).toEqual({ status: 'pass', score: 1, unsupportedClaims: 0, warnings: [] });
    expect(review.quality.dimensions).toEqual({
      coverage: { score: 1, checked: 1, failed: 0 },
      claims: { score: 1, checked: 5, failed: 0 },
      staleness: { score: 1, checked: 6, failed: 0 },
      references: { score: 1, checked: 11, failed: 0 },
    });
    expect(review.staleLines).toEqual([]);
    expect(review.checklist).toEqual([
      'Read each statement against its evidence (evidenceMapUri).',
      `Publish only when satisfied: publish_document {"documentId": "${draft.documentId}", "confirm": true}.`,
    ]);
  });
});

describe('publish_document', () => {
  it('is refused while publishing is disabled, and without confirm: true; writes nothing', async () => {
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/pricing' }, principal);
    expect(await refusal(service.publishDocument({ documentId: draft.documentId, confirm: true }, principal))).toEqual({
      code: 'permission_denied',
      reason: 'publish_disabled',
    });
    const enabled = publishing.get(DocumentGenerationService);
    expect(await refusal(enabled.publishDocument({ documentId: draft.documentId }, principal))).toEqual({
      code: 'invalid_input',
      reason: 'confirmation_required',
    });
    expect(await refusal(enabled.publishDocument({ documentId: draft.documentId, fileName: '../x.md', confirm: true }, principal))).toEqual(
      {
        code: 'invalid_input',
      },
    );
    const withoutPermission: Principal = { ...principal, permissions: ['read'] };
    expect(await refusal(enabled.publishDocument({ documentId: draft.documentId, confirm: true }, withoutPermission))).toEqual({
      code: 'permission_denied',
    });
  });

  it('writes the confirmed draft inside the publish directory', async () => {
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/pricing' }, principal);
    const published = await publishing
      .get(DocumentGenerationService)
      .publishDocument({ documentId: draft.documentId, confirm: true }, principal);
    expect(published).toEqual({
      documentId: draft.documentId,
      published: true,
      path: `published/${ORDER}/src-pricing.md`,
      bytes: Buffer.byteLength(draft.content),
      qualityStatus: 'pass',
    });
    expect(readFileSync(join(tenantOutput, published.path), 'utf8')).toBe(draft.content);
  });
});

describe('archive_document', () => {
  it('moves a published document to archived/, keeping it under the time it was archived; a second call finds nothing', async () => {
    const enabled = publishing.get(DocumentGenerationService);
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/validation' }, principal);
    const published = await enabled.publishDocument({ documentId: draft.documentId, confirm: true }, principal);
    const archived = await enabled.archiveDocument({ path: published.path, confirm: true }, principal);
    expect(archived).toEqual({
      path: `published/${ORDER}/src-validation.md`,
      archived: true,
      archivedPath: expect.stringMatching(new RegExp(`^archived/${ORDER}/\\d{8}T\\d{6}Z-src-validation\\.md$`)),
      bytes: Buffer.byteLength(draft.content),
    });
    expect(existsSync(join(tenantOutput, published.path))).toBe(false);
    expect(readFileSync(join(tenantOutput, archived.archivedPath), 'utf8')).toBe(draft.content);
    expect(await refusal(enabled.archiveDocument({ path: published.path, confirm: true }, principal))).toEqual({ code: 'not_found' });
  });

  it('is refused while publishing is disabled, without confirm: true, without docs:publish, for a repository not readable, for another tenant, and for a path outside published/', async () => {
    const enabled = publishing.get(DocumentGenerationService);
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/pricing' }, principal);
    const { path } = await enabled.publishDocument({ documentId: draft.documentId, fileName: 'kept.md', confirm: true }, principal);
    expect(await refusal(service.archiveDocument({ path, confirm: true }, principal))).toEqual({
      code: 'permission_denied',
      reason: 'publish_disabled',
    });
    expect(await refusal(enabled.archiveDocument({ path }, principal))).toEqual({ code: 'invalid_input', reason: 'confirmation_required' });
    expect(await refusal(enabled.archiveDocument({ path, confirm: true }, { ...principal, permissions: ['read'] }))).toEqual({
      code: 'permission_denied',
    });
    expect(await refusal(enabled.archiveDocument({ path, confirm: true }, { ...principal, repositories: ['another'] }))).toEqual({
      code: 'not_found',
    });
    // Another tenant with a repository of the same id publishes in its own directory: this one's file is not there.
    const otherTenant = localPrincipal('document-generation-b', 'test');
    await moduleRef.get(IndexingService).indexRepository({ path: fixture.path, repositoryId: ORDER }, otherTenant);
    expect(await refusal(enabled.archiveDocument({ path, confirm: true }, otherTenant))).toEqual({ code: 'not_found' });
    for (const outside of [
      'published/../../etc/passwd.md',
      'published/../kept.md',
      `archived/${ORDER}/kept.md`,
      `published/${ORDER}/kept.txt`,
    ])
      expect(await refusal(enabled.archiveDocument({ path: outside, confirm: true }, principal))).toEqual({ code: 'invalid_input' });
    expect(readFileSync(join(tenantOutput, path), 'utf8')).toBe(draft.content);
  });
});

describe('create_pull_request', () => {
  const TOKEN = 'forge-token-of-the-test';
  const requests: { url: string | undefined; authorization: string | undefined; body: unknown }[] = [];
  /** What the forge answers the next request instead of a pull request: a refusal that echoes what it was sent. */
  let refuseNext: { message: string } | null = null;
  const forge = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url, authorization: req.headers.authorization, body: JSON.parse(body) as unknown });
      const refusal = refuseNext;
      refuseNext = null;
      res.writeHead(refusal === null ? 201 : 422, { 'content-type': 'application/json' });
      res.end(JSON.stringify(refusal ?? { number: 7, html_url: 'https://forge.test/acme/order-service/pull/7' }));
    });
  });
  /** origin is https://forge.test/acme/order-service.git, which git rewrites (url.insteadOf) to a local bare repository. */
  const remotes = mkdtempSync(join(tmpdir(), 'lore-origin-'));
  const bare = join(remotes, 'acme', 'order-service.git');
  let withForge: TestingModule;

  beforeAll(async () => {
    await new Promise<void>((done) => forge.listen(0, '127.0.0.1', done));
    const forgeUrl = `http://127.0.0.1:${(forge.address() as AddressInfo).port}/api/v3`;
    gitIn(remotes, ['init', '-q', '--bare', bare]);
    gitIn(fixture.path, ['remote', 'add', 'origin', 'https://forge.test/acme/order-service.git']);
    gitIn(fixture.path, ['config', `url.${remotes}/.insteadOf`, 'https://forge.test/']);
    // The commit's author is the checkout's own (this machine's global git config would otherwise decide it).
    gitIn(fixture.path, ['config', 'user.name', 'Docs Reviewer']);
    gitIn(fixture.path, ['config', 'user.email', 'reviewer@forge.test']);
    const publishingEnv = { LORE_DOCS_OUTPUT_DIR: output, LORE_DOCS_PUBLISH_ENABLED: 'true' };
    withForge = await knowledgeWith({ ...publishingEnv, LORE_FORGE_API_URL: forgeUrl, LORE_FORGE_TOKEN: TOKEN });
  }, 120_000);

  afterAll(async () => {
    await withForge?.close();
    forge.close();
  });

  const branches = () => gitIn(bare, ['for-each-ref', '--format=%(refname)', 'refs/heads/']).trim();

  it('pushes the draft as one commit on lore/docs/<documentId> and opens its pull request into main', async () => {
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/pricing' }, principal);
    const created = await withForge
      .get(DocumentGenerationService)
      .createPullRequest({ documentId: draft.documentId, confirm: true }, principal);
    const branch = `lore/docs/${draft.documentId}`;
    expect(created).toEqual({
      pullRequestUrl: 'https://forge.test/acme/order-service/pull/7',
      number: 7,
      branch,
      commitSha: gitIn(bare, ['rev-parse', `refs/heads/${branch}`]).trim(),
      path: 'docs/src-pricing.md',
    });
    expect(gitIn(bare, ['rev-list', '--parents', '-n', '1', created.commitSha]).trim()).toBe(`${created.commitSha} ${fixture.commitSha}`);
    expect(gitIn(bare, ['diff-tree', '--no-commit-id', '--name-status', '-r', created.commitSha]).trim()).toBe('A\tdocs/src-pricing.md');
    expect(gitIn(bare, ['show', `${created.commitSha}:docs/src-pricing.md`])).toBe(draft.content);
    expect(gitIn(bare, ['log', '-1', '--format=%an <%ae>', created.commitSha]).trim()).toBe('Docs Reviewer <reviewer@forge.test>');
    expect(requests).toEqual([
      {
        url: '/api/v3/repos/acme/order-service/pulls',
        authorization: `Bearer ${TOKEN}`,
        body: {
          title: 'docs: src/pricing (reviewed Lore draft)',
          head: branch,
          base: 'main',
          body: [
            `Documentation of \`src/pricing\`, generated by Lore from commit ${fixture.commitSha} and reviewed before this request.`,
            '',
            `Every statement cites its evidence (evidence-map://${draft.documentId}); quality check: pass.`,
          ].join('\n'),
        },
      },
    ]);
    // The user's checkout is as it was: same HEAD, nothing staged or new, no local branch, no worktree left.
    expect(gitIn(fixture.path, ['rev-parse', 'HEAD']).trim()).toBe(fixture.commitSha);
    expect(gitIn(fixture.path, ['status', '--porcelain'])).toBe('');
    expect(gitIn(fixture.path, ['branch', '--format=%(refname:short)']).trim()).toBe('main');
    expect(gitIn(fixture.path, ['worktree', 'list', '--porcelain']).match(/^worktree /gm)).toHaveLength(1);

    // The same draft again: its branch is on origin, so nothing is pushed and no second request is made.
    const again = await refusal(
      withForge.get(DocumentGenerationService).createPullRequest({ documentId: draft.documentId, confirm: true }, principal),
    );
    expect(again).toEqual({ code: 'conflict' });
    expect(requests).toHaveLength(1);
    expect(branches()).toBe(`refs/heads/${branch}`);
  });

  it("tells a forge's refusal with the token scrubbed from what the forge said, the branch pushed", async () => {
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/services' }, principal);
    refuseNext = { message: `Validation Failed: token ${TOKEN} may not open pull requests on acme/order-service` };
    const refused = withForge.get(DocumentGenerationService).createPullRequest({ documentId: draft.documentId, confirm: true }, principal);
    const error = (await refused.then(
      () => null,
      (caught: LoreError) => caught,
    ))!;
    const branch = `lore/docs/${draft.documentId}`;
    expect({ code: error.code, details: error.details }).toEqual({
      code: 'unavailable',
      details: {
        reason: 'forge_refused',
        status: 422,
        message: 'Validation Failed: token *** may not open pull requests on acme/order-service',
        branch,
      },
    });
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(branches()).toContain(`refs/heads/${branch}`);
  });

  it('is refused while publishing is disabled, without confirm, without a token and without origin; pushes nothing', async () => {
    const draft = await service.generateDocumentDraft({ repositoryId: ORDER, modulePath: 'src/validation' }, principal);
    const [before, asked] = [branches(), requests.length];
    const documentId = draft.documentId;
    expect(await refusal(service.createPullRequest({ documentId, confirm: true }, principal))).toEqual({
      code: 'permission_denied',
      reason: 'publish_disabled',
    });
    const enabled = withForge.get(DocumentGenerationService);
    expect(await refusal(enabled.createPullRequest({ documentId }, principal))).toEqual({
      code: 'invalid_input',
      reason: 'confirmation_required',
    });
    expect(await refusal(enabled.createPullRequest({ documentId, confirm: true }, { ...principal, permissions: ['read'] }))).toEqual({
      code: 'permission_denied',
    });
    const withoutToken = await refusal(
      publishing.get(DocumentGenerationService).createPullRequest({ documentId, confirm: true }, principal),
    );
    expect(withoutToken).toEqual({ code: 'unavailable', reason: 'no_forge_token' });
    gitIn(fixture.path, ['remote', 'rename', 'origin', 'elsewhere']);
    try {
      expect(await refusal(enabled.createPullRequest({ documentId, confirm: true }, principal))).toEqual({
        code: 'unavailable',
        reason: 'no_origin',
      });
    } finally {
      gitIn(fixture.path, ['remote', 'rename', 'elsewhere', 'origin']);
    }
    expect(branches()).toBe(before);
    expect(requests).toHaveLength(asked);
  });
});
