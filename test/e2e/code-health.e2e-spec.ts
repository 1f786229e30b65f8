import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { symbolUid } from '@lore/domain';
import { gitFixture, type FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { runCli, startServer, waitUntilReady, type RunningServer } from '../support/processes';
import type {
  CheckResult,
  FindingAnswer,
  FindingList,
  FindingLocation,
  FindingView,
  ProductionTriage,
  RunSummary,
} from '@lore/domain/schemas/code-health';
import { cliJson, connectMcp, graphql, restJson, toolErrorAnswer } from './doors';

/**
 * Code health analysis runs (CodeClone's MCP interface's analyze_repository and reading tools) over the health-ts
 * fixture: a 21-case switch (cyclomatic 21, over the default threshold of 20), a function nothing
 * reaches, and a runtime import cycle between router.ts and status.ts. Asked through MCP (the
 * official SDK client, stdio and HTTP), REST, GraphQL and the CLI, each door giving the same answer.
 */
const TENANT = 'health-e2e';
const env = { LORE_TENANT: TENANT };

let driver: Driver;
let server: RunningServer;
let stdio: Client;
let http: Client;
let fixture: FixtureRepository;

/** A tool's answer: `data` typed as the tool's result (null on an error), `error` its error body (null on success). */
async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ data: T; error: { code: string; details: unknown } | null }> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) return { data: null as T, error: toolErrorAnswer(result).error as { code: string; details: unknown } };
  return { data: (result.structuredContent as { data: T }).data, error: null };
}

const locationsOf = (finding: FindingView) => finding.locations as (FindingLocation & { uri?: string })[];

async function restPost(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function storedRuns(): Promise<{ runId: string; report: string }[]> {
  const session = driver.session();
  try {
    const result = await session.run(
      'MATCH (run:AnalysisRun {tenantId: $tenant}) RETURN run.runId AS runId, run.report AS report ORDER BY run.seq',
      {
        tenant: TENANT,
      },
    );
    return result.records.map((record) => ({ runId: record.get('runId') as string, report: record.get('report') as string }));
  } finally {
    await session.close();
  }
}

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  fixture = gitFixture('health-ts');
  const indexed = await cliJson(['index', fixture.path, '--name', 'health-ts'], env);
  expect(indexed).toMatchObject({ code: 0, body: { repositoryId: 'health-ts', status: 'completed' } });
  const bodies = await cliJson(['index', gitFixture('function-bodies').path, '--name', 'function-bodies'], env);
  expect(bodies).toMatchObject({ code: 0, body: { repositoryId: 'function-bodies', status: 'completed' } });
  server = await startServer(env);
  await waitUntilReady(server.url);
  stdio = await connectMcp('stdio', server.url, env);
  http = await connectMcp('http 2026-07-28', server.url, env);
}, 180_000);

afterAll(async () => {
  await stdio?.close();
  await http?.close();
  await server?.stop();
  await driver?.close();
});

describe('code health runs through every door', () => {
  it('refuses bad input with the contract error before any work, through every door, writing nothing', async () => {
    for (const client of [stdio, http]) {
      expect((await callTool(client, 'analyze_repository', { root: '.' })).error).toMatchObject({ code: 'invalid_input' });
      expect((await callTool(client, 'analyze_repository', { root: fixture.path, cache_policy: 'refresh' })).error).toMatchObject({
        code: 'invalid_input',
      });
      expect((await callTool(client, 'analyze_repository', { root: fixture.path, complexity_threshold: 0 })).error).toMatchObject({
        code: 'invalid_input',
      });
      for (const ref of ['--output=/tmp/x', 'HEAD; rm -rf /', 'a;b']) {
        expect((await callTool(client, 'analyze_changed_paths', { root: fixture.path, git_diff_ref: ref })).error).toMatchObject({
          code: 'invalid_input',
        });
      }
      expect((await callTool(client, 'analyze_changed_paths', { root: fixture.path })).error).toMatchObject({ code: 'invalid_input' });
      expect(
        (await callTool(client, 'analyze_changed_paths', { root: fixture.path, changed_paths: 'src/a.ts,src/b.ts' })).error,
      ).toMatchObject({
        code: 'invalid_input',
      });
      expect((await callTool(client, 'analyze_repository', { root: '/nowhere/indexed' })).error).toMatchObject({
        code: 'invalid_input',
        details: { contract: 'root' },
      });
      expect((await callTool(client, 'get_run_summary', {})).error).toMatchObject({
        code: 'not_found',
        details: { reason: 'run_not_found' },
      });
    }
    expect((await restPost('/api/v1/analysis/runs', { root: '.' })).status).toBe(400);
    expect((await restPost('/api/v1/analysis/changed', { root: fixture.path, git_diff_ref: '--output=x' })).status).toBe(400);
    expect(await cliJson(['analyze', fixture.path, '--diff', 'a;b'], env)).toMatchObject({
      code: 2,
      body: { error: { code: 'invalid_input' } },
    });
    expect(await storedRuns()).toEqual([]);
  });

  it('gives one run id and one report for one commit and settings, whichever door asks', async () => {
    const viaStdio = await callTool<RunSummary>(stdio, 'analyze_repository', { root: fixture.path });
    const [first] = await storedRuns();
    const viaHttp = await callTool(http, 'analyze_repository', { repository: 'health-ts' });
    const viaRest = await restPost('/api/v1/analysis/runs', { root: `${fixture.path}/` });
    const viaCli = await cliJson(['analyze', fixture.path], env);
    expect(viaStdio.data).toMatchObject({
      run_id: first!.runId.slice(0, 8),
      mode: 'full',
      repository: 'health-ts',
      commit: fixture.commitSha,
      inventory: { files: 3, functions: 4, classes: 0 },
      findings: {
        total: 3,
        new: 3,
        known: 0,
        by_family: { clones: 0, complexity: 1, coupling: 0, cohesion: 0, dead_code: 1, dependencies: 1 },
        production: 3,
      },
      cache: { freshness: 'fresh' },
      health: { available: true },
    });
    expect(viaHttp.data).toEqual(viaStdio.data);
    expect(viaRest).toEqual({ status: 200, body: viaStdio.data });
    // The CLI's JSON answer of a write carries its bookmark besides (docs/scaling.md).
    expect(viaCli).toEqual({ code: 0, body: { ...viaStdio.data, bookmark: expect.stringMatching(/^lore-bm1\./) } });
    const runs = await storedRuns();
    expect(runs).toEqual([first]);

    const full = await callTool(stdio, 'get_run_summary', { run_id: first!.runId });
    expect(full.data).toEqual(viaStdio.data);
    expect((await restJson(server.url, `/api/v1/analysis/runs/${viaStdio.data.run_id}`)).body).toEqual(viaStdio.data);
    expect((await callTool(http, 'get_run_summary', { run_id: 'deadbeef' })).error).toMatchObject({ code: 'not_found' });

    const text = await runCli(['analyze', fixture.path], env);
    expect(text.stdout.split('\n')[0]).toBe(`run ${viaStdio.data.run_id}  health-ts@${fixture.commitSha.slice(0, 12)}  (full)`);
  });

  it('lists and reads the same findings through MCP, REST and GraphQL, shaped by detail level', async () => {
    const summary = await callTool<FindingList>(stdio, 'list_findings', {});
    expect(summary.data.items.map((item) => [item.family, item.kind, item.severity, item.locations])).toEqual([
      ['complexity', 'cyclomatic', 'warning', ['src/router.ts:4']],
      ['dead_code', 'unreachable', 'warning', ['src/status.ts:8']],
      ['dependencies', 'import_cycle', 'warning', ['src/router.ts:1', 'src/status.ts:1']],
    ]);
    const rest = await restJson(server.url, '/api/v1/analysis/findings');
    expect(rest.body).toEqual(summary.data);
    const normal = await callTool<FindingList>(http, 'list_findings', { family: 'dead_code', detail_level: 'normal' });
    expect(normal.data.items).toEqual([
      expect.objectContaining({
        status: 'dead',
        confidence: 'high',
        locations: [{ path: 'src/status.ts', line: 8, end_line: 10, symbol: 'formatLegacyStatus' }],
      }),
    ]);
    const ids = summary.data.items.map((item) => item.id);
    const body = await graphql(
      server.url,
      'query F($input: AnalysisFindingsInput!) { analysisFindings(input: $input) { run_id total items { id family metric { name value threshold } } } }',
      {
        input: {},
      },
    );
    expect(body.data!.analysisFindings).toEqual({
      run_id: summary.data.run_id,
      total: 3,
      items: [
        { id: ids[0], family: 'complexity', metric: { name: 'cyclomatic', value: 21, threshold: 20 } },
        { id: ids[1], family: 'dead_code', metric: { name: 'reachability', value: 0, threshold: null } },
        { id: ids[2], family: 'dependencies', metric: { name: 'cycle_length', value: 2, threshold: null } },
      ],
    });

    const finding = await callTool<FindingAnswer>(stdio, 'get_finding', { finding_id: ids[0] });
    expect(finding.data.finding).toMatchObject({
      id: ids[0],
      source_kind: 'production',
      locations: [{ path: 'src/router.ts', line: 4, symbol: 'route' }],
    });
    expect((await restJson(server.url, `/api/v1/analysis/findings/${ids[0]}`)).body).toEqual(finding.data);
    const fullDetail = await callTool<FindingAnswer>(stdio, 'get_finding', { finding_id: ids[0], detail_level: 'full' });
    expect(locationsOf(fullDetail.data.finding)[0]!.uri).toBe(`code://health-ts/${fixture.commitSha}/src/router.ts#L4-L49`);
    expect((await callTool(stdio, 'get_finding', { finding_id: 'nope' })).error).toMatchObject({
      code: 'not_found',
      details: { reason: 'finding_not_found' },
    });
    expect((await restJson(server.url, '/api/v1/analysis/findings/nope')).status).toBe(404);
  });

  it('answers the triage, hotspot, remediation and check tools as projections of the stored report', async () => {
    const triage = await callTool<ProductionTriage>(stdio, 'get_production_triage', { max_hotspots: 2 });
    expect(triage.data.hotspots.map((item) => item.locations)).toEqual([['src/router.ts:4'], ['src/status.ts:8']]);
    expect((await restJson(server.url, '/api/v1/analysis/triage?max_hotspots=2')).body).toEqual(triage.data);
    const complex = triage.data.hotspots[0]!;

    const hotspots = await callTool(http, 'list_hotspots', { kind: 'most_complex' });
    expect(hotspots.data).toEqual({ run_id: triage.data.run_id, kind: 'most_complex', items: [complex] });
    expect((await callTool<FindingList>(stdio, 'list_findings', { family: 'complexity' })).data.items[0]!.source_kind).toBe(
      complex.source_kind,
    );

    const remediation = await callTool(stdio, 'get_remediation', { finding_id: complex.id });
    expect(remediation.data).toMatchObject({
      finding_id: complex.id,
      summary: 'Split the function along its decisions.',
      effort: 'medium',
      locations: [{ path: 'src/router.ts', line: 4, end_line: 49, symbol: 'route' }],
    });
    expect((await restJson(server.url, `/api/v1/analysis/findings/${complex.id}/remediation`)).body).toEqual(remediation.data);

    const quiet = await callTool(stdio, 'check_complexity', { min_complexity: 10_000 });
    expect(quiet.data).toMatchObject({
      family: 'complexity',
      total: 0,
      items: [],
      threshold_context: { metric: 'cyclomatic', threshold: 10_000, measured_units: 4, highest_below_threshold: 21 },
    });
    expect((await restJson(server.url, '/api/v1/analysis/checks/complexity?min_complexity=10000')).body).toEqual(quiet.data);
    const clones = await callTool<CheckResult>(http, 'check_clones', { root: fixture.path });
    expect(clones.data.health.dimensions.map((dimension) => dimension.name)).toEqual(['clones']);
    expect(clones.data).toMatchObject({ family: 'clones', total: 0, items: [], threshold_context: null });
    const dead = await callTool<CheckResult>(stdio, 'check_dead_code', { min_severity: 'warning', detail_level: 'normal' });
    expect(dead.data.items.map((item) => [item.status, item.confidence, locationsOf(item)[0]!.symbol])).toEqual([
      ['dead', 'high', 'formatLegacyStatus'],
    ]);
    expect((await callTool(stdio, 'check_coupling', { root: '.' })).error).toMatchObject({ code: 'invalid_input' });

    const help = await callTool<{ guide: unknown }>(stdio, 'help', { topic: 'review state', detail: 'normal' });
    expect(help.data.guide).toMatchObject({ topic: 'review_state' });
    expect((await callTool<{ guide: unknown }>(stdio, 'help', { topic: 'baseline' })).data.guide).toEqual({
      topic: 'baseline',
      summary:
        'A baseline is a digested snapshot of accepted findings per repository, written by lore analyze --update-baseline (never by MCP); evaluate_gates, generate_pr_summary and lore check count only findings it does not hold as new.',
      details: [],
    });
  });

  it('scopes a run to changed files, keeping the run of the same report', async () => {
    const before = await storedRuns();
    const changed = await callTool(stdio, 'analyze_changed_paths', { root: fixture.path, changed_paths: ['src/status.ts'] });
    expect(changed.data).toMatchObject({
      run_id: before[0]!.runId.slice(0, 8),
      changed_files: ['src/status.ts'],
      verdict: 'findings_in_changed_files',
      new_findings: 2,
      new_by_source_kind: { production: 2, tests: 0, mixed: 0 },
      resolved_findings: 0,
      changed_findings: [],
    });
    const viaDiff = await restPost('/api/v1/analysis/changed', { repository: 'health-ts', git_diff_ref: 'HEAD' });
    expect(viaDiff.body).toMatchObject({ run_id: before[0]!.runId.slice(0, 8), changed_files: [], verdict: 'clean', new_findings: 0 });
    expect((await storedRuns()).map((run) => run.runId)).toEqual([before[0]!.runId]);
  });

  it('registers a new latest run for other settings, and clones_only marks health unavailable', async () => {
    const clonesOnly = await callTool<RunSummary>(stdio, 'analyze_repository', { root: fixture.path, analysis_mode: 'clones_only' });
    expect(clonesOnly.data).toMatchObject({
      mode: 'clones_only',
      health: { available: false, score: null, dimensions: [] },
      findings: { total: 0 },
    });
    expect((await callTool<RunSummary>(http, 'get_run_summary', {})).data.run_id).toBe(clonesOnly.data.run_id);
    expect((await storedRuns()).length).toBe(2);
  });

  it('groups the planted clones of four languages from the fingerprints the index stores', async () => {
    await callTool(stdio, 'analyze_repository', { repository: 'function-bodies' });
    const clones = await callTool<CheckResult>(http, 'check_clones', { detail_level: 'normal' });
    const groups = clones.data.items
      .filter((item) => item.kind === 'function_clone')
      .map((item) => [item.clone_type, item.metric?.value, locationsOf(item).map((location) => `${location.path}#${location.symbol}`)]);
    // Per language: an exact copy, a renamed copy and a near miss of one function are one duplication,
    // as sure as its weakest join (the near miss's similarity); a factory is never a clone of its closure.
    const planted = (path: string, names: string[], similarity: number) => [
      'near_miss',
      similarity,
      names.map((name) => `${path}#${name}`),
    ];
    expect(groups).toEqual([
      planted('ts/clones.ts', ['totalPrice', 'totalPriceAgain', 'sumWeights', 'totalPriceLogged'], 0.688),
      planted(
        'java/bodies/Clones.java',
        ['Clones.totalPrice', 'Clones.totalPriceAgain', 'Clones.sumWeights', 'Clones.totalPriceLogged'],
        0.719,
      ),
      planted('go/clones.go', ['TotalPrice', 'TotalPriceAgain', 'SumWeights', 'TotalPriceLogged'], 0.734),
      planted('py/clones.py', ['total_price', 'total_price_again', 'sum_weights', 'total_price_logged'], 0.563),
    ]);
    // Two option interfaces copied one from the other, names changed: no function body, a block clone of their token windows.
    const blocks = clones.data.items
      .filter((item) => item.kind === 'block_clone')
      .map((item) => [item.clone_type, locationsOf(item).map((location) => `${location.path}:${location.line}-${location.end_line}`)]);
    expect(blocks).toEqual([['exact', ['ts/options.ts:3-8', 'ts/options.ts:11-16']]]);
    expect((await restJson(server.url, '/api/v1/analysis/checks/clones?detail_level=normal')).body).toEqual(clones.data);
  });

  it("answers a symbol's complexity, clone siblings and dead-code finding on GraphQL Symbol, from the latest run of its repository", async () => {
    await callTool(stdio, 'analyze_repository', { repository: 'health-ts' });
    const query = `query S($uid: String!) { symbolNode(uid: $uid) { qualifiedName complexity cognitiveComplexity
      clones { clone_type similarity path symbol } deadCode { status confidence } } }`;
    const ask = async (repository: string, path: string, name: string) =>
      (await graphql(server.url, query, { uid: symbolUid(TENANT, repository, path, name) })).data!.symbolNode;
    expect(await ask('health-ts', 'src/status.ts', 'formatLegacyStatus')).toEqual({
      qualifiedName: 'formatLegacyStatus',
      complexity: 1,
      cognitiveComplexity: 0,
      clones: [],
      deadCode: { status: 'dead', confidence: 'high' },
    });
    expect(await ask('health-ts', 'src/router.ts', 'route')).toMatchObject({ complexity: 21, deadCode: null });
    const sibling = (symbol: string) => ({ clone_type: 'near_miss', similarity: 0.688, path: 'ts/clones.ts', symbol });
    expect(await ask('function-bodies', 'ts/clones.ts', 'totalPrice')).toMatchObject({
      complexity: 5,
      cognitiveComplexity: 5,
      clones: [sibling('totalPriceAgain'), sibling('sumWeights'), sibling('totalPriceLogged')],
    });
  });

  it('takes api_surface on every door (MCP, REST, lore analyze --api-surface): one run holding the public API, refused with clones_only', async () => {
    const viaStdio = await callTool<RunSummary>(stdio, 'analyze_repository', { root: fixture.path, api_surface: true });
    const viaHttp = await callTool(http, 'analyze_repository', { repository: 'health-ts', api_surface: true });
    const viaRest = await restPost('/api/v1/analysis/runs', { root: fixture.path, api_surface: true });
    const viaCli = await cliJson(['analyze', fixture.path, '--api-surface'], env);
    expect(viaHttp.data).toEqual(viaStdio.data);
    expect(viaRest).toEqual({ status: 200, body: viaStdio.data });
    expect(viaCli).toEqual({ code: 0, body: { ...viaStdio.data, bookmark: expect.stringMatching(/^lore-bm1\./) } });
    // Without a baseline the API counts have nothing to compare against.
    expect(viaStdio.data.diff).toMatchObject({ api_breaking_changes: null, new_api_symbols: null });
    const stored = (await storedRuns()).find((run) => run.runId.startsWith(viaStdio.data.run_id))!;
    expect(JSON.parse(stored.report).metrics.api_surface).toEqual([
      { path: 'src/router.ts', line: 4, symbol: 'route', kind: 'function', signature: 'export function route(command: string): string' },
      { path: 'src/router.ts', line: 51, symbol: 'routeName', kind: 'function', signature: 'export function routeName(): string' },
      {
        path: 'src/status.ts',
        line: 3,
        symbol: 'describeStatus',
        kind: 'function',
        signature: 'export function describeStatus(code: number): string',
      },
    ]);
    const changed = await callTool(http, 'analyze_changed_paths', {
      root: fixture.path,
      changed_paths: ['src/status.ts'],
      api_surface: true,
    });
    expect(changed.data).toMatchObject({ run_id: viaStdio.data.run_id, changed_files: ['src/status.ts'] });
    const refused = { root: fixture.path, analysis_mode: 'clones_only', api_surface: true };
    expect(JSON.stringify((await callTool(stdio, 'analyze_repository', refused)).error)).toContain('api_surface needs analysis_mode full');
    expect((await restPost('/api/v1/analysis/runs', refused)).status).toBe(400);
  });
});
