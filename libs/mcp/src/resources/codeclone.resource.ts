import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { NotFoundError, type Principal } from '@lore/domain';
import { REPORT_SECTIONS } from '@lore/domain/schemas/analysis-review';
import { ReportSchema } from '@lore/domain/schemas/code-health';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import type { LoreMcpResourceFamily, LoreMcpResourceTemplate } from '../mcp-tool';

/**
 * The `codeclone://` resources of CodeClone's MCP interface: convenience views over stored runs that
 * never start an analysis. `latest` is the tenant's most recently registered run; `latest/gates` is
 * the calling principal's last evaluate_gates in this server process. Each view is one call of a
 * capability, like a tool: a row of the table below.
 */

interface Services {
  health: CodeHealthService;
  review: AnalysisReviewService;
}

/** What a run-scoped URI names: its run, and the finding of a findings view. */
interface RunParts {
  runId: string;
  findingId: string | undefined;
}

interface CodecloneView {
  name: string;
  uriTemplate: string;
  title: string;
  description: string;
  read(services: Services, parts: RunParts, principal: Principal): Promise<unknown>;
}

const RUN_URI = /^codeclone:\/\/runs\/([0-9a-f]{8}(?:[0-9a-f]{56})?)\/(summary|report\.json|findings\/([^/]+))$/;

const REPORT_DESCRIPTOR = { sections: REPORT_SECTIONS, report: z.toJSONSchema(ReportSchema, { io: 'output' }) };

const VIEWS: readonly CodecloneView[] = [
  {
    name: 'codeclone-latest-summary',
    uriTemplate: 'codeclone://latest/summary',
    title: 'Latest analysis run: summary',
    description: 'get_run_summary of the latest stored run (after at least one run).',
    read: ({ health }, _parts, principal) => health.getRunSummary({}, principal),
  },
  {
    name: 'codeclone-latest-triage',
    uriTemplate: 'codeclone://latest/triage',
    title: 'Latest analysis run: production triage',
    description: 'get_production_triage of the latest stored run (latest only: a run’s triage is the tool’s).',
    read: ({ health }, _parts, principal) => health.getProductionTriage({}, principal),
  },
  {
    name: 'codeclone-latest-report',
    uriTemplate: 'codeclone://latest/report.json',
    title: 'Latest analysis run: canonical report',
    description: 'The canonical report document of the latest stored run (get_report_section all).',
    read: async ({ review }, _parts, principal) => (await review.getReportSection({ section: 'all' }, principal)).content,
  },
  {
    name: 'codeclone-latest-health',
    uriTemplate: 'codeclone://latest/health',
    title: 'Latest analysis run: health',
    description: 'The health score, grade and dimensions of the latest stored run.',
    read: async ({ health }, _parts, principal) => {
      const summary = await health.getRunSummary({}, principal);
      return { run_id: summary.run_id, health: summary.health };
    },
  },
  {
    name: 'codeclone-latest-gates',
    uriTemplate: 'codeclone://latest/gates',
    title: 'Latest gate evaluation',
    description: 'The calling principal’s last evaluate_gates answer in this server process (unavailable before one).',
    read: ({ review }, _parts, principal) => {
      const gates = review.latestGates(principal);
      if (!gates) throw new NotFoundError('No gate evaluation in this session yet.', { hint: 'Call evaluate_gates first.' });
      return Promise.resolve(gates);
    },
  },
  {
    name: 'codeclone-latest-changed',
    uriTemplate: 'codeclone://latest/changed',
    title: 'Latest analysis run: changed files',
    description: 'The changed files and the findings touching them, for a diff-aware latest run (analyze_changed_paths).',
    read: async ({ review }, _parts, principal) => (await review.getReportSection({ section: 'changed' }, principal)).content,
  },
  {
    name: 'codeclone-schema',
    uriTemplate: 'codeclone://schema',
    title: 'Canonical report schema',
    description: 'The JSON Schema of the canonical report and the sections get_report_section reads (always available).',
    read: () => Promise.resolve(REPORT_DESCRIPTOR),
  },
  {
    name: 'codeclone-run-summary',
    uriTemplate: 'codeclone://runs/{run_id}/summary',
    title: 'A stored analysis run: summary',
    description: 'get_run_summary of any stored run (short or full id).',
    read: ({ health }, { runId }, principal) => health.getRunSummary({ run_id: runId }, principal),
  },
  {
    name: 'codeclone-run-report',
    uriTemplate: 'codeclone://runs/{run_id}/report.json',
    title: 'A stored analysis run: canonical report',
    description: 'The canonical report document of any stored run.',
    read: async ({ review }, { runId }, principal) => (await review.getReportSection({ run_id: runId, section: 'all' }, principal)).content,
  },
  {
    name: 'codeclone-run-finding',
    uriTemplate: 'codeclone://runs/{run_id}/findings/{finding_id}',
    title: 'A finding of a stored analysis run',
    description: 'One finding of a stored run in full detail (get_finding detail_level full), by compact or canonical id.',
    read: async ({ health }, { runId, findingId }, principal) =>
      (await health.getFinding({ run_id: runId, finding_id: findingId!, detail_level: 'full' }, principal)).finding,
  },
];

/** The parts of `uri` if `view` reads it: a fixed view reads its own URI, a run view the URIs of its suffix. */
function partsOf(view: CodecloneView, uri: string): RunParts | null {
  if (!view.uriTemplate.includes('{')) return uri === view.uriTemplate ? { runId: '', findingId: undefined } : null;
  const match = RUN_URI.exec(uri);
  if (!match) return null;
  const [, runId, suffix, findingId] = match;
  const viewSuffix = view.uriTemplate.slice('codeclone://runs/{run_id}/'.length);
  const same = findingId === undefined ? suffix === viewSuffix : viewSuffix.startsWith('findings/');
  return same ? { runId: runId!, findingId: findingId === undefined ? undefined : decodeURIComponent(findingId) } : null;
}

/** Every codeclone:// view, one template each. */
@Injectable()
export class CodecloneResources implements LoreMcpResourceFamily {
  readonly templates: readonly LoreMcpResourceTemplate[];

  constructor(health: CodeHealthService, review: AnalysisReviewService) {
    const services = { health, review };
    this.templates = VIEWS.map((view): LoreMcpResourceTemplate => ({
      name: view.name,
      uriTemplate: view.uriTemplate,
      title: view.title,
      description: view.description,
      matches: (uri) => partsOf(view, uri) !== null,
      read: async (uri, principal): Promise<ReadResourceResult> => ({
        contents: [
          { uri, mimeType: 'application/json', text: JSON.stringify(await view.read(services, partsOf(view, uri)!, principal), null, 2) },
        ],
      }),
    }));
  }
}
