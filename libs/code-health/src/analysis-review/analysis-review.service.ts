import { Injectable } from '@nestjs/common';
import { LORE_VERSION } from '@lore/config';
import { canonicalJson, InvalidInputError, NotFoundError, type Principal } from '@lore/domain';
import {
  type AnalysisRuns,
  type BaselineDocument,
  type ClearedSession,
  type ClearSessionRunsInput,
  ClearSessionRunsInputSchema,
  type CompareRunsInput,
  CompareRunsInputSchema,
  type CompareRunsResult,
  type EvaluateGatesInput,
  EvaluateGatesInputSchema,
  type GateEvaluation,
  type GeneratePrSummaryInput,
  GeneratePrSummaryInputSchema,
  type GetBaselineInput,
  GetBaselineInputSchema,
  type GetReportSectionInput,
  GetReportSectionInputSchema,
  type ListAnalysisRunsInput,
  ListAnalysisRunsInputSchema,
  type ListReviewedFindingsInput,
  ListReviewedFindingsInputSchema,
  type MarkFindingReviewedInput,
  MarkFindingReviewedInputSchema,
  type PrSummary,
  type ReportSection,
  type ReviewedFinding,
  type ReviewedFindings,
  type UpdateBaselineInput,
  UpdateBaselineInputSchema,
} from '@lore/domain/schemas/analysis-review';
import { GetRunSummaryInputSchema, type Report } from '@lore/domain/schemas/code-health';
import { AnalysisReviewRepository, CodeGraphRepository } from '@lore/graph';
import { SourceRepository } from '@lore/indexer';
import { CodeHealthService, type LoadedRun } from '../code-health/code-health.service';
import { findingById, shortRunId } from '../code-health/report-views';
import { ImpactService } from '@lore/knowledge/impact/impact.service';
import { Operation } from '@lore/knowledge/operations/operation';
import { parseInput } from '@lore/knowledge/validation';
import { baselineOf, trustedBaseline } from './baselines';
import { evaluateGates } from './gates';
import { type PrImpact, prSummary } from './pr-summary';
import { reportSection } from './report-sections';
import { ReviewSessions } from './review-session';
import { compareReports } from './run-comparison';
import { type SarifLog, sarifLog } from './sarif';

/** How many affected symbols, tests and documents a PR summary names. */
const IMPACT_LIMIT = 50;

/**
 * Analysis in review and CI (CodeClone's MCP interface's compare_runs, evaluate_gates,
 * get_report_section, generate_pr_summary and session review markers, and the baselines CodeClone's
 * CI trusts): projections of stored runs and of the repository's stored baseline. Runs are read
 * through CodeHealthService's plain loadRun and impact through ImpactService.impactOf, below the gate.
 * Runs, baselines and sessions move without the graph's view changing, so no answer here is cached.
 */
@Injectable()
export class AnalysisReviewService {
  private readonly sessions = new ReviewSessions();

  constructor(
    private readonly runs: CodeHealthService,
    private readonly store: AnalysisReviewRepository,
    private readonly graph: CodeGraphRepository,
    private readonly sources: SourceRepository,
    private readonly impact: ImpactService,
  ) {}

  @Operation('compare_runs', { kind: 'read', cached: false })
  async compareRuns(input: CompareRunsInput, principal: Principal): Promise<CompareRunsResult> {
    const query = parseInput(CompareRunsInputSchema, input);
    const [before, after] = await Promise.all([
      this.runs.loadRun(principal, query.run_id_before),
      this.runs.loadRun(principal, query.run_id_after),
    ]);
    return compareReports(before.report, after.report, query.focus);
  }

  /** Previews CI's gates; the evaluation becomes the session's latest (codeclone://latest/gates). */
  @Operation('evaluate_gates', { kind: 'read', cached: false })
  async evaluateGates(input: EvaluateGatesInput, principal: Principal): Promise<GateEvaluation> {
    const query = parseInput(EvaluateGatesInputSchema, input);
    const { report } = await this.runs.loadRun(principal, query.run_id);
    const baseline = query.baseline === 'none' ? null : await this.storedBaseline(principal, report.meta.repository);
    const gates = evaluateGates(report, baseline, query);
    this.sessions.rememberGates(principal, gates);
    return gates;
  }

  /** evaluate_gates against a baseline document the caller holds (lore check --baseline <file>), checked first. Below the gate: the CLI's. */
  async evaluateGatesWithBaseline(
    input: EvaluateGatesInput,
    baselineText: string,
    source: string,
    principal: Principal,
  ): Promise<GateEvaluation> {
    const query = parseInput(EvaluateGatesInputSchema, input);
    const baseline = trustedBaseline(baselineText, source);
    const { report } = await this.runs.loadRun(principal, query.run_id);
    if (baseline.repository !== report.meta.repository) {
      throw new InvalidInputError(`The baseline ${source} is of ${baseline.repository}, not of ${report.meta.repository}.`, {
        details: { contract: 'baseline', reason: 'other_repository' },
      });
    }
    return evaluateGates(report, baseline, query);
  }

  /** Accepts every finding of a run as the repository's baseline: an admin's act, never an agent's read tool. */
  @Operation('update_baseline', { kind: 'admin' })
  async updateBaseline(input: UpdateBaselineInput, principal: Principal): Promise<BaselineDocument> {
    const query = parseInput(UpdateBaselineInputSchema, input);
    const { report } = await this.runs.loadRun(principal, query.run_id, query.repository ?? null);
    const baseline = baselineOf(report);
    await this.store.putBaseline(principal, baseline.repository, baseline.digest, canonicalJson(baseline));
    return baseline;
  }

  @Operation('get_baseline', { kind: 'read', cached: false })
  async getBaseline(input: GetBaselineInput, principal: Principal): Promise<BaselineDocument> {
    const query = parseInput(GetBaselineInputSchema, input);
    const baseline = await this.storedBaseline(principal, query.repository);
    if (!baseline) {
      throw new NotFoundError(`No baseline is stored for ${query.repository}.`, {
        hint: 'Accept a run as the baseline with lore analyze --update-baseline.',
        details: { reason: 'baseline_not_found', repository: query.repository },
      });
    }
    return baseline;
  }

  @Operation('get_report_section', { kind: 'read', cached: false })
  async getReportSection(input: GetReportSectionInput, principal: Principal): Promise<ReportSection> {
    const query = parseInput(GetReportSectionInputSchema, input);
    return reportSection(await this.runs.loadRun(principal, query.run_id), query);
  }

  @Operation('generate_pr_summary', { kind: 'read', cached: false })
  async generatePrSummary(input: GeneratePrSummaryInput, principal: Principal): Promise<PrSummary> {
    const query = parseInput(GeneratePrSummaryInputSchema, input);
    const run = await this.runs.loadRun(principal, query.run_id);
    const { repository } = run.report.meta;
    const changed =
      query.changed_paths ??
      (query.git_diff_ref === undefined ? run.changed : await this.changedFiles(principal, repository, query.git_diff_ref));
    const baseline = await this.storedBaseline(principal, repository);
    const gates = evaluateGates(run.report, baseline, parseInput(EvaluateGatesInputSchema, {}));
    return prSummary(run.report, changed, baseline, gates.verdict, await this.impactOf(principal, run.report, changed), query.format);
  }

  /** The run as SARIF 2.1.0, new/unchanged against the stored baseline. */
  @Operation('export_sarif', { kind: 'read', cached: false })
  async exportSarif(input: { run_id?: string }, principal: Principal): Promise<SarifLog> {
    const query = parseInput(GetRunSummaryInputSchema, input);
    const { report } = await this.runs.loadRun(principal, query.run_id);
    return sarifLog(report, await this.storedBaseline(principal, report.meta.repository), LORE_VERSION);
  }

  @Operation('mark_finding_reviewed', { kind: 'read', cached: false })
  async markFindingReviewed(input: MarkFindingReviewedInput, principal: Principal): Promise<ReviewedFinding> {
    const query = parseInput(MarkFindingReviewedInputSchema, input);
    const { report } = await this.runs.loadRun(principal, query.run_id);
    const finding = findingById(report, query.finding_id);
    if (!finding) {
      throw new NotFoundError(`No finding ${query.finding_id} in run ${shortRunId(report.integrity.digest)}.`, {
        hint: 'List the run’s findings with list_findings.',
        details: { reason: 'finding_not_found', finding_id: query.finding_id },
      });
    }
    const review: ReviewedFinding = {
      run_id: shortRunId(report.integrity.digest),
      finding_id: finding.id,
      canonical_id: finding.canonical_id,
      title: finding.title,
      note: query.note ?? null,
      reviewed_at: new Date().toISOString(),
    };
    this.sessions.mark(principal, review);
    return review;
  }

  @Operation('list_reviewed_findings', { kind: 'read', cached: false })
  async listReviewedFindings(input: ListReviewedFindingsInput, principal: Principal): Promise<ReviewedFindings> {
    const query = parseInput(ListReviewedFindingsInputSchema, input);
    const { report } = await this.runs.loadRun(principal, query.run_id);
    const runId = shortRunId(report.integrity.digest);
    return { run_id: runId, items: this.sessions.reviewsOf(principal, runId) };
  }

  @Operation('clear_session_runs', { kind: 'read', cached: false })
  async clearSessionRuns(input: ClearSessionRunsInput, principal: Principal): Promise<ClearedSession> {
    parseInput(ClearSessionRunsInputSchema, input);
    const hadGates = this.sessions.latestGates(principal) !== null;
    return { cleared_reviews: this.sessions.clear(principal), cleared_gate_evaluation: hadGates, runs_kept: true };
  }

  /** The stored runs, oldest first, with their health: the analysis page's chart. */
  @Operation('list_analysis_runs', { kind: 'read', cached: false })
  async listAnalysisRuns(input: ListAnalysisRunsInput, principal: Principal): Promise<AnalysisRuns> {
    const query = parseInput(ListAnalysisRunsInputSchema, input);
    const reports = (await this.store.listRunReports(principal, query.repository ?? null)).map((text) => JSON.parse(text) as Report);
    return {
      items: reports.map((report) => ({
        run_id: shortRunId(report.integrity.digest),
        repository: report.meta.repository,
        commit: report.meta.commit,
        mode: report.meta.mode,
        health: report.metrics.summary.health,
        findings: report.findings.summary.total,
      })),
    };
  }

  /** The session's latest gate evaluation (codeclone://latest/gates), or null before evaluate_gates. */
  latestGates(principal: Principal): GateEvaluation | null {
    return this.sessions.latestGates(principal);
  }

  /** A stored run, for the doors that compose review answers (resources, the CLI). */
  loadRun(principal: Principal, runId?: string, repositoryId: string | null = null): Promise<LoadedRun> {
    return this.runs.loadRun(principal, runId, repositoryId);
  }

  /** The repository's stored baseline, checked (an untrusted one is refused with its reason), or null. */
  async storedBaseline(principal: Principal, repositoryId: string): Promise<BaselineDocument | null> {
    const text = await this.store.getBaseline(principal, repositoryId);
    return text === null ? null : trustedBaseline(text, `stored for ${repositoryId}`);
  }

  private async changedFiles(principal: Principal, repositoryId: string, ref: string): Promise<string[]> {
    const repository = (await this.graph.listRepositories(principal)).find((candidate) => candidate.repositoryId === repositoryId);
    if (!repository) throw new NotFoundError(`No indexed repository ${repositoryId}.`, { hint: 'Index it first (lore index).' });
    return [...new Set((await this.sources.changedFiles(repository, ref)).map((file) => file.path))].sort();
  }

  /** What the changed files reach, from analyze_impact below the gate; nothing for a whole-repository scope. */
  private async impactOf(principal: Principal, report: Report, changed: readonly string[] | null): Promise<PrImpact> {
    if (changed === null || changed.length === 0) return { affected_symbols: [], tests_to_run: [], documents: [] };
    const impact = await this.impact.impactOf(
      { paths: [...changed], repositoryId: report.meta.repository, limit: IMPACT_LIMIT },
      principal,
    );
    return {
      affected_symbols: impact.affected.map((step) => step.symbol.qualifiedName),
      tests_to_run: impact.tests.slice(0, IMPACT_LIMIT).map((test) => `${test.test.path}: ${test.test.qualifiedName}`),
      documents: impact.documents.slice(0, IMPACT_LIMIT).map((section) => `${section.documentPath}#${section.title}`),
    };
  }
}
