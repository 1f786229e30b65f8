import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthFacts, HealthSymbolRow } from '@lore/graph';
import { healthSymbol } from '../../test/health-rows';
import { joinCoverage } from './coverage-join';

const REPORTS = join(__dirname, '../../../../test/fixtures/health-ts/reports');
const ROOT = '/home/ci/work/health-ts';

function body(
  qualifiedName: string,
  path: string,
  startLine: number,
  endLine: number,
  complexity: number,
  more: Partial<HealthSymbolRow> = {},
): HealthSymbolRow {
  return healthSymbol({
    uid: `t:r:${path}#${qualifiedName}`,
    name: qualifiedName,
    qualifiedName,
    path,
    startLine,
    endLine,
    complexity,
    exported: true,
    ...more,
  });
}

/** The health-ts fixture's bodies as the index holds them, with pricing.ts of the fixture's second commit. */
const facts = {
  files: ['src/index.ts', 'src/router.ts', 'src/status.ts', 'src/pricing.ts', 'src/pricing.test.ts'].map((path) => ({ path })),
  symbols: [
    body('route', 'src/router.ts', 4, 49, 21),
    body('routeName', 'src/router.ts', 51, 53, 1),
    body('describeStatus', 'src/status.ts', 3, 5, 1),
    body('formatLegacyStatus', 'src/status.ts', 8, 10, 1),
    body('shippingRate', 'src/pricing.ts', 26, 39, 21),
    body('totals an invoice', 'src/pricing.test.ts', 3, 5, 1, { kind: 'test', inTest: true }),
    body('route.anonymous', 'src/router.ts', 10, 11, 1, { nested: true }),
  ],
} as unknown as HealthFacts;

describe('the Cobertura coverage join', () => {
  it('joins the fixture report per file and per production function, with its hotspots', () => {
    const text = readFileSync(join(REPORTS, 'cobertura.xml'), 'utf8');
    const joined = joinCoverage({ source: 'reports/cobertura.xml', root: ROOT, text }, facts, 20);
    expect(joined).toEqual({
      status: 'ok',
      invalid_reason: null,
      source: 'reports/cobertura.xml',
      overall_permille: 152,
      lines_valid: 46,
      lines_covered: 7,
      hotspot_threshold_percent: 50,
      coverage_hotspots: 1,
      scope_gap_hotspots: 1,
      unmatched_files: 1,
      files: [
        { path: 'src/router.ts', lines_valid: 44, lines_covered: 6, coverage_permille: 136 },
        { path: 'src/status.ts', lines_valid: 2, lines_covered: 1, coverage_permille: 500 },
      ],
      functions: [
        {
          path: 'src/pricing.ts',
          line: 26,
          end_line: 39,
          symbol: 'shippingRate',
          cyclomatic: 21,
          lines_valid: 0,
          lines_covered: 0,
          coverage_permille: null,
          coverage_status: 'not_in_report',
          hotspot: 'scope_gap',
        },
        {
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
        {
          path: 'src/status.ts',
          line: 3,
          end_line: 5,
          symbol: 'describeStatus',
          cyclomatic: 1,
          lines_valid: 1,
          lines_covered: 1,
          coverage_permille: 1000,
          coverage_status: 'measured',
          hotspot: null,
        },
        {
          path: 'src/status.ts',
          line: 8,
          end_line: 10,
          symbol: 'formatLegacyStatus',
          cyclomatic: 1,
          lines_valid: 1,
          lines_covered: 0,
          coverage_permille: 0,
          coverage_status: 'measured',
          hotspot: null,
        },
      ],
    });
  });

  it('finds files named relative to a source, or absolute inside the root, and merges a file reported twice', () => {
    const text = `<coverage><sources><source>${ROOT}/src</source></sources><packages><package><classes>
      <class filename="status.ts"><lines><line number="4" hits="0"/><line number="9" hits="0"/></lines></class>
      <class filename="${ROOT}/src/status.ts"><lines><line number="4" hits="5"/></lines></class>
      <class filename="/elsewhere/src/status.ts"><lines><line number="9" hits="1"/></lines></class>
    </classes></package></packages></coverage>`;
    const joined = joinCoverage({ source: 'cov.xml', root: `${ROOT}/`, text }, facts, 20);
    expect(joined.files).toEqual([{ path: 'src/status.ts', lines_valid: 2, lines_covered: 1, coverage_permille: 500 }]);
    expect(joined.unmatched_files).toBe(1);
  });

  it.each([
    ['truncated XML', readFileSync(join(REPORTS, 'truncated.xml'), 'utf8'), /^not well-formed XML at line \d+, column \d+: /],
    ['another document', '<report><file/></report>', /^not a Cobertura report: its root element is not <coverage>\.$/],
    [
      'a line without hits',
      '<coverage><packages><package><classes><class filename="src/status.ts"><lines><line number="4"/></lines></class></classes></package></packages></coverage>',
      /^not a Cobertura report: a <line> of src\/status.ts has no valid number and hits\.$/,
    ],
  ])('is invalid, with the reason, for %s', (_name, text, reason) => {
    const joined = joinCoverage({ source: 'reports/bad.xml', root: ROOT, text }, facts, 20);
    expect(joined).toMatchObject({ status: 'invalid', source: 'reports/bad.xml', overall_permille: null, files: [], functions: [] });
    expect(joined.invalid_reason).toMatch(reason);
  });

  it('is invalid, with the reason, for a file that cannot be read', () => {
    expect(joinCoverage({ source: 'reports/none.xml', unreadable: 'no such file' }, facts, 20)).toMatchObject({
      status: 'invalid',
      invalid_reason: 'the file cannot be read: no such file',
    });
  });
});
