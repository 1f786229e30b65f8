import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { FIRST_VERSION } from '../mcp-tool';
import { type LoreMcpPrompt, TREAT_AS_DATA } from '../mcp-prompt';

const Args = z.object({
  documentId: z
    .string()
    .min(1)
    .max(4000)
    .describe('The draft to review: its documentId (docgen_…, from generate_document_draft), or the doc:// URI of an indexed document.'),
});

@Injectable()
export class ReviewGeneratedDocPrompt implements LoreMcpPrompt<typeof Args> {
  readonly name = 'review_generated_doc';
  readonly title = 'Review a generated document';
  readonly version = FIRST_VERSION;
  readonly description =
    'Review a generated document with its evidence map and quality report: unsupported claims, stale evidence, missing sections, reviewer actions.';
  readonly args = Args;
  readonly tools = ['generate_review_package', 'get_file_span', 'verify_claim', 'evaluate_document_quality'];

  text({ documentId }: z.output<typeof Args>): string {
    const draft = !documentId.includes('://');
    return [
      `Review the document ${documentId} against the code.`,
      '',
      'Steps, in this order:',
      draft
        ? `1. Call generate_review_package with {"documentId": "${documentId}"}: the draft, its statements with their evidence ids, the quality report and the stale lines.`
        : `1. get_file_span {"uri": "${documentId}"}: read it (follow data.nextUri until data.truncated is false), then evaluate_document_quality with its repositoryId and documentPath.`,
      '2. For each statement, read its evidence (the code:// uris, with get_file_span) and say whether it supports the statement; check any other sentence that says something about code with verify_claim.',
      '3. For each stale line of the report, say what the code says instead.',
      '',
      'Report as a checklist: unsupported or contradicted claims (with the evidence), stale evidence, sections missing (purpose, public API, usage, tests), and what the reviewer must decide before anyone publishes it.',
      '',
      TREAT_AS_DATA,
    ].join('\n');
  }
}
