import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetReportSectionInput, GetReportSectionInputSchema, ReportSectionSchema } from '@lore/domain/schemas/analysis-review';
import { AnalysisReviewService } from '@lore/code-health/analysis-review/analysis-review.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetReportSectionTool implements LoreMcpTool<typeof GetReportSectionInputSchema, typeof ReportSectionSchema> {
  readonly name = 'get_report_section';
  readonly title = 'Read a section of a canonical analysis report';
  readonly description =
    'A section of a stored run’s canonical report (run_id; omitted: the latest): all (the whole document, as codeclone://latest/report.json), meta, inventory, findings, metrics (metrics.summary only), derived, integrity, metrics_detail (bounded: without family or path the summary and a hint; with family functions|classes|modules|health and/or path a page by offset and limit), changed (diff-aware runs only; a contract error otherwise).';
  readonly version = FIRST_VERSION;
  readonly input = GetReportSectionInputSchema;
  readonly output = ReportSectionSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly review: AnalysisReviewService) {}

  call(args: GetReportSectionInput, principal: Principal): Promise<z.output<typeof ReportSectionSchema>> {
    return this.review.getReportSection(args, principal);
  }

  next(answer: z.output<typeof ReportSectionSchema>): NextCall[] {
    return answer.section === 'metrics_detail' && typeof answer.content.next_offset === 'number'
      ? [
          {
            tool: 'get_report_section',
            arguments: { run_id: answer.run_id, section: 'metrics_detail', offset: answer.content.next_offset },
            why: 'The next page.',
          },
        ]
      : [];
  }
}
