import { posix } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { COVERAGE_HOTSPOT_THRESHOLD_PERCENT, type CoverageFunction, type CoverageJoin } from '@lore/domain/schemas/coverage-join';
import type { HealthFacts } from '@lore/graph';
import { BODY_KINDS } from './design-metrics';

/**
 * The coverage join: a Cobertura XML report (what coverage.py, istanbul/nyc, c8, JaCoCo's and Go's
 * converters write) read line by line and joined to the run's production function bodies and files.
 * A report that cannot be read or is not Cobertura is a join with status `invalid` and the reason:
 * the run is still made, and only the coverage gates refuse it.
 */

/** The Cobertura file of a run as the service found it: its text, or why it could not be read. */
export type CoverageReading = { source: string; root: string; text: string } | { source: string; unreadable: string };

/** Each reported file's executable lines and whether each ran, by the report's own file name. */
interface CoberturaLines {
  sources: string[];
  files: Map<string, Map<number, boolean>>;
}

class NotCobertura extends Error {}

const REPEATED = new Set(['source', 'package', 'class', 'line']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  // Cobertura needs no entities; leaving them unexpanded leaves no entity expansion to abuse.
  processEntities: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

export function joinCoverage(reading: CoverageReading, facts: HealthFacts, complexityThreshold: number): CoverageJoin {
  if ('unreadable' in reading) return invalidJoin(reading.source, `the file cannot be read: ${reading.unreadable}`);
  let report: CoberturaLines;
  try {
    report = coberturaLines(reading.text);
  } catch (error) {
    if (error instanceof NotCobertura) return invalidJoin(reading.source, error.message);
    throw error;
  }
  const indexed = new Set(facts.files.map((file) => file.path));
  const byPath = new Map<string, Map<number, boolean>>();
  let unmatched = 0;
  for (const [name, lines] of report.files) {
    const path = repositoryPath(name, report.sources, reading.root, indexed);
    if (path === null) {
      unmatched++;
      continue;
    }
    const merged = byPath.get(path) ?? new Map<number, boolean>();
    for (const [line, covered] of lines) merged.set(line, covered || (merged.get(line) ?? false));
    byPath.set(path, merged);
  }
  const files = [...byPath.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, lines]) => {
      const covered = [...lines.values()].filter(Boolean).length;
      return { path, lines_valid: lines.size, lines_covered: covered, coverage_permille: permille(covered, lines.size) };
    });
  const functions = facts.symbols
    .filter((symbol) => BODY_KINDS.has(symbol.kind) && symbol.kind !== 'test' && !symbol.inTest && !symbol.nested)
    .sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine || (a.qualifiedName < b.qualifiedName ? -1 : 1),
    )
    .map((symbol): CoverageFunction => {
      const lines = byPath.get(symbol.path);
      const inBody = lines ? [...lines.entries()].filter(([line]) => line >= symbol.startLine && line <= symbol.endLine) : [];
      const covered = inBody.filter(([, ran]) => ran).length;
      const status = !lines ? 'not_in_report' : inBody.length === 0 ? 'no_executable_lines' : 'measured';
      const value = status === 'measured' ? permille(covered, inBody.length) : null;
      const complex = symbol.complexity !== null && symbol.complexity >= complexityThreshold;
      return {
        path: symbol.path,
        line: symbol.startLine,
        end_line: symbol.endLine,
        symbol: symbol.qualifiedName,
        cyclomatic: symbol.complexity,
        lines_valid: inBody.length,
        lines_covered: covered,
        coverage_permille: value,
        coverage_status: status,
        hotspot: !complex
          ? null
          : status === 'not_in_report'
            ? 'scope_gap'
            : value !== null && value < COVERAGE_HOTSPOT_THRESHOLD_PERCENT * 10
              ? 'coverage'
              : null,
      };
    });
  const linesValid = files.reduce((sum, file) => sum + file.lines_valid, 0);
  const linesCovered = files.reduce((sum, file) => sum + file.lines_covered, 0);
  return {
    status: 'ok',
    invalid_reason: null,
    source: reading.source,
    overall_permille: permille(linesCovered, linesValid),
    lines_valid: linesValid,
    lines_covered: linesCovered,
    hotspot_threshold_percent: COVERAGE_HOTSPOT_THRESHOLD_PERCENT,
    coverage_hotspots: functions.filter((item) => item.hotspot === 'coverage').length,
    scope_gap_hotspots: functions.filter((item) => item.hotspot === 'scope_gap').length,
    unmatched_files: unmatched,
    files,
    functions,
  };
}

function invalidJoin(source: string, reason: string): CoverageJoin {
  return {
    status: 'invalid',
    invalid_reason: reason,
    source,
    overall_permille: null,
    lines_valid: 0,
    lines_covered: 0,
    hotspot_threshold_percent: COVERAGE_HOTSPOT_THRESHOLD_PERCENT,
    coverage_hotspots: 0,
    scope_gap_hotspots: 0,
    unmatched_files: 0,
    files: [],
    functions: [],
  };
}

/** The lines of a Cobertura document by file; NotCobertura with the reason when it is not well-formed XML or not Cobertura. */
function coberturaLines(text: string): CoberturaLines {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new NotCobertura(`not well-formed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  const document = parser.parse(text) as Record<string, unknown>;
  const coverage = document.coverage;
  if (coverage === undefined) throw new NotCobertura('not a Cobertura report: its root element is not <coverage>.');
  const sources = children(children(coverage, 'sources')[0], 'source')
    .map((source) => textOf(source).trim())
    .filter(Boolean);
  const files = new Map<string, Map<number, boolean>>();
  for (const pkg of children(children(coverage, 'packages')[0], 'package')) {
    for (const cls of children(children(pkg, 'classes')[0], 'class')) {
      const filename = attribute(cls, 'filename');
      if (!filename) throw new NotCobertura('not a Cobertura report: a <class> has no filename.');
      const lines = files.get(filename) ?? new Map<number, boolean>();
      for (const line of children(children(cls, 'lines')[0], 'line')) {
        const number = Number(attribute(line, 'number'));
        const hits = Number(attribute(line, 'hits'));
        if (!Number.isInteger(number) || number < 1 || !Number.isFinite(hits) || hits < 0)
          throw new NotCobertura(`not a Cobertura report: a <line> of ${filename} has no valid number and hits.`);
        lines.set(number, hits > 0 || (lines.get(number) ?? false));
      }
      files.set(filename, lines);
    }
  }
  return { sources, files };
}

/** An element's repeated children of one name ([] when absent, or when the element is empty text). */
function children(element: unknown, name: string): unknown[] {
  if (element === null || typeof element !== 'object') return [];
  const value = (element as Record<string, unknown>)[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function attribute(element: unknown, name: string): string | undefined {
  if (element === null || typeof element !== 'object') return undefined;
  const value = (element as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function textOf(element: unknown): string {
  if (typeof element === 'string') return element;
  const text = element !== null && typeof element === 'object' ? (element as Record<string, unknown>)['#text'] : undefined;
  return typeof text === 'string' ? text : '';
}

/**
 * The indexed file a report's file name stands for: the name itself (relative to the root), else the
 * name under each of the report's sources, an absolute source taken relative to the root. null for
 * a file the repository does not index (generated code, another checkout's path).
 */
function repositoryPath(name: string, sources: readonly string[], root: string, indexed: ReadonlySet<string>): string | null {
  const slashed = (path: string) => path.replace(/\\/g, '/');
  const rootPath = slashed(root).replace(/\/+$/, '');
  const withinRoot = (path: string) => {
    const normal = posix.normalize(slashed(path));
    if (!posix.isAbsolute(normal) && !/^[A-Za-z]:\//.test(normal)) return normal.replace(/^\.\//, '');
    return normal.startsWith(`${rootPath}/`) ? normal.slice(rootPath.length + 1) : null;
  };
  const candidates = [withinRoot(name), ...sources.map((source) => withinRoot(posix.join(slashed(source), slashed(name))))];
  return candidates.find((candidate) => candidate !== null && indexed.has(candidate)) ?? null;
}

function permille(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((1000 * part) / whole);
}
