import '@microsoft/jest-sarif';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Driver } from 'neo4j-driver';
import { chromium } from 'playwright-core';
import {
  CompareRunsResultSchema,
  GateEvaluationSchema,
  type CompareRunsResult,
  type FindingDelta,
  type GateEvaluation,
  type PrSummary,
} from '@lore/domain/schemas/analysis-review';
import type { CheckResult, RunSummary } from '@lore/domain/schemas/code-health';
import { gitFixture, gitIn, type FixtureRepository } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { runCli, startServer, waitUntilReady, type RunningServer } from '../support/processes';
import { askEveryDoor, type Capability, cliJson, connectMcp, type Doors, type McpDoor, restJson, toolErrorAnswer } from './doors';

/**
 * Analysis in review and CI over the health-ts fixture at two commits: the second adds an exact clone
 * (invoiceTotal / quoteTotal) and a complex function (shippingRate, cyclomatic 21), with a test and a
 * README naming them, and removes the dead formatLegacyStatus. compare_runs, evaluate_gates and the PR
 * summary through every door, lore check's exit codes and SARIF, the codeclone:// resources and the
 * session review markers.
 */
const TENANT = 'review-e2e';
// Room for every run these tests register (the coverage runs too): runBefore must stay readable.
const env = { LORE_TENANT: TENANT, LORE_ANALYSIS_HISTORY_LIMIT: '10' };
const REPOSITORY = 'review-ts';

const PRICING = `/** Sums a list of priced lines. */
export function invoiceTotal(lines: { price: number; quantity: number }[]): number {
  let total = 0;
  for (const line of lines) {
    if (line.quantity > 0) {
      total += line.price * line.quantity;
    }
  }
  const rounded = Math.round(total * 100) / 100;
  return rounded > 0 ? rounded : 0;
}

/** The same body under another name: an exact clone. */
export function quoteTotal(lines: { price: number; quantity: number }[]): number {
  let total = 0;
  for (const line of lines) {
    if (line.quantity > 0) {
      total += line.price * line.quantity;
    }
  }
  const rounded = Math.round(total * 100) / 100;
  return rounded > 0 ? rounded : 0;
}

/** Ten conditions of two operands each: cyclomatic complexity 21. */
export function shippingRate(weight: number, zone: string, express: boolean): number {
  let rate = 1;
  if (zone === 'eu' && weight > 1) rate += 1;
  if (zone === 'us' && weight > 2) rate += 2;
  if (zone === 'uk' && weight > 3) rate += 3;
  if (zone === 'ca' && weight > 4) rate += 4;
  if (zone === 'au' && weight > 5) rate += 5;
  if (zone === 'jp' && weight > 6) rate += 6;
  if (zone === 'br' && weight > 7) rate += 7;
  if (zone === 'in' && weight > 8) rate += 8;
  if (zone === 'za' && weight > 9) rate += 9;
  if (express && weight > 10) rate *= 2;
  return rate;
}
`;
const PRICING_TEST = `import { invoiceTotal } from './pricing';

it('totals an invoice', () => {
  invoiceTotal([{ price: 2, quantity: 3 }]);
});
`;
const README = '# Pricing\n\n`invoiceTotal` sums an invoice.\n';
const STATUS_WITHOUT_DEAD_CODE = `import { routeName } from './router';

export function describeStatus(code: number): string {
  return \`\${routeName()}:\${code}\`;
}
`;

let driver: Driver;
let server: RunningServer;
let stdio: Client;
let http: Client;
let fixture: FixtureRepository;
let runBefore: string;
let runAfter: string;
let workDir: string;

async function callTool<T>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ data: T; error: { code: string; details: Record<string, unknown> } | null }> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError)
    return { data: null as T, error: toolErrorAnswer(result).error as { code: string; details: Record<string, unknown> } };
  return { data: (result.structuredContent as { data: T }).data, error: null };
}

async function readJson(client: Client, uri: string): Promise<Record<string, unknown>> {
  const result = await client.readResource({ uri });
  return JSON.parse((result.contents[0] as { text: string }).text) as Record<string, unknown>;
}

function doors(): Doors {
  return {
    url: server.url,
    env,
    mcp: new Map<McpDoor, Client>([
      ['stdio', stdio],
      ['http 2026-07-28', http],
    ]),
  };
}

/** A finding as the test names it: family, kind and where. */
const shape = (finding: FindingDelta) => ({ family: finding.family, kind: finding.kind, locations: finding.locations });

const COMPARE: Capability = {
  tool: 'compare_runs',
  graphqlField: 'analysisComparison',
  graphqlInput: 'CompareRunsInput',
  result: CompareRunsResultSchema,
  restPath: '/api/v1/analysis/compare',
  cli: [],
};
const GATES: Capability = {
  tool: 'evaluate_gates',
  graphqlField: 'analysisGates',
  graphqlInput: 'EvaluateGatesInput',
  result: GateEvaluationSchema,
  restPath: '/api/v1/analysis/gates',
  cli: [],
};

async function analyze(): Promise<string> {
  const answer = await callTool<{ run_id: string }>(stdio, 'analyze_repository', { repository: REPOSITORY });
  expect(answer.error).toBeNull();
  return answer.data.run_id;
}

beforeAll(async () => {
  driver = testDriver();
  await wipeGraph(driver);
  workDir = mkdtempSync(join(tmpdir(), 'lore-review-'));
  fixture = gitFixture('health-ts');
  expect((await cliJson(['index', fixture.path, '--name', REPOSITORY], env)).code).toBe(0);
  server = await startServer(env);
  await waitUntilReady(server.url);
  stdio = await connectMcp('stdio', server.url, env);
  http = await connectMcp('http 2026-07-28', server.url, env);
  runBefore = await analyze();
  // The first commit's findings are the accepted debt: stored, and written to a file for lore check --baseline <file>.
  const baseline = await runCli(['analyze', fixture.path, '--update-baseline', join(workDir, 'baseline.json')], env);
  expect(baseline.code).toBe(0);
  writeFileSync(join(fixture.path, 'src', 'pricing.ts'), PRICING);
  writeFileSync(join(fixture.path, 'src', 'pricing.test.ts'), PRICING_TEST);
  writeFileSync(join(fixture.path, 'README.md'), README);
  writeFileSync(join(fixture.path, 'src', 'status.ts'), STATUS_WITHOUT_DEAD_CODE);
  gitIn(fixture.path, ['add', '-A']);
  gitIn(fixture.path, ['commit', '-q', '-m', 'pricing; no legacy status']);
  expect((await cliJson(['index', fixture.path, '--name', REPOSITORY], env)).code).toBe(0);
  runAfter = await analyze();
}, 240_000);

afterAll(async () => {
  await stdio?.close();
  await http?.close();
  await server?.stop();
  await driver?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('compare_runs', () => {
  it('lists exactly the added clone and complex function as regressions and the removed dead function as an improvement, through every door', async () => {
    const input = { run_id_before: runBefore, run_id_after: runAfter };
    const answers = await askEveryDoor(
      doors(),
      { ...COMPARE, cli: ['analyze', 'compare', runBefore, runAfter, '--json'] },
      input,
      new URLSearchParams(input).toString(),
    );
    const rest = answers.rest as CompareRunsResult;
    for (const answer of Object.values(answers)) expect(answer).toEqual(rest);
    expect(rest).toMatchObject({ run_id_before: runBefore, run_id_after: runAfter, focus: 'all', comparable: true, reason: null });
    expect(rest.regressions.map(shape)).toEqual([
      { family: 'clones', kind: 'function_clone', locations: ['src/pricing.ts:2', 'src/pricing.ts:14'] },
      { family: 'complexity', kind: 'cyclomatic', locations: ['src/pricing.ts:26'] },
    ]);
    expect(rest.improvements.map(shape)).toEqual([{ family: 'dead_code', kind: 'unreachable', locations: ['src/status.ts:8'] }]);
    expect(rest.health_delta).toBe(rest.health_after! - rest.health_before!);
    expect(rest.health_delta).toBeLessThan(0);
    expect(rest.verdict).toBe('regressed');
  });

  it('check_dead_code lists the new public functions of the library as information, which no regression above holds', async () => {
    const mcp = await callTool<CheckResult>(stdio, 'check_dead_code', { run_id: runAfter });
    const rest = await restJson(server.url, `/api/v1/analysis/checks/dead-code?run_id=${runAfter}`);
    expect(rest.body).toEqual(mcp.data);
    expect(mcp.data.items.map((item) => [item.kind, item.severity, item.title, item.locations])).toEqual([
      ['unused_public_api', 'info', 'shippingRate: information: unused in this repository, public API of a library', ['src/pricing.ts:26']],
      ['unused_public_api', 'info', 'quoteTotal: information: unused in this repository, public API of a library', ['src/pricing.ts:14']],
    ]);
    expect((await callTool<CheckResult>(http, 'check_dead_code', { run_id: runAfter, min_severity: 'warning' })).data.total).toBe(0);
  });

  it('calls runs of different settings incomparable (empty lists, null delta), and another tenant’s run not found', async () => {
    const strict = await callTool<{ run_id: string }>(stdio, 'analyze_repository', { repository: REPOSITORY, complexity_threshold: 5 });
    const answer = await callTool<CompareRunsResult>(http, 'compare_runs', { run_id_before: runAfter, run_id_after: strict.data.run_id });
    expect(answer.data).toMatchObject({
      comparable: false,
      regressions: [],
      improvements: [],
      unchanged: null,
      health_delta: null,
      verdict: 'incomparable',
    });
    expect(answer.data.reason).toMatch(/different thresholds/);
    const otherTenant = await cliJson(['analyze', 'compare', runBefore, runAfter, '--json'], { LORE_TENANT: 'someone-else' });
    expect(otherTenant).toMatchObject({ code: 3, body: { error: { code: 'not_found', details: { reason: 'run_not_found' } } } });
    await analyze(); // the latest is runAfter again
  });
});

describe('baselines, evaluate_gates and lore check', () => {
  it('fails only on the findings the baseline does not hold, through every door', async () => {
    const input = { run_id: runAfter };
    const answers = await askEveryDoor(doors(), { ...GATES, cli: ['analyze', 'gates', runAfter, '--json'] }, input, `run_id=${runAfter}`);
    const rest = answers.rest as GateEvaluation;
    for (const answer of Object.values(answers)) expect(answer).toEqual(rest);
    expect(rest.verdict).toBe('fail');
    expect(rest.baseline).toMatchObject({ status: 'trusted', created_from_run: runBefore });
    expect(rest.new_findings.map(shape)).toEqual([
      { family: 'clones', kind: 'function_clone', locations: ['src/pricing.ts:2', 'src/pricing.ts:14'] },
      { family: 'complexity', kind: 'cyclomatic', locations: ['src/pricing.ts:26'] },
    ]);
    // The legacy complexity (route) and import cycle are known: they never fail a gate.
    expect(rest.known_findings).toBe(2);
    expect(rest.gates).toEqual([
      {
        gate: 'new_findings',
        passed: false,
        threshold: 'no new critical or warning finding',
        measured: '2 new (0 critical, 2 warning, 0 info)',
      },
    ]);
    const withoutBaseline = await callTool<GateEvaluation>(stdio, 'evaluate_gates', { run_id: runBefore, baseline: 'none' });
    expect(withoutBaseline.data).toMatchObject({ verdict: 'fail', baseline: { status: 'ignored' }, known_findings: 0 });
  });

  it('refuses coverage gates on a run without a coverage join, as a contract error', async () => {
    const answer = await callTool(http, 'evaluate_gates', { fail_on_untested_hotspots: true });
    expect(answer.error).toMatchObject({ code: 'invalid_input', details: { contract: 'coverage_join' } });
  });

  it('joins the Cobertura fixture into a run, and gates on untested hotspots and coverage, through every door', async () => {
    const covered = await callTool<RunSummary>(stdio, 'analyze_repository', {
      repository: REPOSITORY,
      coverage_xml: 'reports/cobertura.xml',
    });
    expect(covered.error).toBeNull();
    expect(covered.data.coverage_join).toEqual({
      status: 'ok',
      invalid_reason: null,
      overall_permille: 152,
      coverage_hotspots: 1,
      scope_gap_hotspots: 1,
      hotspot_threshold_percent: 50,
    });
    // The summary judges against the stored baseline (the first commit's findings): the route complexity and the cycle are known.
    expect(covered.data.baseline).toMatchObject({ status: 'trusted', created_from_run: runBefore, untrusted_reason: null });
    expect(covered.data.findings).toMatchObject({ total: 4, new: 2, known: 2 });
    const coverageRun = covered.data.run_id;
    expect(coverageRun).not.toBe(runAfter);
    expect((await restJson(server.url, `/api/v1/analysis/runs/${coverageRun}`)).body).toEqual(covered.data);

    const input = { run_id: coverageRun, fail_on_untested_hotspots: true, coverage_min: 15 };
    const answers = await askEveryDoor(
      doors(),
      { ...GATES, cli: ['analyze', 'gates', coverageRun, '--fail-on-untested-hotspots', '--coverage-min', '15', '--json'] },
      input,
      `run_id=${coverageRun}&fail_on_untested_hotspots=true&coverage_min=15`,
    );
    const rest = answers.rest as GateEvaluation;
    for (const answer of Object.values(answers)) expect(answer).toEqual(rest);
    expect(rest.gates).toEqual([
      {
        gate: 'new_findings',
        passed: false,
        threshold: 'no new critical or warning finding',
        measured: '2 new (0 critical, 2 warning, 0 info)',
      },
      {
        gate: 'untested_hotspots',
        passed: false,
        threshold: 'no new complex production function below 50% line coverage or outside the coverage report',
        measured: '1 new untested hotspot(s): shippingRate (src/pricing.ts:26, not in the coverage report); 1 known',
      },
      { gate: 'coverage_min', passed: true, threshold: 'line coverage >= 15%', measured: 'line coverage 15.2% (7 of 46 lines)' },
    ]);

    const detail = await callTool<{ content: Record<string, unknown> }>(http, 'get_report_section', {
      run_id: coverageRun,
      section: 'metrics_detail',
      family: 'coverage_join',
      path: 'src/router.ts',
    });
    expect(detail.data.content).toMatchObject({
      coverage_join: { status: 'ok', source: 'reports/cobertura.xml', lines_valid: 46, lines_covered: 7, unmatched_files: 1, files: 2 },
      total: 2,
      items: [
        {
          family: 'coverage_join',
          path: 'src/router.ts',
          line: 4,
          end_line: 49,
          symbol: 'route',
          cyclomatic: 21,
          lines_valid: 43,
          lines_covered: 5,
          coverage_permille: 116,
          coverage_status: 'measured',
          hotspot: 'coverage',
        },
        {
          family: 'coverage_join',
          path: 'src/router.ts',
          line: 51,
          end_line: 53,
          symbol: 'routeName',
          cyclomatic: 1,
          lines_valid: 1,
          lines_covered: 1,
          coverage_permille: 1000,
          coverage_status: 'measured',
          hotspot: null,
        },
      ],
    });

    // lore check: the untested hotspot alone fails the step (5); the coverage minimum alone passes (0).
    const coverageXml = join(fixture.path, 'reports', 'cobertura.xml');
    const hotspots = await runCli(
      ['check', fixture.path, '--coverage-xml', coverageXml, '--fail-on', '', '--fail-on-untested-hotspots', '--json'],
      env,
    );
    expect(hotspots.code).toBe(5);
    expect((JSON.parse(hotspots.stdout) as GateEvaluation).gates.map((gate) => [gate.gate, gate.passed])).toEqual([
      ['untested_hotspots', false],
    ]);
    expect((await runCli(['check', fixture.path, '--coverage-xml', coverageXml, '--fail-on', '', '--coverage-min', '15'], env)).code).toBe(
      0,
    );
    await analyze(); // the latest is runAfter again
  });

  it('makes an invalid Cobertura file an invalid join, not a failed run, and refuses coverage outside the repository', async () => {
    const invalid = await fetch(`${server.url}/api/v1/analysis/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repository: REPOSITORY, coverage_xml: 'reports/truncated.xml' }),
    });
    expect(invalid.status).toBe(200);
    const summary = (await invalid.json()) as RunSummary;
    expect(summary.coverage_join).toMatchObject({ status: 'invalid', overall_permille: null, coverage_hotspots: 0 });
    expect(summary.coverage_join!.invalid_reason).toMatch(/^not well-formed XML at line \d+, column \d+: /);
    const gated = await callTool(stdio, 'evaluate_gates', { run_id: summary.run_id, coverage_min: 10 });
    expect(gated.error).toMatchObject({
      code: 'invalid_input',
      details: {
        contract: 'coverage_join',
        reason: 'invalid',
        run_id: summary.run_id,
        invalid_reason: summary.coverage_join!.invalid_reason,
      },
    });

    const outside = await cliJson(['analyze', fixture.path, '--coverage-xml', join(workDir, 'baseline.json'), '--json'], env);
    expect(outside).toMatchObject({
      code: 2,
      body: { error: { code: 'invalid_input', details: { contract: 'coverage_xml', reason: 'outside_root' } } },
    });
    expect((await callTool(http, 'analyze_repository', { repository: REPOSITORY, coverage_xml: '../cobertura.xml' })).error).toMatchObject({
      code: 'invalid_input',
      details: { contract: 'coverage_xml', reason: 'outside_root' },
    });
    const clonesOnly = await callTool(http, 'analyze_repository', {
      repository: REPOSITORY,
      analysis_mode: 'clones_only',
      coverage_xml: 'reports/cobertura.xml',
    });
    expect(clonesOnly.error).toMatchObject({ code: 'invalid_input' });
    expect(JSON.stringify(clonesOnly.error)).toContain('coverage_xml needs analysis_mode full');
    await analyze(); // the latest is runAfter again
  });

  it('lists the new findings of the changed files and the impact, in Markdown and JSON, over MCP and REST', async () => {
    const input = { run_id: runAfter, changed_paths: ['src/pricing.ts', 'src/status.ts'], format: 'json' };
    const json = await callTool<PrSummary>(stdio, 'generate_pr_summary', input);
    expect(json.error).toBeNull();
    const rest = await restJson(
      server.url,
      `/api/v1/analysis/pr-summary?run_id=${runAfter}&changed_paths=src/pricing.ts,src/status.ts&format=json`,
    );
    expect(rest.body).toEqual(json.data);
    expect(json.data).toMatchObject({
      format: 'json',
      markdown: null,
      gate_verdict: 'fail',
      changed_files: ['src/pricing.ts', 'src/status.ts'],
    });
    expect(json.data.new_findings.map(shape)).toEqual([
      { family: 'clones', kind: 'function_clone', locations: ['src/pricing.ts:2', 'src/pricing.ts:14'] },
      { family: 'complexity', kind: 'cyclomatic', locations: ['src/pricing.ts:26'] },
    ]);
    expect(json.data.resolved_findings.map((finding) => finding.kind)).toEqual(['unreachable']);
    expect(json.data.impact.tests_to_run).toEqual(['src/pricing.test.ts: totals an invoice']);
    expect(json.data.impact.documents).toEqual(['README.md#Pricing']);
    expect(json.data.impact.affected_symbols).toContain('route');

    const markdown = await callTool<PrSummary>(http, 'generate_pr_summary', { ...input, format: 'markdown' });
    expect(markdown.data.markdown).toContain('**Gate: FAIL**');
    expect(markdown.data.markdown).toContain('- Tests to run (1): `src/pricing.test.ts: totals an invoice`');
  });
  it('lore check exits 5 on the new findings, 0 with them accepted, 2 on a baseline edited by hand; its SARIF validates', async () => {
    const sarifPath = join(workDir, 'out.sarif');
    const markdownPath = join(workDir, 'summary.md');
    const failing = await runCli(
      ['check', fixture.path, '--baseline', join(workDir, 'baseline.json'), '--sarif', sarifPath, '--markdown', markdownPath],
      env,
    );
    expect(failing.code).toBe(5);
    expect(failing.stdout).toMatch(/^gates FAIL/);
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8')) as { runs: { results: { ruleId: string; baselineState: string }[] }[] };
    expect(sarif).toBeValidSarifLog();
    expect(sarif.runs[0]!.results.map((result) => [result.ruleId, result.baselineState]).sort()).toEqual([
      ['clones/function_clone', 'new'],
      ['complexity/cyclomatic', 'new'],
      ['complexity/cyclomatic', 'unchanged'],
      ['dependencies/import_cycle', 'unchanged'],
    ]);
    expect(readFileSync(markdownPath, 'utf8')).toContain('**Gate: FAIL**');

    const edited = JSON.parse(readFileSync(join(workDir, 'baseline.json'), 'utf8')) as { findings: unknown[] };
    edited.findings = [];
    writeFileSync(join(workDir, 'edited.json'), JSON.stringify(edited));
    const tampered = await runCli(['check', fixture.path, '--baseline', join(workDir, 'edited.json'), '--json'], env);
    expect(tampered.code).toBe(2);
    expect(JSON.parse(tampered.stdout)).toMatchObject({
      error: { code: 'invalid_input', details: { contract: 'baseline', reason: 'digest_mismatch' } },
    });

    expect((await runCli(['analyze', fixture.path, '--update-baseline'], env)).code).toBe(0);
    expect((await runCli(['check', fixture.path], env)).code).toBe(0);
    runAfter = await analyze();
  });
});

describe('review markers and the codeclone:// resources', () => {
  it('answers every resource URI, moves latest with each run, and keeps review markers per session', async () => {
    expect(await readJson(stdio, 'codeclone://latest/summary')).toMatchObject({ run_id: runAfter, repository: REPOSITORY });
    expect(await readJson(stdio, 'codeclone://latest/health')).toMatchObject({ run_id: runAfter, health: { available: true } });
    expect(await readJson(stdio, 'codeclone://latest/triage')).toMatchObject({ run_id: runAfter });
    const report = await readJson(stdio, 'codeclone://latest/report.json');
    expect((report.integrity as { digest: string }).digest.slice(0, 8)).toBe(runAfter);
    expect((await callTool<{ content: unknown }>(stdio, 'get_report_section', { section: 'all' })).data.content).toEqual(report);
    expect(await readJson(stdio, 'codeclone://runs/' + runBefore + '/summary')).toMatchObject({ run_id: runBefore });
    expect(((await readJson(stdio, `codeclone://runs/${runBefore}/report.json`)).integrity as { digest: string }).digest.slice(0, 8)).toBe(
      runBefore,
    );
    const schema = await readJson(stdio, 'codeclone://schema');
    expect(schema.sections).toContain('metrics_detail');

    await expect(stdio.readResource({ uri: 'codeclone://latest/changed' })).rejects.toThrow();
    await callTool(stdio, 'analyze_changed_paths', { repository: REPOSITORY, changed_paths: ['src/pricing.ts'] });
    expect(await readJson(stdio, 'codeclone://latest/changed')).toMatchObject({ changed_files: ['src/pricing.ts'] });

    const findings = await callTool<{ items: { id: string }[] }>(stdio, 'list_findings', { run_id: runAfter });
    const findingId = findings.data.items[0]!.id;
    expect(await readJson(stdio, `codeclone://runs/${runAfter}/findings/${findingId}`)).toMatchObject({ id: findingId });

    // The earlier tests evaluated gates as this principal: a cleared session has none.
    await callTool(http, 'clear_session_runs', {});
    await expect(http.readResource({ uri: 'codeclone://latest/gates' })).rejects.toThrow();
    await callTool(http, 'evaluate_gates', { run_id: runAfter });
    expect(await readJson(http, 'codeclone://latest/gates')).toMatchObject({ run_id: runAfter });

    const marked = await callTool<{ finding_id: string; note: string }>(http, 'mark_finding_reviewed', {
      finding_id: findingId,
      run_id: runAfter,
      note: 'accepted',
    });
    expect(marked.data).toMatchObject({ finding_id: findingId, note: 'accepted' });
    const listed = await callTool<{ items: { finding_id: string }[] }>(http, 'list_reviewed_findings', { run_id: runAfter });
    expect(listed.data.items.map((item) => item.finding_id)).toEqual([findingId]);
    expect((await callTool(http, 'mark_finding_reviewed', { finding_id: 'CX-000000', run_id: runAfter })).error).toMatchObject({
      code: 'not_found',
      details: { reason: 'finding_not_found' },
    });
    expect(await callTool(http, 'clear_session_runs', {})).toMatchObject({
      data: { cleared_reviews: 1, cleared_gate_evaluation: true, runs_kept: true },
    });
    expect((await callTool<{ items: unknown[] }>(http, 'list_reviewed_findings', { run_id: runAfter })).data.items).toEqual([]);
    await expect(http.readResource({ uri: 'codeclone://latest/gates' })).rejects.toThrow();
  });
});

const CHROMIUM = process.env.LORE_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'analysis');
const browserTest = existsSync(CHROMIUM) ? it : it.skip;
if (!existsSync(CHROMIUM)) {
  process.stderr.write(
    `[tests] skipped: the browser test of /analysis, because there is no Chromium at ${CHROMIUM} (apt-get install chromium, or set LORE_CHROMIUM)\n`,
  );
}

describe('the analysis page', () => {
  browserTest('draws health over the stored runs, lists the hotspots and shows a hotspot’s code', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${server.url}/analysis`);
      await page.locator('#plot svg polyline[data-series="health"]').waitFor();
      const runs = (
        (await await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ analysisRuns(input: {}) { items { run_id } } }' }),
        }).then((response) => response.json())) as { data: { analysisRuns: { items: { run_id: string }[] } } }
      ).data.analysisRuns.items;
      // One point per stored run on the health line, each run named on the axis.
      expect(await page.locator('#plot svg polyline[data-series="health"]').getAttribute('points')).toMatch(
        new RegExp(`^(\\S+ ){${runs.length - 1}}\\S+$`),
      );
      for (const run of runs) expect(await page.locator('#plot svg text', { hasText: run.run_id }).count()).toBeGreaterThan(0);
      const hotspots = page.locator('#hotspot-list li button');
      await hotspots.first().waitFor();
      expect(await hotspots.allInnerTexts()).toContainEqual(expect.stringContaining('shippingRate: cyclomatic complexity 21'));
      await hotspots.filter({ hasText: 'shippingRate' }).click();
      await page.locator('#span-text', { hasText: 'export function shippingRate' }).waitFor();
      await page.click('#compare');
      await page.locator('#verdict', { hasText: /improved|regressed|stable|mixed|incomparable/ }).waitFor();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'analysis-page.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
