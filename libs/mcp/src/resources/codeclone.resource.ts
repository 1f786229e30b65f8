import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { NotFoundError, type Principal } from '@lore/domain';
import { REPORT_SECTIONS } from '@lore/domain/schemas/analysis-review';
import { ReportSchema } from '@lore/domain/schemas/code-health';
import { AnalysisReviewService } from '@lore/knowledge/analysis-review/analysis-review.service';
import { CodeHealthService } from '@lore/knowledge/code-health/code-health.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';

/**
 * The `codeclone://` resources of CodeClone's MCP interface: convenience views over stored runs that
 * never start an analysis. `latest` is the tenant's most recently registered run; `latest/gates` is
 * the calling principal's last evaluate_gates in this server process. Each is one call of a
 * capability, like a tool.
 */

const json = (uri: string, value: unknown): ReadResourceResult => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

const RUN_URI = /^codeclone:\/\/runs\/([0-9a-f]{8}(?:[0-9a-f]{56})?)\/(summary|report\.json|findings\/([^/]+))$/;

/** A fixed codeclone:// URI, read by `read`. */
abstract class FixedCodecloneResource implements LoreMcpResourceTemplate {
  abstract readonly name: string;
  abstract readonly uriTemplate: string;
  abstract readonly title: string;
  abstract readonly description: string;
  abstract read(uri: string, principal: Principal): Promise<ReadResourceResult>;

  matches(uri: string): boolean {
    return uri === this.uriTemplate;
  }
}

@Injectable()
export class CodecloneLatestSummaryResource extends FixedCodecloneResource {
  readonly name = 'codeclone-latest-summary';
  readonly uriTemplate = 'codeclone://latest/summary';
  readonly title = 'Latest analysis run: summary';
  readonly description = 'get_run_summary of the latest stored run (after at least one run).';

  constructor(private readonly health: CodeHealthService) {
    super();
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    return json(uri, await this.health.getRunSummary({}, principal));
  }
}

@Injectable()
export class CodecloneLatestTriageResource extends FixedCodecloneResource {
  readonly name = 'codeclone-latest-triage';
  readonly uriTemplate = 'codeclone://latest/triage';
  readonly title = 'Latest analysis run: production triage';
  readonly description = 'get_production_triage of the latest stored run (latest only: a run’s triage is the tool’s).';

  constructor(private readonly health: CodeHealthService) {
    super();
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    return json(uri, await this.health.getProductionTriage({}, principal));
  }
}

@Injectable()
export class CodecloneLatestReportResource extends FixedCodecloneResource {
  readonly name = 'codeclone-latest-report';
  readonly uriTemplate = 'codeclone://latest/report.json';
  readonly title = 'Latest analysis run: canonical report';
  readonly description = 'The canonical report document of the latest stored run (get_report_section all).';

  constructor(private readonly review: AnalysisReviewService) {
    super();
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    return json(uri, (await this.review.getReportSection({ section: 'all' }, principal)).content);
  }
}

@Injectable()
export class CodecloneLatestHealthResource extends FixedCodecloneResource {
  readonly name = 'codeclone-latest-health';
  readonly uriTemplate = 'codeclone://latest/health';
  readonly title = 'Latest analysis run: health';
  readonly description = 'The health score, grade and dimensions of the latest stored run.';

  constructor(private readonly health: CodeHealthService) {
    super();
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const summary = await this.health.getRunSummary({}, principal);
    return json(uri, { run_id: summary.run_id, health: summary.health });
  }
}

@Injectable()
export class CodecloneLatestGatesResource extends FixedCodecloneResource {
  readonly name = 'codeclone-latest-gates';
  readonly uriTemplate = 'codeclone://latest/gates';
  readonly title = 'Latest gate evaluation';
  readonly description = 'The calling principal’s last evaluate_gates answer in this server process (unavailable before one).';

  constructor(private readonly review: AnalysisReviewService) {
    super();
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const gates = this.review.latestGates(principal);
    if (!gates) throw new NotFoundError('No gate evaluation in this session yet.', { hint: 'Call evaluate_gates first.' });
    return json(uri, gates);
  }
}

@Injectable()
export class CodecloneLatestChangedResource extends FixedCodecloneResource {
  readonly name = 'codeclone-latest-changed';
  readonly uriTemplate = 'codeclone://latest/changed';
  readonly title = 'Latest analysis run: changed files';
  readonly description = 'The changed files and the findings touching them, for a diff-aware latest run (analyze_changed_paths).';

  constructor(private readonly review: AnalysisReviewService) {
    super();
  }

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    return json(uri, (await this.review.getReportSection({ section: 'changed' }, principal)).content);
  }
}

@Injectable()
export class CodecloneSchemaResource extends FixedCodecloneResource {
  readonly name = 'codeclone-schema';
  readonly uriTemplate = 'codeclone://schema';
  readonly title = 'Canonical report schema';
  readonly description = 'The JSON Schema of the canonical report and the sections get_report_section reads (always available).';

  private readonly descriptor = { sections: REPORT_SECTIONS, report: z.toJSONSchema(ReportSchema, { io: 'output' }) };

  read(uri: string): Promise<ReadResourceResult> {
    return Promise.resolve(json(uri, this.descriptor));
  }
}

/** The views of one stored run: codeclone://runs/{run_id}/summary, /report.json and /findings/{finding_id}. */
abstract class CodecloneRunView implements LoreMcpResourceTemplate {
  abstract readonly name: string;
  abstract readonly uriTemplate: string;
  abstract readonly title: string;
  abstract readonly description: string;
  protected abstract readonly view: 'summary' | 'report.json' | 'findings';
  protected abstract readView(uri: string, runId: string, findingId: string | undefined, principal: Principal): Promise<ReadResourceResult>;

  matches(uri: string): boolean {
    const view = RUN_URI.exec(uri)?.[2];
    return view !== undefined && (view === this.view || (this.view === 'findings' && view.startsWith('findings/')));
  }

  read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const [, runId, , findingId] = RUN_URI.exec(uri)!;
    return this.readView(uri, runId!, findingId === undefined ? undefined : decodeURIComponent(findingId), principal);
  }
}

@Injectable()
export class CodecloneRunSummaryResource extends CodecloneRunView {
  readonly name = 'codeclone-run-summary';
  readonly uriTemplate = 'codeclone://runs/{run_id}/summary';
  readonly title = 'A stored analysis run: summary';
  readonly description = 'get_run_summary of any stored run (short or full id).';
  protected readonly view = 'summary';

  constructor(private readonly health: CodeHealthService) {
    super();
  }

  protected async readView(uri: string, runId: string, _finding: string | undefined, principal: Principal): Promise<ReadResourceResult> {
    return json(uri, await this.health.getRunSummary({ run_id: runId }, principal));
  }
}

@Injectable()
export class CodecloneRunReportResource extends CodecloneRunView {
  readonly name = 'codeclone-run-report';
  readonly uriTemplate = 'codeclone://runs/{run_id}/report.json';
  readonly title = 'A stored analysis run: canonical report';
  readonly description = 'The canonical report document of any stored run.';
  protected readonly view = 'report.json';

  constructor(private readonly review: AnalysisReviewService) {
    super();
  }

  protected async readView(uri: string, runId: string, _finding: string | undefined, principal: Principal): Promise<ReadResourceResult> {
    return json(uri, (await this.review.getReportSection({ run_id: runId, section: 'all' }, principal)).content);
  }
}

@Injectable()
export class CodecloneRunFindingResource extends CodecloneRunView {
  readonly name = 'codeclone-run-finding';
  readonly uriTemplate = 'codeclone://runs/{run_id}/findings/{finding_id}';
  readonly title = 'A finding of a stored analysis run';
  readonly description = 'One finding of a stored run in full detail (get_finding detail_level full), by compact or canonical id.';
  protected readonly view = 'findings';

  constructor(private readonly health: CodeHealthService) {
    super();
  }

  protected async readView(uri: string, runId: string, findingId: string | undefined, principal: Principal): Promise<ReadResourceResult> {
    return json(uri, (await this.health.getFinding({ run_id: runId, finding_id: findingId!, detail_level: 'full' }, principal)).finding);
  }
}
