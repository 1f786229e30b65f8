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
