import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { parse } from 'yaml';
import type { FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import type { RunningServer } from '../support/processes';
import { type McpDoor, connectMcp, indexAndServe, toolErrorAnswer } from './doors';

/**
 * Documentation generated for review, as an agent meets it through the official MCP SDK client: the
 * generate_module_doc prompt followed step by step (assemble_context_pack → generate_document_draft →
 * evaluate_document_quality) to a draft whose every statement cites evidence and a quality report,
 * with nothing published; the pack and the evidence map read back as resources; and publish_document
 * refused while disabled and while unconfirmed, then writing only inside the publish directory.
 */
const TENANT = 'docgen-e2e';
const REPO = 'order-service';
const output = mkdtempSync(join(tmpdir(), 'lore-docgen-e2e-'));
const env = { LORE_TENANT: TENANT, LORE_DOCS_OUTPUT_DIR: output };
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
      expect(existsSync(join(output, 'published'))).toBe(false);
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
      expect(existsSync(join(output, 'published'))).toBe(false);
      const published = await call(enabled, 'publish_document', { documentId: draft.documentId, confirm: true });
      expect(published.data).toEqual({
        documentId: draft.documentId,
        published: true,
        path: `published/${REPO}/src-pricing.md`,
        bytes: Buffer.byteLength(draft.content as string),
        qualityStatus: 'pass',
      });
      expect(readFileSync(join(output, 'published', REPO, 'src-pricing.md'), 'utf8')).toBe(draft.content);
    } finally {
      await enabled.close();
    }
  });
});
