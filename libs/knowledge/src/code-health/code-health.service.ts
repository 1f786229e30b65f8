import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
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
import { CodeGraphRepository, CodeHealthRepository, type RepositoryRecord } from '@lore/graph';
import { SourceRepository } from '@lore/indexer';
import { Operation } from '../operations/operation';
import { LORE_VERSION } from '../operations/stages/cache.stage';
import { parseInput } from '../validation';
import { buildReport } from './analysis-report';
import { changedRun, filteredFindings, findingById, findingView, pageOf, runSummary, shortRunId } from './report-views';

/** A stored run, its report parsed. */
export interface LoadedRun {
  report: Report;
  changed: string[] | null;
}

/**
 * Code health analysis runs as seed 001 describes them (CodeClone's MCP surface), over the indexed
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
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  @Operation('analyze_repository', { kind: 'read', cached: false })
  async analyzeRepository(input: AnalyzeRepositoryInput, principal: Principal): Promise<RunSummary> {
    const query = parseInput(AnalyzeRepositoryInputSchema, input);
    const repository = await this.repositoryOf(principal, query);
    const report = await this.analyze(principal, repository, query, null);
    return runSummary(report, LORE_VERSION);
  }

  @Operation('analyze_changed_paths', { kind: 'read', cached: false })
  async analyzeChangedPaths(input: AnalyzeChangedPathsInput, principal: Principal): Promise<ChangedRun> {
    const query = parseInput(AnalyzeChangedPathsInputSchema, input);
    const repository = await this.repositoryOf(principal, query);
    const changed =
      query.changed_paths ??
      [...new Set((await this.sources.changedFiles(repository, query.git_diff_ref!)).map((file) => file.path))].sort();
    const report = await this.analyze(principal, repository, query, changed);
    return changedRun(report, changed);
  }

  @Operation('get_run_summary', { kind: 'read', cached: false })
  async getRunSummary(input: GetRunSummaryInput, principal: Principal): Promise<RunSummary> {
    const query = parseInput(GetRunSummaryInputSchema, input);
    const { report } = await this.loadRun(principal, query.run_id);
    return runSummary(report, LORE_VERSION);
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
    const finding = findingById(report, query.finding_id);
    if (!finding) {
      throw new NotFoundError(`No finding ${query.finding_id} in run ${shortRunId(report.integrity.digest)}.`, {
        hint: 'List the run’s findings with list_findings.',
        details: { reason: 'finding_not_found', finding_id: query.finding_id },
      });
    }
    return { run_id: shortRunId(report.integrity.digest), finding: findingView(finding, query.detail_level, report) };
  }

  /** A stored run by short or full id, or the latest; run-not-found otherwise. Below the gate, for the reading tools. */
  async loadRun(principal: Principal, runId: string | undefined): Promise<LoadedRun> {
    const stored = await this.health.getRun(principal, runId ?? null, null);
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
    const limit = this.config.LORE_ANALYSIS_MAX_SYMBOLS;
    const size = await this.health.sizeOf(principal, repository.repositoryId);
    if (size.symbols > limit) {
      throw new ResourceExhaustedError(`${repository.repositoryId} holds ${size.symbols} symbols, over the analysis limit of ${limit}.`, {
        hint: 'Raise LORE_ANALYSIS_MAX_SYMBOLS to analyse it whole; a partial report is never given.',
        details: { limit: 'LORE_ANALYSIS_MAX_SYMBOLS', value: limit, symbols: size.symbols },
      });
    }
    const facts = await this.health.readFacts(principal, repository.repositoryId);
    const report = buildReport(facts, {
      repository: repository.repositoryId,
      commit: repository.commitSha,
      mode: query.analysis_mode,
      thresholds: { complexity: query.complexity_threshold, coupling: query.coupling_threshold, cohesion: query.cohesion_threshold },
      callsExact: repository.callsExact,
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
