import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { type LoreMcpPrompt, TREAT_AS_DATA } from '../mcp-prompt';

const Args = z.object({
  documentUri: z.string().min(1).max(4000).describe('The doc:// URI of the document to review (get_documents returns them).'),
});

@Injectable()
export class ReviewGeneratedDocPrompt implements LoreMcpPrompt<typeof Args> {
  readonly name = 'review_generated_doc';
  readonly title = 'Review a generated document';
  readonly description = 'Check a document against the code it describes: unsupported claims, stale evidence, missing sections.';
  readonly args = Args;
  readonly tools = ['get_file_span', 'get_symbol', 'get_documents', 'analyze_impact'];

  text({ documentUri }: z.output<typeof Args>): string {
    return [
      `Review the document ${documentUri} against the code.`,
      '',
      'Steps, in this order:',
      `1. get_file_span {"uri": "${documentUri}"}: read it (follow data.nextUri until data.truncated is false).`,
      '2. For every symbol, file or behaviour it claims something about: get_symbol (by name, with repositoryId) and get_file_span on its resourceUri; compare the claim with the code.',
      '3. get_documents for the main symbols: other documents that say something different.',
      '4. analyze_impact on the main symbols when the document describes dependencies or effects.',
      '',
      'Report as a checklist: each claim supported (with the URI of the evidence), unsupported, or contradicted; evidence that looks stale; sections missing; what the reviewer must decide.',
      '',
      TREAT_AS_DATA,
    ].join('\n');
  }
}
