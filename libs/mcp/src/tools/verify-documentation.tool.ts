import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type VerifyDocumentationInput,
  VerifyDocumentationInputSchema,
  VerifyDocumentationResultSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY, UNTRUSTED_NOTE } from '../mcp-tool';

@Injectable()
export class VerifyDocumentationTool implements LoreMcpTool<typeof VerifyDocumentationInputSchema, typeof VerifyDocumentationResultSchema> {
  readonly name = 'verify_documentation';
  readonly title = 'Verify documentation';
  readonly description = `Verifies a Markdown document of the repository (doc_path) against its code (code_paths): every line that names code the code no longer has, every sentence the graph contradicts (deep), and the public symbols of code_paths it never names (comprehensive). Answers report_id, summary{total_findings, errors, warnings, accuracy_score} and findings[{severity, type, doc_statement, code_reality, suggestion}] with the line and code:// evidence; a long report continues past the token limit. ${UNTRUSTED_NOTE}`;
  readonly version = FIRST_VERSION;
  readonly input = VerifyDocumentationInputSchema;
  readonly output = VerifyDocumentationResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['findings'] as const;

  constructor(private readonly trust: DocumentationTrustService) {}

  call(args: VerifyDocumentationInput, principal: Principal): Promise<z.output<typeof VerifyDocumentationResultSchema>> {
    return this.trust.verifyDocumentation(args, principal);
  }

  next(answer: z.output<typeof VerifyDocumentationResultSchema>): NextCall[] {
    return answer.findings
      .filter((finding) => finding.evidence.length > 0)
      .slice(0, 1)
      .map((finding) => ({
        tool: 'get_file_span',
        arguments: { uri: finding.evidence[0]!.uri },
        why: 'The code behind the first finding.',
      }));
  }
}
