import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { type GetCalleesInput, GetCalleesInputSchema, GetCalleesResultSchema } from '@lore/domain/schemas/callees';
import { CalleesService } from '@lore/knowledge/callees/callees.service';
import { type LoreMcpTool, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetCalleesTool implements LoreMcpTool<typeof GetCalleesInputSchema> {
  readonly name = 'get_callees';
  readonly title = 'Get callees';
  readonly description =
    'What a symbol (by uid, or by name or qualified name) calls: its direct callees, or with depth up to 5 also what those call, nearest first. Each callee has its distance, the call site line, the symbol it was reached through (via), and the weakest confidence (exact, import, name, ambiguous) of the calls on the way; minConfidence follows only surer calls.';
  readonly input = GetCalleesInputSchema;
  readonly output = GetCalleesResultSchema;
  readonly annotations = READ_ONLY;

  constructor(private readonly callees: CalleesService) {}

  call(args: GetCalleesInput, principal: Principal): Promise<object> {
    return this.callees.getCallees(args, principal);
  }
}
