import type { Principal } from '@lore/domain';
import { EvaluateGatesInputSchema } from '@lore/domain/schemas/analysis-review';
import type { Finding, Report } from '@lore/domain/schemas/code-health';
import { baselineOf, trustedBaseline } from './baselines';
import { evaluateGates } from './gates';
import { ReviewSessions } from './review-session';
import { compareReports } from './run-comparison';

/** A report holding just what these rules read: findings, health, meta and the digest. */
function report(findings: Partial<Finding>[], health: number | null, meta: Partial<Report['meta']> = {}, digest = 'a'.repeat(64)): Report {
  return {
    meta: {
      tool: 'lore',
      repository: 'shop',
      commit: 'c1',
      mode: 'full',
      analysis_thresholds: { design_findings: { complexity: 20, coupling: 10, cohesion: 4, near_miss_similarity: 0.5 } },
      gaps: [],
      ...meta,
    },
    findings: {
      items: findings.map((finding) => ({
        id: finding.canonical_id!.slice(0, 9),
        family: 'complexity',
        kind: 'cyclomatic',
        severity: 'warning',
        source_kind: 'production',
        title: finding.canonical_id!,
        message: '',
        locations: [{ path: 'src/a.ts', line: 1, end_line: 2, symbol: null }],
        ...finding,
      })),
    },
    metrics: { summary: { health: { available: health !== null, score: health, grade: null, dimensions: [] } } },
    integrity: { digest },
  } as unknown as Report;
}

describe('compare_runs', () => {
  it('matches findings by canonical id and subtracts health: after minus before', () => {
    const before = report([{ canonical_id: 'complexity:1' }, { canonical_id: 'complexity:2' }], 80);
    const after = report([{ canonical_id: 'complexity:2' }, { canonical_id: 'complexity:3', locations: [] }], 75, {}, 'b'.repeat(64));
    const result = compareReports(before, after, 'all');
    expect(result.regressions.map((finding) => finding.canonical_id)).toEqual(['complexity:3']);
    expect(result.improvements.map((finding) => finding.canonical_id)).toEqual(['complexity:1']);
    expect(result).toMatchObject({
      run_id_before: 'aaaaaaaa',
      run_id_after: 'bbbbbbbb',
      unchanged: 1,
      health_delta: -5,
      verdict: 'regressed',
    });
  });

  it('is mixed when findings improve but health drops, and incomparable across repositories', () => {
    const before = report([{ canonical_id: 'complexity:1' }], 90);
    const after = report([], 85);
    expect(compareReports(before, after, 'all')).toMatchObject({ health_delta: -5, verdict: 'mixed' });
    expect(compareReports(before, report([], 85, { repository: 'other' }), 'all')).toEqual({
      run_id_before: 'aaaaaaaa',
      run_id_after: 'aaaaaaaa',
      focus: 'all',
      comparable: false,
      reason: 'The runs are of different repositories (shop, other).',
      regressions: [],
      improvements: [],
      unchanged: null,
      health_before: 90,
      health_after: 85,
      health_delta: null,
      verdict: 'incomparable',
    });
  });

  it('leaves test findings out with focus production', () => {
    const after = report([{ canonical_id: 'complexity:9', source_kind: 'tests' }], 90);
    expect(compareReports(report([], 90), after, 'production')).toMatchObject({ regressions: [], verdict: 'stable' });
  });
});

describe('baselines and gates', () => {
  it('trusts a baseline only while its digest matches its content', () => {
    const baseline = baselineOf(report([{ canonical_id: 'complexity:1' }], 70));
    expect(trustedBaseline(JSON.stringify(baseline), 'file')).toEqual(baseline);
    const edited = { ...baseline, findings: [] };
    expect(() => trustedBaseline(JSON.stringify(edited), 'file')).toThrow(/edited/);
    expect(() => trustedBaseline('{', 'file')).toThrow(/not JSON/);
  });

  it('fails only on new findings, and on health only below the baseline’s too', () => {
    const baseline = baselineOf(report([{ canonical_id: 'complexity:1', severity: 'critical' }], 60));
    const query = EvaluateGatesInputSchema.parse({ health_min: 80 });
    const legacyOnly = evaluateGates(report([{ canonical_id: 'complexity:1', severity: 'critical' }], 60), baseline, query);
    expect(legacyOnly).toMatchObject({ verdict: 'pass', known_findings: 1, new_findings: [] });
    const worse = evaluateGates(report([{ canonical_id: 'complexity:1' }, { canonical_id: 'complexity:2' }], 55), baseline, query);
    expect(worse.gates).toEqual([
      {
        gate: 'new_findings',
        passed: false,
        threshold: 'no new critical or warning finding',
        measured: '1 new (0 critical, 1 warning, 0 info)',
      },
      { gate: 'health_min', passed: false, threshold: "health >= 80 or >= the baseline's 60", measured: 'health 55' },
    ]);
    expect(() => evaluateGates(report([], 90), null, EvaluateGatesInputSchema.parse({ coverage_min: 80 }))).toThrow(/coverage join/);
  });

  /** A run with a coverage join: route (a legacy complexity finding) at 11.6%, shippingRate (a new one) outside the report. */
  function covered(status: 'ok' | 'invalid' = 'ok'): Report {
    const run = report(
      [
        { canonical_id: 'complexity:route', locations: [{ path: 'src/router.ts', line: 4, end_line: 49, symbol: 'route' }] },
        { canonical_id: 'complexity:ship', locations: [{ path: 'src/pricing.ts', line: 26, end_line: 39, symbol: 'shippingRate' }] },
      ],
      70,
    );
    const hotspot = (path: string, line: number, symbol: string, permille: number | null, kind: 'coverage' | 'scope_gap') => ({
      path,
      line,
      end_line: line + 10,
      symbol,
      cyclomatic: 21,
      lines_valid: permille === null ? 0 : 43,
      lines_covered: permille === null ? 0 : 5,
      coverage_permille: permille,
      coverage_status: permille === null ? 'not_in_report' : 'measured',
      hotspot: kind,
    });
    run.metrics.coverage_join = {
      status,
      invalid_reason: status === 'ok' ? null : 'not well-formed XML at line 9, column 1: Unclosed tag',
      source: 'reports/cobertura.xml',
      overall_permille: status === 'ok' ? 152 : null,
      lines_valid: 46,
      lines_covered: 7,
      hotspot_threshold_percent: 50,
      coverage_hotspots: 1,
      scope_gap_hotspots: 1,
      unmatched_files: 0,
      files: [],
      functions: [hotspot('src/pricing.ts', 26, 'shippingRate', null, 'scope_gap'), hotspot('src/router.ts', 4, 'route', 116, 'coverage')],
    } as never;
    return run;
  }

  it('fails untested hotspots only where their complexity finding is new, and coverage below coverage_min', () => {
    const baseline = baselineOf(report([{ canonical_id: 'complexity:route' }], 70));
    const query = EvaluateGatesInputSchema.parse({ fail_on_new: [], fail_on_untested_hotspots: true, coverage_min: 20 });
    expect(evaluateGates(covered(), baseline, query).gates).toEqual([
      {
        gate: 'untested_hotspots',
        passed: false,
        threshold: 'no new complex production function below 50% line coverage or outside the coverage report',
        measured: '1 new untested hotspot(s): shippingRate (src/pricing.ts:26, not in the coverage report); 1 known',
      },
      { gate: 'coverage_min', passed: false, threshold: 'line coverage >= 20%', measured: 'line coverage 15.2% (7 of 46 lines)' },
    ]);
    const accepted = baselineOf(covered());
    const legacy = evaluateGates(
      covered(),
      accepted,
      EvaluateGatesInputSchema.parse({ fail_on_untested_hotspots: true, coverage_min: 15 }),
    );
    expect(legacy.verdict).toBe('pass');
    expect(legacy.gates.map((gate) => [gate.gate, gate.passed, gate.measured])).toEqual([
      ['new_findings', true, '0 new (0 critical, 0 warning, 0 info)'],
      ['untested_hotspots', true, '0 new untested hotspot(s); 2 known'],
      ['coverage_min', true, 'line coverage 15.2% (7 of 46 lines)'],
    ]);
    const withoutBaseline = evaluateGates(covered(), null, EvaluateGatesInputSchema.parse({ fail_on_untested_hotspots: true }));
    expect(withoutBaseline.gates[1]!.measured).toBe(
      '2 new untested hotspot(s): shippingRate (src/pricing.ts:26, not in the coverage report), route (src/router.ts:4, 11.6% of 43 lines); 0 known',
    );
  });

  it('refuses a coverage gate on an invalid join as the seed’s contract error, with the reason', () => {
    const query = EvaluateGatesInputSchema.parse({ fail_on_untested_hotspots: true });
    expect(() => evaluateGates(covered('invalid'), null, query)).toThrow(
      expect.objectContaining({
        code: 'invalid_input',
        details: {
          contract: 'coverage_join',
          reason: 'invalid',
          run_id: 'aaaaaaaa',
          invalid_reason: 'not well-formed XML at line 9, column 1: Unclosed tag',
        },
      }),
    );
  });
});

describe('review sessions', () => {
  it('keeps each principal’s markers apart and forgets them on clear', () => {
    const sessions = new ReviewSessions();
    const alice = { tenantId: 't', subject: 'alice' } as Principal;
    const bob = { tenantId: 't', subject: 'bob' } as Principal;
    const review = {
      run_id: 'aaaaaaaa',
      finding_id: 'CX-1',
      canonical_id: 'complexity:1',
      title: 'x',
      note: null,
      reviewed_at: '2026-01-01T00:00:00Z',
    };
    sessions.mark(alice, review);
    expect(sessions.reviewsOf(alice, 'aaaaaaaa')).toEqual([review]);
    expect(sessions.reviewsOf(bob, 'aaaaaaaa')).toEqual([]);
    expect(sessions.clear(alice)).toBe(1);
    expect(sessions.reviewsOf(alice, 'aaaaaaaa')).toEqual([]);
  });
});
