import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetCallersInput, GetCallersInputSchema, GetCallersResultSchema } from '@lore/domain/schemas/callers';
import { CallersService } from '@lore/knowledge/callers/callers.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetCallersTool implements LoreMcpTool<typeof GetCallersInputSchema, typeof GetCallersResultSchema> {
  readonly name = 'get_callers';
  readonly title = 'Get callers';
  readonly description =
    'Who calls a symbol (by uid, or by name or qualified name): its direct callers, or with depth up to 5 also the callers of those, nearest first. Each caller has its distance, the call site line, the symbol it calls on the way (via), and the weakest confidence (exact, import, name, ambiguous) of the calls that lead to the target; minConfidence follows only surer calls.';
  readonly version = FIRST_VERSION;
  readonly input = GetCallersInputSchema;
  readonly output = GetCallersResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['callers'] as const;

  constructor(private readonly callers: CallersService) {}

  call(args: GetCallersInput, principal: Principal): Promise<z.output<typeof GetCallersResultSchema>> {
    return this.callers.getCallers(args, principal);
  }

  next(answer: z.output<typeof GetCallersResultSchema>): NextCall[] {
    return [
      {
        tool: 'analyze_impact',
        arguments: { uid: answer.target.uid },
        why: `Everything a change to ${answer.target.qualifiedName} affects, with the tests to run.`,
      },
      ...answer.callers
        .slice(0, 1)
        .map(({ symbol }) => ({ tool: 'get_symbol', arguments: { uid: symbol.uid }, why: `The nearest caller, ${symbol.qualifiedName}.` })),
    ];
  }
}
