import type { HealthFacts, HealthSymbolRow } from '@lore/graph';
import { healthFile, healthSymbol } from '../../test/health-rows';
import { EvaluateGatesInputSchema } from '@lore/domain/schemas/analysis-review';
import { baselineOf } from '../analysis-review/baselines';
import { evaluateGates } from '../analysis-review/gates';
import { compareReports } from '../analysis-review/run-comparison';
import { type AnalysisSettings, buildReport } from './analysis-report';
import { NO_STORED_BASELINE, runSummary } from './report-views';

/** A public function of api.ts, lines 1-5, of complexity 1. */
function fn(uid: string, fields: Partial<HealthSymbolRow> = {}): HealthSymbolRow {
  return healthSymbol({ uid, path: 'src/api.ts', endLine: 5, exported: true, complexity: 1, cognitiveComplexity: 0, ...fields });
}

/** A library's api.ts: report calls total; leftover is private and nothing calls it (dead). */
const before: HealthFacts = {
  files: [healthFile('src/api.ts', 'typescript', 40)],
  symbols: [fn('total'), fn('report', { startLine: 7, endLine: 11 }), fn('leftover', { startLine: 13, endLine: 15, exported: false })],
  references: [{ fromUid: 'report', toUid: 'total', type: 'CALLS', confidence: 'exact' }],
  imports: [],
};
/** The next commit adds a public function nothing in the repository calls: new API. */
const after: HealthFacts = { ...before, symbols: [...before.symbols, fn('discount', { startLine: 17, endLine: 21 })] };

const settings = (published: boolean): AnalysisSettings => ({
  repository: 'shop',
  commit: 'c1',
  mode: 'full',
  thresholds: { complexity: 20, coupling: 10, cohesion: 4 },
  callsExact: true,
  publication: published
    ? { published: true, by: 'package.json publishes shop (not private)' }
    : { published: false, by: 'an application: package.json publishes no package' },
  namesInCode: { occurrences: new Map(), lines: new Map() },
});
const everySeverity = EvaluateGatesInputSchema.parse({ fail_on_new: ['critical', 'warning', 'info'] });
const titles = (findings: readonly { title: string }[] | undefined) => (findings ?? []).map((finding) => finding.title);

describe("a library's new public function is information, not a regression", () => {
  const [first, second] = [before, after].map((facts) => buildReport(facts, settings(true)));

  it('is listed as information; the findings and their counts stay those of the commit before, and health counts nothing against it', () => {
    expect(titles(first!.findings.information)).toEqual(['report: information: unused in this repository, public API of a library']);
    expect(titles(second!.findings.information)).toEqual([
      'report: information: unused in this repository, public API of a library',
      'discount: information: unused in this repository, public API of a library',
    ]);
    expect(titles(second!.findings.items)).toEqual(['leftover: unreachable']);
    expect(second!.findings.summary).toEqual(first!.findings.summary);
    // Health counts no information item against the code: one dead body of 3, then of 4 (the new one has no finding).
    const deadCodeScore = (report: typeof first) => report!.metrics.summary.health.dimensions.find((d) => d.name === 'dead_code')!.score;
    expect([deadCodeScore(first), deadCodeScore(second)]).toEqual([67, 75]);
    expect(second!.metrics.summary.dead_code_items).toBe(1);
    expect(runSummary(second!, '0.1.0', NO_STORED_BASELINE).findings).toMatchObject({ total: 1, new: 1, known: 0 });
  });

  it('is no compare_runs regression, fails no gate even on new info findings, and no baseline holds it', () => {
    expect(compareReports(first!, second!, 'all')).toMatchObject({
      comparable: true,
      regressions: [],
      improvements: [],
      unchanged: 1,
      health_delta: 3,
      verdict: 'improved',
    });
    expect(evaluateGates(second!, baselineOf(first!), everySeverity)).toMatchObject({
      verdict: 'pass',
      new_findings: [],
      known_findings: 1,
      gates: [
        {
          gate: 'new_findings',
          passed: true,
          threshold: 'no new critical or warning or info finding',
          measured: '0 new (0 critical, 0 warning, 0 info)',
        },
      ],
    });
    expect(baselineOf(second!).findings.map((finding) => finding.title)).toEqual(['leftover: unreachable']);
  });

  it('in an application the same new function is an unknown finding (info), never dead: only a gate on info fails on it', () => {
    const [app1, app2] = [before, after].map((facts) => buildReport(facts, settings(false)));
    expect(app2!.findings.information).toBeUndefined();
    expect(compareReports(app1!, app2!, 'all').regressions.map((finding) => [finding.title, finding.severity])).toEqual([
      ['discount: reachability unknown', 'info'],
    ]);
    expect(evaluateGates(app2!, baselineOf(app1!), EvaluateGatesInputSchema.parse({})).verdict).toBe('pass');
    expect(evaluateGates(app2!, baselineOf(app1!), everySeverity)).toMatchObject({
      verdict: 'fail',
      new_findings: [{ title: 'discount: reachability unknown', severity: 'info' }],
    });
  });
});
