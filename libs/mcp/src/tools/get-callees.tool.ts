import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetCalleesInput, GetCalleesInputSchema, GetCalleesResultSchema } from '@lore/domain/schemas/callees';
import { CalleesService } from '@lore/knowledge/callees/callees.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetCalleesTool implements LoreMcpTool<typeof GetCalleesInputSchema, typeof GetCalleesResultSchema> {
  readonly name = 'get_callees';
  readonly title = 'Get callees';
  readonly description =
    'What a symbol (by uid, or by name or qualified name) calls: its direct callees, or with depth up to 5 also what those call, nearest first. Each callee has its distance, the call site line, the symbol it was reached through (via), and the weakest confidence (exact, import, name, ambiguous) of the calls on the way; minConfidence follows only surer calls.';
  readonly version = FIRST_VERSION;
  readonly input = GetCalleesInputSchema;
  readonly output = GetCalleesResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['callees'] as const;

  constructor(private readonly callees: CalleesService) {}

  call(args: GetCalleesInput, principal: Principal): Promise<z.output<typeof GetCalleesResultSchema>> {
    return this.callees.getCallees(args, principal);
  }

  next(answer: z.output<typeof GetCalleesResultSchema>): NextCall[] {
    return answer.callees
      .slice(0, 1)
      .map(({ symbol }) => ({ tool: 'get_symbol', arguments: { uid: symbol.uid }, why: `The nearest callee, ${symbol.qualifiedName}.` }));
  }
}
