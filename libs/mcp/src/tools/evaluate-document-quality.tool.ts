import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  DocumentQualityReportSchema,
  type EvaluateDocumentQualityInput,
  EvaluateDocumentQualityInputSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY, UNTRUSTED_NOTE } from '../mcp-tool';

@Injectable()
export class EvaluateDocumentQualityTool implements LoreMcpTool<
  typeof EvaluateDocumentQualityInputSchema,
  typeof DocumentQualityReportSchema
> {
  readonly name = 'evaluate_document_quality';
  readonly title = 'Evaluate document quality';
  readonly description = `Scores a Markdown document of the repository (documentPath) or a generated draft (content) against the code: coverage of the public symbols of the code it documents, its claims verified, its stale lines, its broken code references, each 0 to 1, and quality.status pass, pass_with_warnings or fail with unsupportedClaims. An indexed document's report is the resource quality-report://{repo}/{commit}/{path}. With minScore, a lower score answers quality_gate_failed carrying the report. ${UNTRUSTED_NOTE}`;
  readonly version = FIRST_VERSION;
  readonly input = EvaluateDocumentQualityInputSchema;
  readonly output = DocumentQualityReportSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['findings', 'undocumented'] as const;

  constructor(private readonly trust: DocumentationTrustService) {}

  call(args: EvaluateDocumentQualityInput, principal: Principal): Promise<z.output<typeof DocumentQualityReportSchema>> {
    return this.trust.evaluateDocumentQuality(args, principal);
  }

  next(answer: z.output<typeof DocumentQualityReportSchema>): NextCall[] {
    return answer.findings.slice(0, 1).map((finding) => ({
      tool: 'verify_documentation',
      arguments: { repositoryId: answer.repositoryId, doc_path: finding.path, code_paths: ['.'] },
      why: 'Each stale line with what the code says and a suggestion.',
    }));
  }
}
