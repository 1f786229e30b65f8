import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, LORE_VERSION, type LoreConfig } from '@lore/config';
import { canonicalJson, InvalidInputError, NotFoundError, type Principal, ResourceExhaustedError } from '@lore/domain';
import {
  type AnalysisFindings,
  type AnalysisFindingsInput,
  AnalysisFindingsInputSchema,
  type AnalyzeChangedPathsInput,
  AnalyzeChangedPathsInputSchema,
  type AnalyzeRepositoryInput,
  AnalyzeRepositoryInputSchema,
  type AnalyzeRepositoryQuery,
  type ChangedRun,
  type CheckClonesInput,
  CheckClonesInputSchema,
  type CheckCohesionInput,
  CheckCohesionInputSchema,
  type CheckComplexityInput,
  CheckComplexityInputSchema,
  type CheckCouplingInput,
  CheckCouplingInputSchema,
  type CheckDeadCodeInput,
  CheckDeadCodeInputSchema,
  type CheckResult,
  type DetailLevel,
  type Finding,
  type FindingLocation,
  type FindingFamily,
  type GetProductionTriageInput,
  GetProductionTriageInputSchema,
  type GetRemediationInput,
  GetRemediationInputSchema,
  type HotspotList,
  type ListHotspotsInput,
  ListHotspotsInputSchema,
  type ProductionTriage,
  type RemediationAnswer,
  type SourceKind,
  type FindingAnswer,
  type FindingList,
  type GetFindingInput,
  GetFindingInputSchema,
  type GetRunSummaryInput,
  GetRunSummaryInputSchema,
  type ListFindingsInput,
  ListFindingsInputSchema,
  type Report,
  type RunSummary,
} from '@lore/domain/schemas/code-health';
import type { SymbolHealth } from '@lore/domain/schemas/code-health-symbols';
import { AnalysisReviewRepository, CodeGraphRepository, CodeHealthRepository, type RepositoryRecord } from '@lore/graph';
import { codeLanguages, SourceRepository } from '@lore/indexer';
import { trustedBaseline } from '../analysis-review/baselines';
import { Operation } from '@lore/knowledge/operations/operation';
import { parseInput } from '@lore/knowledge/validation';
import { buildReport } from './analysis-report';
import { MANIFEST_PATHS, publicationOf } from './publication';
import { ALL_NAME, withDeclaredAll } from './python-all';
import { deadCodeQuestions } from './reachability';
import type { CoverageReading } from './coverage-join';
import {
  changedRun,
  familyHealth,
  filteredFindings,
  findingsWithInformation,
  findingById,
  findingView,
  HEALTH_SCOPE,
  pageOf,
  runSummary,
  shortRunId,
  type StoredBaseline,
  thresholdContext,
  touches,
} from './report-views';

/** The largest Cobertura file a run reads (a report of a million lines is about 60 MB). */
const MAX_COVERAGE_XML_BYTES = 128 * 1024 * 1024;

/** A stored run, its report parsed. */
export interface LoadedRun {
  report: Report;
  changed: string[] | null;
}

/**
 * Code health analysis runs as CodeClone's MCP surface describes them (), over the indexed
 * graph: analyze_* reads the facts of the served commit, builds the canonical report, and registers
 * it as the tenant's latest run (its digest is the run id); every reading tool is a projection of a
 * stored report. Runs change no answer of the graph, but a cached answer would skip registering or
 * read an older latest run: none of these operations is answered from the cache.
 */
@Injectable()
export class CodeHealthService {
  constructor(
    private readonly graph: CodeGraphRepository,
    private readonly health: CodeHealthRepository,
    private readonly sources: SourceRepository,
    private readonly baselines: AnalysisReviewRepository,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  @Operation('analyze_repository', { kind: 'read', cached: false })
  async analyzeRepository(input: AnalyzeRepositoryInput, principal: Principal): Promise<RunSummary> {
    const query = parseInput(AnalyzeRepositoryInputSchema, input);
    const repository = await this.repositoryOf(principal, query);
    const report = await this.analyze(principal, repository, query, null);
    return runSummary(report, LORE_VERSION, await this.storedBaseline(principal, report.meta.repository));
  }

  @Operation('analyze_changed_paths', { kind: 'read', cached: false })
  async analyzeChangedPaths(input: AnalyzeChangedPathsInput, principal: Principal): Promise<ChangedRun> {
    const query = parseInput(AnalyzeChangedPathsInputSchema, input);
    const repository = await this.repositoryOf(principal, query);
    const changed =
      query.changed_paths ??
      [...new Set((await this.sources.changedFiles(repository, query.git_diff_ref!)).map((file) => file.path))].sort();
    const report = await this.analyze(principal, repository, query, changed);
    return changedRun(report, changed, await this.storedBaseline(principal, report.meta.repository));
  }

  @Operation('get_run_summary', { kind: 'read', cached: false })
  async getRunSummary(input: GetRunSummaryInput, principal: Principal): Promise<RunSummary> {
    const query = parseInput(GetRunSummaryInputSchema, input);
    const { report } = await this.loadRun(principal, query.run_id);
    return runSummary(report, LORE_VERSION, await this.storedBaseline(principal, report.meta.repository));
  }

  @Operation('list_findings', { kind: 'read', cached: false })
  async listFindings(input: ListFindingsInput, principal: Principal): Promise<FindingList> {
    const { run_id, detail_level, offset, limit, ...filters } = parseInput(ListFindingsInputSchema, input);
    const { report } = await this.loadRun(principal, run_id);
    return pageOf(report, filteredFindings(report, filters), detail_level, offset, limit);
  }

  /** list_findings for GraphQL: the canonical findings, whose fields the query picks. */
  @Operation('list_findings', { kind: 'read', cached: false })
  async analysisFindings(input: AnalysisFindingsInput, principal: Principal): Promise<AnalysisFindings> {
    const { run_id, offset, limit, ...filters } = parseInput(AnalysisFindingsInputSchema, input);
    const { report } = await this.loadRun(principal, run_id);
    const findings = filteredFindings(report, filters);
    return {
      run_id: shortRunId(report.integrity.digest),
      total: findings.length,
      offset,
      items: findings.slice(offset, offset + limit),
      next_offset: offset + limit < findings.length ? offset + limit : null,
    };
  }

  @Operation('get_finding', { kind: 'read', cached: false })
  async getFinding(input: GetFindingInput, principal: Principal): Promise<FindingAnswer> {
    const query = parseInput(GetFindingInputSchema, input);
    const { report } = await this.loadRun(principal, query.run_id);
    const finding = this.findingOf(report, query.finding_id);
    return { run_id: shortRunId(report.integrity.digest), finding: findingView(finding, query.detail_level, report) };
  }

  @Operation('get_production_triage', { kind: 'read', cached: false })
  async getProductionTriage(input: GetProductionTriageInput, principal: Principal): Promise<ProductionTriage> {
    const query = parseInput(GetProductionTriageInputSchema, input);
    const { report } = await this.loadRun(principal, query.run_id);
    const hotspots = report.derived.hotlists.production_hotspots.slice(0, query.max_hotspots).map((id) => findingById(report, id)!);
    return {
      run_id: shortRunId(report.integrity.digest),
      focus: 'production: findings in production code first, test-only findings left out of the hotspots',
      health_scope: HEALTH_SCOPE,
      health: report.metrics.summary.health,
      findings: {
        total: report.findings.summary.total,
        production: report.findings.summary.by_source_kind.production,
        by_family: report.findings.summary.by_family,
      },
      hotspots: hotspots.map((finding) => findingView(finding, 'summary', report)),
      suggestions: report.derived.suggestions.slice(0, query.max_suggestions),
      thresholds: report.meta.analysis_thresholds.design_findings,
    };
  }

  @Operation('get_remediation', { kind: 'read', cached: false })
  async getRemediation(input: GetRemediationInput, principal: Principal): Promise<RemediationAnswer> {
    const query = parseInput(GetRemediationInputSchema, input);
    const { report } = await this.loadRun(principal, query.run_id);
    const finding = this.findingOf(report, query.finding_id);
    const { remediation } = finding;
    const base = {
      run_id: shortRunId(report.integrity.digest),
      finding_id: finding.id,
      title: finding.title,
      summary: remediation.summary,
      effort: remediation.effort,
    };
    if (query.detail_level === 'summary')
      return { ...base, locations: finding.locations.map((location) => `${location.path}:${location.line}`) };
    const normal = { ...base, steps: remediation.steps, locations: finding.locations };
    return query.detail_level === 'normal' ? normal : { ...normal, priority_factors: finding.priority_factors };
  }

  @Operation('list_hotspots', { kind: 'read', cached: false })
  async listHotspots(input: ListHotspotsInput, principal: Principal): Promise<HotspotList> {
    const query = parseInput(ListHotspotsInputSchema, input);
    const { report } = await this.loadRun(principal, query.run_id);
    const findings = report.derived.hotlists[query.kind]
      .map((id) => findingById(report, id)!)
      .filter((finding) => query.changed_paths === undefined || touches(finding, query.changed_paths));
    return {
      run_id: shortRunId(report.integrity.digest),
      kind: query.kind,
      items: findings.slice(0, query.limit).map((finding) => findingView(finding, query.detail_level, report)),
    };
  }

  @Operation('check_clones', { kind: 'read', cached: false })
  async checkClones(input: CheckClonesInput, principal: Principal): Promise<CheckResult> {
    const query = parseInput(CheckClonesInputSchema, input);
    return this.check(principal, query, 'clones', (finding) => query.clone_type === undefined || finding.clone_type === query.clone_type, {
      source_kind: query.source_kind,
    });
  }

  @Operation('check_complexity', { kind: 'read', cached: false })
  async checkComplexity(input: CheckComplexityInput, principal: Principal): Promise<CheckResult> {
    const query = parseInput(CheckComplexityInputSchema, input);
    const least = query.min_complexity;
    return this.check(principal, query, 'complexity', (finding) => least === undefined || (finding.metric?.value ?? 0) >= least, {}, least);
  }

  @Operation('check_coupling', { kind: 'read', cached: false })
  async checkCoupling(input: CheckCouplingInput, principal: Principal): Promise<CheckResult> {
    return this.check(principal, parseInput(CheckCouplingInputSchema, input), 'coupling', () => true, {});
  }

  @Operation('check_cohesion', { kind: 'read', cached: false })
  async checkCohesion(input: CheckCohesionInput, principal: Principal): Promise<CheckResult> {
    return this.check(principal, parseInput(CheckCohesionInputSchema, input), 'cohesion', () => true, {});
  }

  @Operation('check_dead_code', { kind: 'read', cached: false })
  async checkDeadCode(input: CheckDeadCodeInput, principal: Principal): Promise<CheckResult> {
    const query = parseInput(CheckDeadCodeInputSchema, input);
    const severities =
      query.min_severity === 'warning' || query.min_severity === 'critical' ? ['critical', 'warning'] : ['critical', 'warning', 'info'];
    return this.check(principal, query, 'dead_code', (finding) => severities.includes(finding.severity), {}, undefined, true);
  }

  /**
   * Code health of symbols by uid, in their order (null for one unknown or hidden): the stored
   * complexity, and from the latest run of each one's repository its clone siblings and dead-code
   * finding (none without a run). Below the gate, for the explorer's Symbol fields (one batch per request).
   */
  async symbolHealth(principal: Principal, uids: readonly string[]): Promise<(SymbolHealth | null)[]> {
    const rows = new Map((await this.health.symbolMeasures(principal, uids)).map((row) => [row.uid, row]));
    const reports = new Map<string, Report | null>();
    for (const repositoryId of new Set([...rows.values()].map((row) => row.repositoryId))) {
      const stored = await this.health.getRun(principal, null, repositoryId);
      reports.set(repositoryId, stored ? (JSON.parse(stored.report) as Report) : null);
    }
    return uids.map((uid) => {
      const row = rows.get(uid);
      if (!row) return null;
      const report = reports.get(row.repositoryId) ?? null;
      const isThis = (place: FindingLocation) => place.path === row.path && place.symbol === row.qualifiedName;
      const findings = report ? findingsWithInformation(report).filter((finding) => finding.locations.some(isThis)) : [];
      const runId = report ? shortRunId(report.integrity.digest) : '';
      const clones = findings
        .filter((finding) => finding.family === 'clones')
        .flatMap((finding) =>
          finding.locations
            .filter((place) => !isThis(place))
            .map((place) => ({
              finding_id: finding.id,
              run_id: runId,
              clone_type: finding.clone_type!,
              similarity: finding.metric?.value ?? 1,
              ...place,
            })),
        );
      const dead = findings.find((finding) => finding.family === 'dead_code');
      return {
        complexity: row.complexity,
        cognitiveComplexity: row.cognitiveComplexity,
        clones,
        deadCode: dead
          ? { finding_id: dead.id, run_id: runId, status: dead.status!, confidence: dead.confidence, message: dead.message }
          : null,
      };
    });
  }

  /** A stored run by short or full id, or the latest (of one repository when named); run-not-found otherwise. Below the gate, for the reading tools. */
  async loadRun(principal: Principal, runId: string | undefined, repositoryId: string | null = null): Promise<LoadedRun> {
    const stored = await this.health.getRun(principal, runId ?? null, repositoryId);
    if (!stored) {
      throw new NotFoundError(runId === undefined ? 'No analysis run is stored yet.' : `No run ${runId} is stored.`, {
        hint: 'Run analyze_repository (or analyze_changed_paths) first; only the latest runs are kept.',
        details: { reason: 'run_not_found', run_id: runId ?? null },
      });
    }
    return {
      report: JSON.parse(stored.report) as Report,
      changed: stored.changed === null ? null : (JSON.parse(stored.changed) as string[]),
    };
  }

  /**
   * The repository's stored baseline as a summary judges with it: a summary is a read, so a stored
   * baseline that fails its check is told (status untrusted, with the reason), not thrown.
   */
  private async storedBaseline(principal: Principal, repositoryId: string): Promise<StoredBaseline> {
    const text = await this.baselines.getBaseline(principal, repositoryId);
    if (text === null) return { document: null, untrustedReason: null };
    try {
      return { document: trustedBaseline(text, `stored for ${repositoryId}`), untrustedReason: null };
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return { document: null, untrustedReason: String(error.details?.reason ?? 'untrusted') };
    }
  }

  /**
   * The run's Cobertura file, read from the checkout: a path outside the repository root is refused
   * before anything is read; a missing or unreadable one becomes an invalid coverage join.
   */
  private async coverageOf(repository: RepositoryRecord, coverageXml: string): Promise<CoverageReading> {
    const read = await this.sources.readUnderRoot(repository, coverageXml, MAX_COVERAGE_XML_BYTES);
    if (read.kind === 'outside') {
      throw new InvalidInputError(`coverage_xml ${coverageXml} is outside the repository root ${repository.rootPath}.`, {
        hint: 'Give the Cobertura file relative to the repository root, or an absolute path inside it.',
        details: { contract: 'coverage_xml', reason: 'outside_root' },
      });
    }
    return read.kind === 'text'
      ? { source: read.path, root: repository.rootPath, text: read.text }
      : { source: read.path, unreadable: read.reason };
  }

  private findingOf(report: Report, id: string): Finding {
    const finding = findingById(report, id);
    if (!finding) {
      throw new NotFoundError(`No finding ${id} in run ${shortRunId(report.integrity.digest)}.`, {
        hint: 'List the run’s findings with list_findings.',
        details: { reason: 'finding_not_found', finding_id: id },
      });
    }
    return finding;
  }

  /** One family's findings of a run (of root's repository when given), filtered, with that family's health and, for an empty design check, its threshold context. */
  private async check(
    principal: Principal,
    query: { run_id?: string; root?: string; path?: string; detail_level: DetailLevel },
    family: FindingFamily,
    keep: (finding: Finding) => boolean,
    filters: { source_kind?: SourceKind },
    threshold?: number,
    withInformation = false,
  ): Promise<CheckResult> {
    const repositoryId = query.root === undefined ? null : (await this.repositoryOf(principal, { root: query.root })).repositoryId;
    const { report } = await this.loadRun(principal, query.run_id, repositoryId);
    const asked = { family, novelty: 'all', sort_by: 'priority', path: query.path, ...filters } as const;
    // Information items (severity info, a library's unused public names) follow the findings: listed here, counted nowhere.
    const told = withInformation ? filteredFindings(report, asked, report.findings.information ?? []) : [];
    const findings = [...filteredFindings(report, asked), ...told].filter(keep);
    const design = family === 'complexity' || family === 'coupling' || family === 'cohesion';
    return {
      run_id: shortRunId(report.integrity.digest),
      family,
      health: familyHealth(report, family),
      total: findings.length,
      items: findings.map((finding) => findingView(finding, query.detail_level, report)),
      threshold_context: design && findings.length === 0 ? thresholdContext(report, family, threshold) : null,
    };
  }

  private async repositoryOf(principal: Principal, query: { root?: string; repository?: string }): Promise<RepositoryRecord> {
    const repositories = await this.graph.listRepositories(principal);
    if (query.repository !== undefined) {
      const found = repositories.find((repository) => repository.repositoryId === query.repository);
      if (!found) throw new NotFoundError(`No indexed repository ${query.repository}.`, { hint: 'Index it first (lore index).' });
      return found;
    }
    const root = query.root!.replace(/[\\/]+$/, '');
    const found = repositories.find((repository) => repository.rootPath.replace(/[\\/]+$/, '') === root);
    if (!found) {
      throw new InvalidInputError(`root ${root} is not the checkout of an indexed repository.`, {
        hint: 'Give the absolute path a repository was indexed from, or its repository id (repository).',
        details: { contract: 'root' },
      });
    }
    return found;
  }

  private async analyze(
    principal: Principal,
    repository: RepositoryRecord,
    query: AnalyzeRepositoryQuery,
    changed: string[] | null,
  ): Promise<Report> {
    const coverage = query.coverage_xml === undefined ? undefined : await this.coverageOf(repository, query.coverage_xml);
    const limit = this.config.LORE_ANALYSIS_MAX_SYMBOLS;
    const size = await this.health.sizeOf(principal, repository.repositoryId);
    if (size.symbols > limit) {
      throw new ResourceExhaustedError(`${repository.repositoryId} holds ${size.symbols} symbols, over the analysis limit of ${limit}.`, {
        hint: 'Raise LORE_ANALYSIS_MAX_SYMBOLS to analyse it whole; a partial report is never given.',
        details: { limit: 'LORE_ANALYSIS_MAX_SYMBOLS', value: limit, symbols: size.symbols },
      });
    }
    const indexed = await this.health.readFacts(principal, repository.repositoryId, codeLanguages());
    const pythonPaths = indexed.files.filter((file) => file.language === 'python').map((file) => file.path);
    const declaringAll = await this.sources.filesNaming(repository, ALL_NAME, pythonPaths);
    const facts = withDeclaredAll(indexed, declaringAll, 'uses');
    const publication = publicationOf(await this.sources.filesAtCommit(repository, MANIFEST_PATHS));
    const questions = deadCodeQuestions(facts, repository.callsExact, publication);
    const namesInCode =
      questions.names.length === 0
        ? { occurrences: new Map(), lines: new Map() }
        : await this.sources.namesInCode(repository, questions.names, questions.declarations, questions.codeEndings);
    const report = buildReport(facts, {
      repository: repository.repositoryId,
      commit: repository.commitSha,
      mode: query.analysis_mode,
      thresholds: { complexity: query.complexity_threshold, coupling: query.coupling_threshold, cohesion: query.cohesion_threshold },
      callsExact: repository.callsExact,
      publication,
      namesInCode,
      coverage,
      apiSurface: query.api_surface,
      publishedSymbols: withDeclaredAll(indexed, declaringAll, 'api').symbols,
    });
    await this.health.registerRun(
      principal.tenantId,
      {
        runId: report.integrity.digest,
        shortId: shortRunId(report.integrity.digest),
        repositoryId: repository.repositoryId,
        commitSha: repository.commitSha,
        report: canonicalJson(report),
        changed: changed === null ? null : JSON.stringify(changed),
      },
      this.config.LORE_ANALYSIS_HISTORY_LIMIT,
    );
    return report;
  }
}
