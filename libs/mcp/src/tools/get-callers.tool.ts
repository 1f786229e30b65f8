import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { type GetCallersInput, GetCallersInputSchema, GetCallersResultSchema } from '@lore/domain/schemas/callers';
import { CallersService } from '@lore/knowledge/callers/callers.service';
import { type LoreMcpTool, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetCallersTool implements LoreMcpTool<typeof GetCallersInputSchema> {
  readonly name = 'get_callers';
  readonly title = 'Get callers';
  readonly description =
    'Who calls a symbol (by uid, or by name or qualified name): its direct callers, or with depth up to 5 also the callers of those, nearest first. Each caller has its distance, the call site line, the symbol it calls on the way (via), and the weakest confidence (exact, import, name, ambiguous) of the calls that lead to the target; minConfidence follows only surer calls.';
  readonly input = GetCallersInputSchema;
  readonly output = GetCallersResultSchema;
  readonly annotations = READ_ONLY;

  constructor(private readonly callers: CallersService) {}

  call(args: GetCallersInput, principal: Principal): Promise<object> {
    return this.callers.getCallers(args, principal);
  }
}
