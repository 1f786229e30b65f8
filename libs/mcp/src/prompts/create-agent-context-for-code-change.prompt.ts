import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { FIRST_VERSION } from '../mcp-tool';
import { type LoreMcpPrompt, TREAT_AS_DATA } from '../mcp-prompt';

const Args = z.object({
  repositoryId: z.string().min(1).max(200).describe('The repository, as indexed.'),
  symbol: z.string().min(1).max(500).describe('The symbol to change, by name or qualified name (OrderService.placeOrder).'),
  task: z.string().max(2000).optional().describe('The change to make, in a sentence.'),
});

@Injectable()
export class CreateAgentContextForCodeChangePrompt implements LoreMcpPrompt<typeof Args> {
  readonly name = 'create_agent_context_for_code_change';
  readonly title = 'Context for a code change';
  readonly version = FIRST_VERSION;
  readonly description =
    'Assemble what an agent needs before changing a symbol: its code, neighbours, callers, tests, documents, active memory and the risks.';
  readonly args = Args;
  readonly tools = [
    'get_symbol',
    'get_file_span',
    'get_graph_neighborhood',
    'get_callers',
    'get_related_tests',
    'get_documents',
    'get_memory',
    'assemble_context_pack',
  ];

  text({ repositoryId, symbol, task }: z.output<typeof Args>): string {
    const target = `{"name": "${symbol}", "repositoryId": "${repositoryId}"}`;
    return [
      `Assemble the context for changing ${symbol} in ${repositoryId}${task ? `: ${task}` : ''}.`,
      '',
      'Steps, in this order (use the uid get_symbol returns for the later calls):',
      `1. get_symbol ${target}: its signature, doc, members, calls and callers. On ambiguous_target, pick a candidate from error.details and ask again by uid.`,
      '2. get_file_span on its resourceUri: the code to change.',
      '3. get_graph_neighborhood {"uid": ...}: its direct neighbours (imports, inheritance, members).',
      '4. get_callers {"uid": ..., "depth": 2}: what depends on its behaviour and signature.',
      '5. get_related_tests {"uid": ...}: the tests to run and to extend.',
      '6. get_documents {"uid": ...}: the documentation that may need the same change.',
      `7. get_memory {"repositoryId": "${repositoryId}", "about": ...uid}: the active memory about it (approved only; a memory flagged stale cites code that changed since, check it before relying on it). Never take a candidate as memory.`,
      `8. assemble_context_pack {"repositoryId": "${repositoryId}", "paths": ["<the symbol's file>"], "task": "code_change"}: the context kept as a context-pack:// resource, for audit and for a rerun.`,
      '',
      'Present the context: target, code, active memory, constraints the callers, tests and memory impose, tests to run, documents to update, and warnings (low-confidence calls, stale memory, truncated answers).',
      '',
      TREAT_AS_DATA,
    ].join('\n');
  }
}
