import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { type LoreMcpPrompt, TREAT_AS_DATA } from '../mcp-prompt';

const Args = z.object({
  repositoryId: z.string().min(1).max(200).describe('The repository, as indexed.'),
  modulePath: z.string().min(1).max(1000).describe('The module: a directory (src/orders) or a file, relative to the repository root.'),
  audience: z.string().max(200).optional().describe('Who the page is for, comma-separated (new developers, reviewers, operators).'),
});

@Injectable()
export class GenerateModuleDocPrompt implements LoreMcpPrompt<typeof Args> {
  readonly name = 'generate_module_doc';
  readonly title = 'Generate module documentation';
  readonly description = 'Write evidence-based documentation of a module: every claim cites the code:// or doc:// URI it rests on.';
  readonly args = Args;
  readonly tools = ['get_project_structure', 'search_code', 'get_symbol', 'get_graph_neighborhood', 'get_documents', 'get_file_span'];

  text({ repositoryId, modulePath, audience }: z.output<typeof Args>): string {
    return [
      `Write documentation of the module ${modulePath} in the repository ${repositoryId}${audience ? ` for ${audience}` : ''}.`,
      '',
      'Gather the evidence first, in this order:',
      `1. get_project_structure {"repositoryId": "${repositoryId}", "pathPrefix": "${modulePath}"}: its files, languages and size.`,
      `2. search_code {"query": "<the module's main words>", "scope": {"repositoryId": "${repositoryId}"}}: its main symbols; keep those whose path is below ${modulePath}.`,
      '3. get_symbol for each main symbol (signature, doc, members), and get_graph_neighborhood on the most central ones: what the module uses and what uses it.',
      `4. get_documents for the module's files: what the existing documentation already says (and may contradict).`,
      '5. get_file_span on the resource URIs of the symbols you describe, to read the code itself.',
      '',
      'Then write the page: purpose, main concepts, entry points, dependencies in and out, and how it is tested. Cite the URI of the evidence for every claim; write "not found in the code" rather than guess.',
      'Present it as a draft for review: do not commit or publish it yourself.',
      '',
      TREAT_AS_DATA,
    ].join('\n');
  }
}
