import { createHash } from 'node:crypto';
import { canonicalJson } from '@lore/domain';
import {
  type AnalysisMode,
  FINDING_FAMILIES,
  type FamilyCounts,
  type Finding,
  type FindingFamily,
  type FindingLocation,
  type Health,
  HOTSPOT_KINDS,
  type HotspotKind,
  type Inventory,
  NEAR_MISS_SIMILARITY,
  REPORT_SCHEMA_VERSION,
  type Report,
  type Severity,
  type SourceKind,
} from '@lore/domain/schemas/code-health';
import type { HealthFacts, HealthSymbolRow } from '@lore/graph';
import { adoptionByModule, adoptionOf, apiSurfaceOf } from './api-adoption';
import { type CloneGroup, groupClones } from './clone-groups';
import { type CoverageReading, joinCoverage } from './coverage-join';
import {
  BODY_KINDS,
  type ClassMeasure,
  classMeasures,
  functionMeasures,
  type ImportCycle,
  importCycles,
  moduleMeasures,
} from './design-metrics';
import type { Publication } from './publication';
import { checkedAgainstCode, type NamesInCode, type UnreachedSymbol, unreachedSymbols } from './reachability';

export interface AnalysisSettings {
  repository: string;
  commit: string;
  mode: AnalysisMode;
  thresholds: { complexity: number; coupling: number; cohesion: number };
  /** Whether the indexed commit's calls were resolved by the exact (compiler) pass. */
  callsExact: boolean;
  /** Whether the repository is a library (its public names are its clients' to call) or an application. */
  publication: Publication;
  /** What the code says of the items reachability calls dead (deadCodeQuestions); null when it could not be read. */
  namesInCode: NamesInCode | null;
  /** The run's Cobertura report (full mode only): joined into metrics.coverage_join. */
  coverage?: CoverageReading;
  /** Record the public API inventory (full mode only): metrics.api_surface. */
  apiSurface?: boolean;
  /** The symbols as their modules publish them (Python's `__all__`, withDeclaredAll's `api` reading), for adoption and the API surface; the facts' own without. */
  publishedSymbols?: HealthFacts['symbols'];
}

/** What the index does not record, so what no report can say yet. */
export const REPORT_GAPS = [
  'Decorators and framework registrations (routes, DI providers) are not recorded: code reached only through them can be listed as dead; their confidence says how sure.',
];

/** Said when no body of the repository has field access recorded: it was indexed before Lore recorded it. */
export const FIELD_ACCESS_GAP =
  'No field access is recorded for this index (indexed before Lore recorded it): LCOM4 joins methods by their calls only and can overstate the groups; index the repository again.';

const FAMILY_PREFIX: Record<FindingFamily, string> = {
  clones: 'CL',
  complexity: 'CX',
  coupling: 'CP',
  cohesion: 'CH',
  dead_code: 'DC',
  dependencies: 'DP',
};
const SEVERITY_WEIGHT: Record<Severity, number> = { critical: 3, warning: 2, info: 1 };
const CONFIDENCE_WEIGHT = { high: 1, medium: 0.7, low: 0.4 } as const;
const HOTLIST_SIZE = 10;
const SUGGESTIONS = 10;
const COMPACT_ID_HEX = 6;

type Draft = Omit<Finding, 'id' | 'canonical_id' | 'priority' | 'priority_factors'> & { key: string };

/**
 * The canonical report of one analysis: the same facts and settings always give the same bytes
 * (everything sorted, nothing timed), so its digest is the run's identity.
 */
export function buildReport(facts: HealthFacts, settings: AnalysisSettings): Report {
  const full = settings.mode === 'full';
  const clones = groupClones(facts.symbols, NEAR_MISS_SIMILARITY);
  const functions = functionMeasures(facts);
  const classes = classMeasures(facts);
  const modules = moduleMeasures(
    facts.files.map((file) => file.path),
    facts.imports,
  );
  const cycles = importCycles(facts.imports);
  // Methods, none with a field recorded: the index predates field access (real methods touch fields).
  const fieldAccess =
    facts.symbols.some((symbol) => symbol.fieldReads !== null || symbol.fieldWrites !== null) ||
    !facts.symbols.some((symbol) => symbol.kind === 'method');
  const unreached = checkedAgainstCode(unreachedSymbols(facts, settings.callsExact, settings.publication), facts, settings.namesInCode);
  const drafts: Draft[] = [
    ...clones.map(cloneFinding),
    ...(full
      ? complexityFindings(
          functions.map((measure) => measure.symbol),
          settings.thresholds.complexity,
        )
      : []),
    ...(full ? couplingFindings(classes, settings.thresholds.coupling) : []),
    ...(full ? cohesionFindings(classes, settings.thresholds.cohesion, fieldAccess) : []),
    ...(full ? unreached.filter((item) => item.publicApi !== 'library').map(deadCodeFinding) : []),
    ...(full ? cycles.map(cycleFinding) : []),
  ];
  // A library's public names nothing uses are told apart from the findings: adding API is no debt.
  const told = full ? unreached.filter((item) => item.publicApi === 'library').map(unusedPublicApiFinding) : [];
  const identified = withIds([...drafts, ...told]);
  const toldIds = new Set(withIds(told).map((finding) => finding.canonical_id));
  const findings = identified.filter((finding) => !toldIds.has(finding.canonical_id));
  const information = identified.filter((finding) => toldIds.has(finding.canonical_id));
  const inventory = inventoryOf(facts);
  const measured = functions.filter((measure) => measure.symbol.complexity !== null).map((measure) => measure.symbol.complexity!);
  const report: Omit<Report, 'integrity'> = {
    report_schema_version: REPORT_SCHEMA_VERSION,
    meta: {
      tool: 'lore',
      repository: settings.repository,
      commit: settings.commit,
      mode: settings.mode,
      analysis_thresholds: { design_findings: { ...settings.thresholds, near_miss_similarity: NEAR_MISS_SIMILARITY } },
      gaps: fieldAccess ? REPORT_GAPS : [FIELD_ACCESS_GAP, ...REPORT_GAPS],
    },
    inventory,
    findings: {
      summary: { total: findings.length, by_family: familyCounts(findings), by_source_kind: sourceKindCounts(findings) },
      items: findings,
      // Absent when there is none: a run without any keeps the digest it always had.
      ...(information.length > 0 ? { information } : {}),
    },
    metrics: {
      summary: {
        health: full
          ? healthOf(facts, inventory, findings, classes, settings)
          : { available: false, score: null, grade: null, dimensions: [] },
        max_cyclomatic: full && measured.length > 0 ? measured.reduce((most, value) => Math.max(most, value)) : null,
        mean_cyclomatic: full && measured.length > 0 ? round(measured.reduce((sum, value) => sum + value, 0) / measured.length, 2) : null,
        import_cycles: full ? cycles.filter((cycle) => cycle.runtime).length : 0,
        dead_code_items: full ? unreached.filter((item) => item.status === 'dead').length : 0,
        adoption: full ? adoptionOf(settings.publishedSymbols ?? facts.symbols) : null,
      },
      functions: full
        ? functions.map(({ symbol, fanIn, fanOut }) => ({
            path: symbol.path,
            line: symbol.startLine,
            symbol: symbol.qualifiedName,
            cyclomatic: symbol.complexity,
            cognitive: symbol.cognitiveComplexity,
            fan_in: fanIn,
            fan_out: fanOut,
          }))
        : [],
      classes: full
        ? classes.map(({ symbol, cbo, lcom4, methods }) => ({
            path: symbol.path,
            line: symbol.startLine,
            symbol: symbol.qualifiedName,
            cbo,
            lcom4,
            methods,
          }))
        : [],
      modules: full ? modules : [],
      // Absent, not null, without coverage_xml: a run without one keeps the digest it always had.
      coverage_join: full && settings.coverage ? joinCoverage(settings.coverage, facts, settings.thresholds.complexity) : undefined,
      coverage_adoption: full ? adoptionByModule(settings.publishedSymbols ?? facts.symbols) : undefined,
      api_surface: full && settings.apiSurface ? apiSurfaceOf(settings.publishedSymbols ?? facts.symbols) : undefined,
    },
    derived: derivedOf(findings),
  };
  return { ...report, integrity: { digest: reportDigest(report) } };
}

/** SHA-256 of the canonical JSON of a report without its integrity section. */
export function reportDigest(report: Omit<Report, 'integrity'>): string {
  return createHash('sha256').update(canonicalJson(report)).digest('hex');
}

function cloneFinding(group: CloneGroup): Draft {
  const places = group.members.length;
  const function_ = group.kind === 'function_clone';
  const what = function_ ? 'function bodies' : 'blocks of statements';
  const how =
    group.type === 'exact'
      ? 'identical'
      : group.type === 'renamed'
        ? 'identical but for names and literals'
        : `similar (at least ${Math.round(group.similarity * 100)}% of their token shingles)`;
  return {
    key: `${group.kind}\n${group.members.map((member) => `${member.path}#${function_ ? member.symbol : `${member.symbol}@${member.startLine}-${member.endLine}`}`).join('\n')}`,
    family: 'clones',
    kind: group.kind,
    severity: places >= 3 || group.members.some((member) => member.endLine - member.startLine >= 30) ? 'critical' : 'warning',
    confidence: group.type === 'near_miss' ? 'medium' : 'high',
    source_kind: sourceKindOf(group.members.map((member) => member.inTest)),
    title: `${places} ${group.type.replace('_', '-')} ${function_ ? 'function clones' : 'block clones'}`,
    message: `${places} ${what} are ${how}: ${group.members.map((member) => `${member.symbol} (${member.path}:${member.startLine})`).join(', ')}.`,
    locations: group.members.map((member) => ({
      path: member.path,
      line: member.startLine,
      end_line: member.endLine,
      symbol: member.symbol,
    })),
    metric: { name: 'similarity', value: group.similarity, threshold: group.type === 'near_miss' ? NEAR_MISS_SIMILARITY : null },
    clone_type: group.type,
    status: null,
    remediation: {
      summary: function_ ? 'Keep one of the copies and call it from the others.' : 'Extract the repeated statements into one function.',
      steps: [
        'Compare the places side by side (get_file_span) and name what differs.',
        function_
          ? 'Keep one body, turning what differs into parameters.'
          : 'Move the block into a function taking what differs as parameters.',
        'Replace the other places with calls, and run the tests each place has (get_related_tests).',
      ],
      effort: places >= 3 ? 'medium' : 'small',
    },
  };
}

function complexityFindings(bodies: readonly HealthSymbolRow[], threshold: number): Draft[] {
  return bodies
    .filter((symbol) => symbol.complexity !== null && symbol.complexity >= threshold)
    .map((symbol) => ({
      key: `cyclomatic\n${symbol.path}#${symbol.qualifiedName}`,
      family: 'complexity',
      kind: 'cyclomatic',
      severity: symbol.complexity! >= 2 * threshold ? 'critical' : 'warning',
      confidence: 'high',
      source_kind: symbol.inTest ? 'tests' : 'production',
      title: `${symbol.qualifiedName}: cyclomatic complexity ${symbol.complexity}`,
      message: `${symbol.qualifiedName} has cyclomatic complexity ${symbol.complexity}${symbol.cognitiveComplexity === null ? '' : ` and cognitive complexity ${symbol.cognitiveComplexity}`} (threshold ${threshold}).`,
      locations: [locationOf(symbol)],
      metric: { name: 'cyclomatic', value: symbol.complexity!, threshold },
      clone_type: null,
      status: null,
      remediation: {
        summary: 'Split the function along its decisions.',
        steps: [
          'Find the independent branches (each guard, case or loop body with its own purpose).',
          'Extract each into a named function, or replace a chain of conditions with a lookup.',
          'Check the callers and tests keep their answers (get_callers, get_related_tests).',
        ],
        effort: symbol.complexity! >= 2 * threshold ? 'large' : 'medium',
      },
    }));
}

function couplingFindings(classes: readonly ClassMeasure[], threshold: number): Draft[] {
  return classes
    .filter((measure) => measure.cbo > threshold)
    .map(({ symbol, cbo }) => ({
      key: `cbo\n${symbol.path}#${symbol.qualifiedName}`,
      family: 'coupling',
      kind: 'cbo',
      severity: cbo > 2 * threshold ? 'critical' : 'warning',
      confidence: 'high',
      source_kind: symbol.inTest ? 'tests' : 'production',
      title: `${symbol.qualifiedName}: coupled to ${cbo} classes`,
      message: `${symbol.qualifiedName} references or is referenced by ${cbo} other classes (CBO, threshold ${threshold}).`,
      locations: [locationOf(symbol)],
      metric: { name: 'cbo', value: cbo, threshold },
      clone_type: null,
      status: null,
      remediation: {
        summary: 'Narrow what the class talks to.',
        steps: [
          'List the classes it is coupled to (get_graph_neighborhood) and group them by purpose.',
          'Move each purpose behind one interface, or split the class along those groups.',
        ],
        effort: 'large',
      },
    }));
}

function cohesionFindings(classes: readonly ClassMeasure[], threshold: number, fieldAccess: boolean): Draft[] {
  return classes
    .filter((measure) => measure.lcom4 !== null && measure.lcom4 >= threshold)
    .map(({ symbol, lcom4, methods }) => ({
      key: `lcom4\n${symbol.path}#${symbol.qualifiedName}`,
      family: 'cohesion',
      kind: 'lcom4',
      severity: lcom4! >= 2 * threshold ? 'critical' : 'warning',
      // Without field access in the index, methods sharing only fields look unconnected.
      confidence: fieldAccess ? 'high' : 'low',
      source_kind: symbol.inTest ? 'tests' : 'production',
      title: `${symbol.qualifiedName}: ${lcom4} unconnected groups of methods`,
      message: fieldAccess
        ? `The ${methods} methods of ${symbol.qualifiedName} (its constructor left out) fall into ${lcom4} groups that neither call each other nor share a field (LCOM4, threshold ${threshold}).`
        : `The ${methods} methods of ${symbol.qualifiedName} fall into ${lcom4} groups that do not call each other (LCOM4 by calls, threshold ${threshold}; shared fields are not in this index).`,
      locations: [locationOf(symbol)],
      metric: { name: 'lcom4', value: lcom4!, threshold },
      clone_type: null,
      status: null,
      remediation: {
        summary: 'Split the class along its groups of methods.',
        steps: [
          'Read the groups of methods and the fields each uses (get_symbol lists the members).',
          'Move each group with its fields into a class of its own, and keep a facade only if callers need one.',
        ],
        effort: 'medium',
      },
    }));
}

function deadCodeFinding(item: UnreachedSymbol): Draft {
  const { symbol } = item;
  return {
    key: `unreachable\n${symbol.path}#${symbol.qualifiedName}`,
    family: 'dead_code',
    kind: 'unreachable',
    severity: item.status === 'dead' ? 'warning' : 'info',
    confidence: item.confidence,
    source_kind: 'production',
    title: `${symbol.qualifiedName}: ${item.status === 'dead' ? 'unreachable' : 'reachability unknown'}`,
    message: `${symbol.kind} ${symbol.qualifiedName}: ${item.reason}.`,
    locations: [locationOf(symbol)],
    metric: { name: 'reachability', value: 0, threshold: null },
    clone_type: null,
    status: item.status,
    remediation: {
      summary:
        item.status === 'dead'
          ? 'Delete it, or export it if it is meant as API.'
          : item.publicApi
            ? 'Confirm nothing outside the code calls it (a loader by name, the runtime, compiled output) before deleting it.'
            : 'Confirm the callers matched by name before deleting.',
      steps: [
        'Search for dynamic uses (string names, reflection, registrations) with search_code.',
        item.status === 'dead'
          ? 'Delete it with its tests, or export it.'
          : item.publicApi
            ? 'Delete it only once no loader, runtime or generated code names it.'
            : 'Check the callers listed by get_callers; delete only if none is real.',
      ],
      effort: 'small',
    },
  };
}

/** Information, not a finding: a library's public name nothing in the repository uses (reachability's publicApi item). */
function unusedPublicApiFinding(item: UnreachedSymbol): Draft {
  const { symbol } = item;
  return {
    key: `unused_public_api\n${symbol.path}#${symbol.qualifiedName}`,
    family: 'dead_code',
    kind: 'unused_public_api',
    severity: 'info',
    confidence: item.confidence,
    source_kind: 'production',
    title: `${symbol.qualifiedName}: information: unused in this repository, public API of a library`,
    message: `${symbol.kind} ${symbol.qualifiedName}: information: unused in this repository, public API of a library, its clients may use it (${item.reason}).`,
    locations: [locationOf(symbol)],
    metric: { name: 'reachability', value: 0, threshold: null },
    clone_type: null,
    status: item.status,
    remediation: {
      summary: "Nothing to do unless it is no longer meant as API: confirm the package's clients no longer call it first.",
      steps: [
        'Search for dynamic uses (string names, reflection, registrations) with search_code.',
        'To remove it, deprecate it for a release first: code outside the repository may import it.',
      ],
      effort: 'small',
    },
  };
}

function cycleFinding({ paths, runtime, deferred }: ImportCycle): Draft {
  const files = `${paths.length} file${paths.length === 1 ? '' : 's'}`;
  return {
    // A runtime cycle keeps the key it always had: its finding id does not change.
    key: `${runtime ? 'import_cycle' : 'deferred_import_cycle'}\n${paths.join('\n')}`,
    family: 'dependencies',
    kind: 'import_cycle',
    // Only imports that load a module at load time can fail or half-initialise it: a cycle that needs a
    // type-only, TYPE_CHECKING or function-local import is told, not charged.
    severity: runtime ? (paths.length >= 5 ? 'critical' : 'warning') : 'info',
    confidence: 'high',
    source_kind: 'production',
    title: runtime ? `Import cycle through ${files}` : `Import cycle through ${files}, only through deferred imports`,
    message: runtime
      ? `${paths.join(' → ')} import each other at load time.`
      : `${paths.join(' → ')} import each other only through imports that load nothing when the module loads: ${deferred.join(', ')}.`,
    locations: paths.map((path) => ({ path, line: 1, end_line: 1, symbol: null })),
    metric: { name: 'cycle_length', value: paths.length, threshold: null },
    clone_type: null,
    status: null,
    remediation: {
      summary: runtime ? 'Break the cycle at its weakest import.' : 'Nothing breaks at load time; keep the deferred imports deferred.',
      steps: runtime
        ? [
            'Find the import that takes the fewest names (get_graph_neighborhood with IMPORTS).',
            'Move what it takes into a module both sides import, or make it a type-only import.',
          ]
        : [
            'Keep the listed imports type-only, TYPE_CHECKING-guarded or inside their functions.',
            'Move shared types to a module of their own if the cycle gets in the way of reading.',
          ],
      effort: runtime ? 'medium' : 'small',
    },
  };
}

/** Canonical ids from each finding's key; compact ids as short as the run allows (at least 6 hex characters). */
function withIds(drafts: readonly Draft[]): Finding[] {
  const hashed = drafts.map((draft) => ({ draft, hash: createHash('sha256').update(draft.key).digest('hex') }));
  const unique = new Map<string, (typeof hashed)[number]>();
  for (const item of hashed) unique.set(`${item.draft.family}:${item.hash}`, item);
  const items = [...unique.values()];
  const lengths = compactIdLengths(items.map(({ draft, hash }) => `${draft.family}:${hash}`));
  const findings = items.map(({ draft, hash }) => {
    const { key: _key, ...rest } = draft;
    const length = lengths.get(`${draft.family}:${hash}`)!;
    const size = draft.locations.reduce((sum, location) => sum + location.end_line - location.line + 1, 0);
    const production = draft.source_kind !== 'tests';
    const factors = {
      severity_weight: SEVERITY_WEIGHT[draft.severity],
      size,
      production,
      confidence_weight: CONFIDENCE_WEIGHT[draft.confidence],
    };
    const priority = round(factors.severity_weight * factors.confidence_weight * (production ? 1 : 0.5) * Math.log2(1 + size), 3);
    return {
      ...rest,
      id: `${FAMILY_PREFIX[draft.family]}-${hash.slice(0, length)}`,
      canonical_id: `${draft.family}:${hash}`,
      priority,
      priority_factors: factors,
    };
  });
  return findings.sort((a, b) => b.priority - a.priority || (a.canonical_id < b.canonical_id ? -1 : 1));
}

/**
 * Per `family:hash`, the length of the shortest prefix of the hash no other hash of its family
 * shares (at least COMPACT_ID_HEX): one more than its longest common prefix with a neighbour in sorted order.
 */
function compactIdLengths(keys: readonly string[]): Map<string, number> {
  const sorted = [...keys].sort();
  const lengths = new Map<string, number>();
  // The hex characters two keys of one family share at the start of their hashes (0 across families).
  const shared = (a: string | undefined, b: string) => {
    const hashAt = b.indexOf(':') + 1;
    if (a === undefined || a.slice(0, hashAt) !== b.slice(0, hashAt)) return 0;
    let length = hashAt;
    while (length < b.length && a[length] === b[length]) length++;
    return length - hashAt;
  };
  sorted.forEach((key, index) => {
    const common = Math.max(shared(sorted[index - 1], key), shared(sorted[index + 1], key));
    lengths.set(key, Math.max(COMPACT_ID_HEX, common + 1));
  });
  return lengths;
}

function inventoryOf(facts: HealthFacts): Inventory {
  const bodies = facts.symbols.filter((symbol) => BODY_KINDS.has(symbol.kind));
  const languages = new Map<string, number>();
  for (const file of facts.files) languages.set(file.language, (languages.get(file.language) ?? 0) + 1);
  const measured = (has: (symbol: HealthSymbolRow) => boolean) => ({ measured: bodies.filter(has).length, total: bodies.length });
  return {
    files: facts.files.length,
    lines: facts.files.reduce((sum, file) => sum + file.lines, 0),
    functions: bodies.length,
    classes: facts.symbols.filter((symbol) => symbol.kind === 'class').length,
    test_files: facts.files.filter((file) => file.isTest).length,
    languages: [...languages.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([language, files]) => ({ language, files })),
    coverage: {
      complexity: measured((symbol) => symbol.complexity !== null),
      cognitive_complexity: measured((symbol) => symbol.cognitiveComplexity !== null),
      clone_fingerprints: measured((symbol) => symbol.renamedFingerprint !== null),
    },
  };
}

/**
 * Health: one score per dimension (0-100, the share of the measured units without a finding of that
 * family), averaged with equal weights. A dimension nothing was measured for is left out, never scored 100 or 0.
 */
function healthOf(
  facts: HealthFacts,
  inventory: Inventory,
  findings: readonly Finding[],
  classes: readonly ClassMeasure[],
  settings: AnalysisSettings,
): Health {
  const counted = (family: FindingFamily) => findings.filter((finding) => finding.family === family);
  const clonedBodies = new Set(
    counted('clones').flatMap((finding) => finding.locations.map((location) => `${location.path}#${location.symbol}`)),
  ).size;
  const cohesive = classes.filter((measure) => measure.lcom4 !== null);
  const candidates = facts.symbols.filter(
    (symbol) => ['function', 'method', 'class'].includes(symbol.kind) && !symbol.nested && !symbol.inTest,
  ).length;
  // Files in runtime cycles: a cycle only through deferred imports (severity info) costs nothing.
  const cycleFiles = new Set(
    counted('dependencies')
      .filter((finding) => finding.severity !== 'info')
      .flatMap((finding) => finding.locations.map((location) => location.path)),
  ).size;
  const share = (bad: number, total: number) => (total === 0 ? null : Math.max(0, Math.round(100 * (1 - bad / total))));
  const scores: [FindingFamily, number | null][] = [
    ['clones', share(clonedBodies, inventory.coverage.clone_fingerprints.measured)],
    ['complexity', share(counted('complexity').length, inventory.coverage.complexity.measured)],
    ['coupling', share(classes.filter((measure) => measure.cbo > settings.thresholds.coupling).length, classes.length)],
    ['cohesion', share(counted('cohesion').length, cohesive.length)],
    ['dead_code', share(counted('dead_code').filter((finding) => finding.status === 'dead').length, candidates)],
    ['dependencies', share(cycleFiles, facts.files.length)],
  ];
  const dimensions = scores
    .filter((entry): entry is [FindingFamily, number] => entry[1] !== null)
    .map(([name, score]) => ({ name, score, weight: 1 }));
  if (dimensions.length === 0) return { available: false, score: null, grade: null, dimensions: [] };
  const score = Math.round(dimensions.reduce((sum, dimension) => sum + dimension.score, 0) / dimensions.length);
  return { available: true, score, grade: gradeOf(score), dimensions };
}

export function gradeOf(score: number): string {
  return score >= 90 ? 'A' : score >= 75 ? 'B' : score >= 60 ? 'C' : score >= 40 ? 'D' : 'F';
}

function derivedOf(findings: readonly Finding[]): Report['derived'] {
  const ids = (list: readonly Finding[]) => list.slice(0, HOTLIST_SIZE).map((finding) => finding.id);
  const byMetric = (family: FindingFamily) =>
    ids(
      findings
        .filter((finding) => finding.family === family)
        .sort(
          (a, b) =>
            (b.metric?.value ?? 0) - (a.metric?.value ?? 0) || b.priority - a.priority || (a.canonical_id < b.canonical_id ? -1 : 1),
        ),
    );
  const hotlists: Record<HotspotKind, string[]> = {
    most_complex: byMetric('complexity'),
    most_coupled: byMetric('coupling'),
    least_cohesive: byMetric('cohesion'),
    largest_clone_groups: ids(
      findings
        .filter((finding) => finding.family === 'clones')
        .sort((a, b) => b.locations.length - a.locations.length || b.priority - a.priority || (a.canonical_id < b.canonical_id ? -1 : 1)),
    ),
    production_hotspots: ids(findings.filter((finding) => finding.source_kind !== 'tests' && finding.severity !== 'info')),
  };
  return {
    suggestions: findings.slice(0, SUGGESTIONS).map((finding) => ({
      finding_id: finding.id,
      title: finding.title,
      action: finding.remediation.summary,
      effort: finding.remediation.effort,
    })),
    hotlists: Object.fromEntries(HOTSPOT_KINDS.map((kind) => [kind, hotlists[kind]])) as Record<HotspotKind, string[]>,
  };
}

function familyCounts(findings: readonly Finding[]): FamilyCounts {
  return Object.fromEntries(
    FINDING_FAMILIES.map((family) => [family, findings.filter((finding) => finding.family === family).length]),
  ) as FamilyCounts;
}

export function sourceKindCounts(findings: readonly Pick<Finding, 'source_kind'>[]): Record<SourceKind, number> {
  return {
    production: findings.filter((finding) => finding.source_kind === 'production').length,
    tests: findings.filter((finding) => finding.source_kind === 'tests').length,
    mixed: findings.filter((finding) => finding.source_kind === 'mixed').length,
  };
}

function sourceKindOf(inTest: readonly boolean[]): SourceKind {
  return inTest.every(Boolean) ? 'tests' : inTest.some(Boolean) ? 'mixed' : 'production';
}

function locationOf(symbol: HealthSymbolRow): FindingLocation {
  return { path: symbol.path, line: symbol.startLine, end_line: symbol.endLine, symbol: symbol.qualifiedName };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
