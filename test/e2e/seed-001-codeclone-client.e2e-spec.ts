import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { FIXTURES, type FixtureRepository, gitFixture, gitIn } from '../support/fixtures';
import { type RunningServer, runCli } from '../support/processes';
import { cliJson } from './doors';
import {
  SEED_TRANSPORTS,
  callSeedTool,
  connectSeedServer,
  seedPayload,
  serveIndexedFixture,
  stopSuite,
  type SeedSuite,
} from './seed-clients';

/**
 * A client of CodeClone's MCP server (seed 001), written from the seed's text only: its 21 tool
 * names, its arguments (absolute `root`, `run_id`, `finding_id`, `detail_level`, `format`), the
 * recommended workflow in its order, the payload fields it names read at the top of the answer, its
 * fixed resources and run templates, and the failures it lists. Run against `lore mcp --as codeclone`
 * and `/mcp/codeclone` on the health-ts fixture (a 21-case switch, an unreachable function, an import cycle),
 * and on api-surface for the typing, docstring and API deltas against a baseline.
 */
const TENANT = 'seed-001-e2e';
const env = { LORE_TENANT: TENANT };
const SEED_TOOLS = [
  'analyze_repository',
  'analyze_changed_paths',
  'get_run_summary',
  'get_production_triage',
  'help',
  'compare_runs',
  'evaluate_gates',
  'get_report_section',
  'list_findings',
  'get_finding',
  'get_remediation',
  'list_hotspots',
  'check_clones',
  'check_complexity',
  'check_coupling',
  'check_cohesion',
  'check_dead_code',
  'generate_pr_summary',
  'mark_finding_reviewed',
  'list_reviewed_findings',
  'clear_session_runs',
];
const FIXED_RESOURCES = [
  'codeclone://latest/summary',
  'codeclone://latest/triage',
  'codeclone://latest/report.json',
  'codeclone://latest/health',
  'codeclone://latest/gates',
  'codeclone://latest/changed',
  'codeclone://schema',
];
const RUN_TEMPLATES = [
  'codeclone://runs/{run_id}/summary',
  'codeclone://runs/{run_id}/report.json',
  'codeclone://runs/{run_id}/findings/{finding_id}',
];

let suite: SeedSuite;
let fixture: FixtureRepository;
let server: RunningServer;

beforeAll(async () => {
  suite = await serveIndexedFixture('health-ts', env);
  ({ fixture, server } = suite);
}, 180_000);

afterAll(() => stopSuite(suite));

describe.each(SEED_TRANSPORTS)('a CodeClone client over %s', (transport) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectSeedServer(transport, 'codeclone', server.url, env);
  }, 60_000);
  afterAll(() => client?.close());

  it('finds exactly the seed’s 21 tools, its fixed resources and its run templates', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...SEED_TOOLS].sort());
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual(FIXED_RESOURCES);
    expect((await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)).toEqual(RUN_TEMPLATES);
    expect(client.getServerVersion()?.version).toMatch(/^\d+\.\d+\.\d+/);
    // "analysis tools require an absolute repository root": marked required where the seed requires it.
    const { tools } = await client.listTools();
    for (const name of ['analyze_repository', 'analyze_changed_paths']) {
      expect({ name, required: tools.find((tool) => tool.name === name)!.inputSchema.required }).toEqual({
        name,
        required: expect.arrayContaining(['root']),
      });
    }
  });

  it('walks the recommended workflow, reading the payload fields the seed names at the top', async () => {
    const analyzed = await callSeedTool(client, 'analyze_repository', { root: fixture.path });
    const summary = analyzed.payload;
    const runId = summary.run_id as string;
    expect(runId).toMatch(/^[0-9a-f]{8}$/);
    expect(summary).toMatchObject({
      mode: 'full',
      inventory: { files: 3, functions: 4, classes: 0 },
      findings: {
        total: 3,
        new: 3,
        known: 0,
        by_family: { clones: 0, complexity: 1, coupling: 0, cohesion: 0, dead_code: 1, dependencies: 1 },
        production: 3,
      },
      cache: { freshness: 'fresh' },
      // No baseline is stored for health-ts: nothing to measure a delta against (null), and no api_surface was asked.
      diff: {
        new_clones: 0,
        typing_param_permille_delta: null,
        typing_return_permille_delta: null,
        docstring_permille_delta: null,
        api_breaking_changes: null,
        new_api_symbols: null,
      },
    });
    for (const field of ['version', 'schema', 'analysis_profile', 'health_scope', 'focus', 'baseline', 'metrics_baseline', 'diff']) {
      expect(summary).toHaveProperty(field);
    }
    // Lore's envelope is not there; its extras are in _meta.
    expect(summary).not.toHaveProperty('data');
    expect(summary).not.toHaveProperty('metadata');
    expect(analyzed.meta).toMatchObject({ 'lore/requestId': expect.any(String), 'lore/status': 'ok', 'lore/tokens': expect.any(Number) });
    // The seed defines no repository or commit field: Lore's are in _meta.
    expect(summary).not.toHaveProperty('repository');
    expect(summary).not.toHaveProperty('commit');
    expect(analyzed.meta).toMatchObject({ 'lore/repository': 'health-ts', 'lore/commit': fixture.commitSha });

    // 1. get_run_summary or get_production_triage
    expect(await seedPayload(client, 'get_run_summary', { run_id: runId })).toEqual(summary);
    expect(await seedPayload(client, 'get_run_summary', {})).toEqual(summary);
    const triage = await seedPayload(client, 'get_production_triage', { run_id: runId, max_hotspots: 2 });
    expect(triage).toMatchObject({ run_id: runId, findings: { total: 3, production: 3 } });
    // 2. help(topic=...)
    const help = await seedPayload(client, 'help', { topic: 'workflow' });
    expect(JSON.stringify(help)).toContain('get_production_triage');
    // metrics_detail's coverage_adoption family: typing and docstring adoption per module.
    const adoption = await seedPayload(client, 'get_report_section', {
      run_id: runId,
      section: 'metrics_detail',
      family: 'coverage_adoption',
    });
    const typed = { params_annotated: 0, any_annotation_count: 0, returns_total: 2, returns_annotated: 2, return_permille: 1000 };
    expect(adoption).toEqual({
      run_id: runId,
      section: 'metrics_detail',
      content: {
        family: 'coverage_adoption',
        path: null,
        total: 2,
        offset: 0,
        limit: 50,
        next_offset: null,
        items: [
          // route is documented, routeName not; formatLegacyStatus is not public.
          {
            family: 'coverage_adoption',
            path: 'src/router.ts',
            callable_count: 2,
            ...typed,
            params_total: 1,
            params_annotated: 1,
            param_permille: 1000,
            public_symbol_total: 2,
            public_symbol_documented: 1,
            docstring_permille: 500,
          },
          {
            family: 'coverage_adoption',
            path: 'src/status.ts',
            callable_count: 2,
            ...typed,
            params_total: 2,
            params_annotated: 2,
            param_permille: 1000,
            public_symbol_total: 1,
            public_symbol_documented: 0,
            docstring_permille: 0,
          },
        ],
      },
    });
    // 3. list_hotspots or check_*
    const hotspots = await seedPayload(client, 'list_hotspots', { run_id: runId });
    expect(hotspots.run_id).toBe(runId);
    const complexity = await seedPayload(client, 'check_complexity', { run_id: runId, root: fixture.path });
    expect(complexity).toMatchObject({ run_id: runId, family: 'complexity', total: 1 });
    expect((complexity.items as { locations: string[] }[])[0]!.locations).toEqual(['src/router.ts:4']);
    const findings = await seedPayload(client, 'list_findings', { detail_level: 'summary' });
    const items = findings.items as { id: string; family: string; locations: string[] }[];
    expect(items.map((item) => [item.family, item.locations])).toEqual([
      ['complexity', ['src/router.ts:4']],
      ['dead_code', ['src/status.ts:8']],
      ['dependencies', ['src/router.ts:1', 'src/status.ts:1']],
    ]);
    // 4. get_finding → get_remediation
    const deadCode = items[1]!.id;
    const finding = await seedPayload(client, 'get_finding', { finding_id: deadCode, run_id: runId });
    expect(finding).toMatchObject({
      run_id: runId,
      finding: { id: deadCode, locations: [{ path: 'src/status.ts', line: 8, end_line: 10, symbol: 'formatLegacyStatus' }] },
    });
    const remediation = await seedPayload(client, 'get_remediation', { finding_id: deadCode, run_id: runId });
    expect(JSON.stringify(remediation)).toContain(deadCode);
    // 5. generate_pr_summary(format="markdown")
    const pr = await seedPayload(client, 'generate_pr_summary', { run_id: runId, format: 'markdown' });
    expect(pr).toMatchObject({ run_id: runId, format: 'markdown' });
    expect(pr).not.toHaveProperty('repository');
    expect(pr).not.toHaveProperty('commit');

    // Session-local review markers.
    await seedPayload(client, 'mark_finding_reviewed', { finding_id: deadCode, run_id: runId, note: 'kept for the legacy API' });
    const reviewed = await seedPayload(client, 'list_reviewed_findings', { run_id: runId });
    expect((reviewed.items as { finding_id: string }[]).map((item) => item.finding_id)).toContain(deadCode);

    // The resources are views over the registered run.
    const latest = await client.readResource({ uri: 'codeclone://latest/summary' });
    expect(JSON.parse((latest.contents[0] as { text: string }).text)).toEqual(summary);
    expect(latest.contents[0]!._meta).toEqual({ 'lore/repository': 'health-ts', 'lore/commit': fixture.commitSha });
    const byRun = await client.readResource({ uri: `codeclone://runs/${runId}/findings/${deadCode}` });
    expect(JSON.parse((byRun.contents[0] as { text: string }).text)).toMatchObject({ id: deadCode });
  });

  it('answers the seed’s failures as errors and changes nothing; a tool of another seed is unknown here', async () => {
    const relative = await callSeedTool(client, 'analyze_repository', { root: '.' });
    expect(relative).toMatchObject({ isError: true, meta: { 'lore/error': { code: 'invalid_input' } } });
    expect(relative.text).toMatch(/absolute/);
    const withoutRoot = await callSeedTool(client, 'analyze_repository', { repository: 'health-ts' });
    expect(withoutRoot).toMatchObject({ isError: true, meta: { 'lore/error': { code: 'invalid_input' } } });
    expect(withoutRoot.text).toMatch(/requires root/);
    // metrics_detail families the seed names that Lore does not measure: its contract error, saying why.
    const family = await callSeedTool(client, 'get_report_section', { section: 'metrics_detail', family: 'overloaded_modules' });
    expect(family).toMatchObject({ isError: true, meta: { 'lore/error': { code: 'invalid_input' } } });
    expect(family.text).toMatch(/overloaded_modules is not measured/);
    const missingRun = await callSeedTool(client, 'get_run_summary', { run_id: 'deadbeef' });
    expect(missingRun).toMatchObject({
      isError: true,
      meta: { 'lore/error': { code: 'not_found', details: { reason: 'run_not_found' } } },
    });
    const missingFinding = await callSeedTool(client, 'get_finding', { finding_id: 'no-such-finding' });
    expect(missingFinding).toMatchObject({ isError: true, meta: { 'lore/error': { details: { reason: 'finding_not_found' } } } });
    const changedWithout = await callSeedTool(client, 'analyze_changed_paths', { root: fixture.path });
    expect(changedWithout.isError).toBe(true);
    const section = await callSeedTool(client, 'get_report_section', { section: 'changed' });
    expect(section.isError).toBe(true);
    const latest = await seedPayload(client, 'get_run_summary', {});
    expect(latest.findings).toMatchObject({ total: 3 });
    await expect(client.callTool({ name: 'full_documentation', arguments: { workspace_id: 'health-ts' } })).rejects.toThrow(
      /full_documentation/,
    );
    await expect(client.callTool({ name: 'search_code', arguments: { query: 'route' } })).rejects.toThrow(/search_code/);
  });
});

/**
 * The typing, docstring and API deltas against a baseline, over test/fixtures/api-surface: its first
 * commit is the baseline (`lore analyze --api-surface --update-baseline`, as the seed's baselines are
 * written outside MCP); the second is api-surface-changed, which removes the exported legacySide,
 * declares scale's types (another signature) and adds an undocumented exported circumference. Both
 * hold geometry/volume.py, whose `__all__` publishes _sphere_volume and not cylinder_volume or UNIT.
 */
describe('a CodeClone client reading the API and typing deltas against a baseline', () => {
  let api: FixtureRepository;
  beforeAll(async () => {
    api = gitFixture('api-surface');
    expect((await cliJson(['index', api.path, '--name', 'api-surface'], env)).code).toBe(0);
    const baseline = await runCli(['analyze', api.path, '--api-surface', '--update-baseline'], env);
    expect({ code: baseline.code, stderr: baseline.stderr }).toMatchObject({ code: 0 });
    rmSync(join(api.path, 'src'), { recursive: true });
    cpSync(join(FIXTURES, 'api-surface-changed'), api.path, { recursive: true });
    gitIn(api.path, ['add', '-A']);
    gitIn(api.path, ['commit', '-q', '-m', 'legacySide removed, scale typed, circumference added']);
    expect((await cliJson(['index', api.path, '--name', 'api-surface'], env)).code).toBe(0);
  }, 180_000);

  describe.each(SEED_TRANSPORTS)('over %s', (transport) => {
    let client: Client;
    beforeAll(async () => {
      client = await connectSeedServer(transport, 'codeclone', server.url, env);
    }, 60_000);
    afterAll(() => client?.close());

    it('counts the breaking and new public symbols and the adoption deltas with api_surface, and pages the inventory', async () => {
      const summary = await seedPayload(client, 'analyze_repository', { root: api.path, api_surface: true });
      // Parameters 810 -> 857 permille, returns 750 -> 813, documented public symbols 471 -> 412 (volume.py's public
      // ones are those its __all__ lists: read from the code, not the index).
      expect(summary.diff).toEqual({
        new_clones: 0,
        health_delta: expect.any(Number),
        typing_param_permille_delta: 47,
        typing_return_permille_delta: 63,
        docstring_permille_delta: -59,
        api_breaking_changes: 2,
        new_api_symbols: 1,
      });
      const runId = summary.run_id as string;
      const adoption = await seedPayload(client, 'get_report_section', { run_id: runId, section: 'metrics' });
      expect(adoption.content).toMatchObject({
        adoption: { typing_param_permille: 857, typing_return_permille: 813, docstring_permille: 412 },
      });
      const page = await seedPayload(client, 'get_report_section', {
        run_id: runId,
        section: 'metrics_detail',
        family: 'api_surface',
        path: 'src',
        limit: 3,
      });
      expect(page.content).toEqual({
        api_surface: { symbols: 17 },
        family: 'api_surface',
        path: 'src',
        total: 6,
        offset: 0,
        limit: 3,
        items: [
          ['circleArea', 2, 'export function circleArea(radius: number): number'],
          ['scale', 6, 'export function scale(value: number, factor: number = 2): number'],
          ['circumference', 10, 'export function circumference(radius: number): number'],
        ].map(([symbol, line, signature]) => ({ family: 'api_surface', path: 'src/shapes.ts', line, symbol, kind: 'function', signature })),
        next_offset: 3,
      });
    });

    it('leaves the API counts null without api_surface, the adoption deltas still measured; analyze_changed_paths takes it too', async () => {
      const summary = await seedPayload(client, 'analyze_repository', { root: api.path });
      expect(summary.diff).toMatchObject({ docstring_permille_delta: -59, api_breaking_changes: null, new_api_symbols: null });
      const empty = await seedPayload(client, 'get_report_section', { section: 'metrics_detail', family: 'api_surface' });
      expect(empty.content).toMatchObject({ api_surface: null, total: 0, items: [] });
      const changed = await seedPayload(client, 'analyze_changed_paths', {
        root: api.path,
        changed_paths: ['src/shapes.ts'],
        api_surface: true,
      });
      const page = await seedPayload(client, 'get_report_section', {
        run_id: changed.run_id,
        section: 'metrics_detail',
        family: 'api_surface',
        path: 'geometry',
        offset: 7,
      });
      // volume.py's __all__ lists _sphere_volume and Prism, and leaves out cylinder_volume and UNIT.
      expect(page.content).toMatchObject({
        total: 11,
        items: [{ symbol: '_sphere_volume' }, { symbol: 'Prism' }, { symbol: 'Prism.__init__' }, { symbol: 'Prism.volume' }],
        next_offset: null,
      });
    });
  });

  it('tells the same deltas in lore analyze --api-surface’s text', async () => {
    const text = await runCli(['analyze', api.path, '--api-surface'], env);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').filter((line) => line.startsWith('against the baseline') || line.startsWith('api:'))).toEqual([
      'against the baseline: parameters typed +4.7 points, returns typed +6.3 points, public symbols documented -5.9 points',
      'api: 2 breaking change(s), 1 new symbol(s) against the baseline',
    ]);
  });
});
