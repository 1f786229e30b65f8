import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetFindingInput, GetFindingInputSchema, FindingAnswerSchema } from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetFindingTool implements LoreMcpTool<typeof GetFindingInputSchema, typeof FindingAnswerSchema> {
  readonly name = 'get_finding';
  readonly title = 'Get one code health finding';
  readonly description =
    'One finding of a stored run (latest by default) by its compact or canonical id; detail_level normal by default (structured locations and remediation), full adds priority_factors, items and code:// uris.';
  readonly version = FIRST_VERSION;
  readonly input = GetFindingInputSchema;
  readonly output = FindingAnswerSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly health: CodeHealthService) {}

  call(args: GetFindingInput, principal: Principal): Promise<z.output<typeof FindingAnswerSchema>> {
    return this.health.getFinding(args, principal);
  }

  next(answer: z.output<typeof FindingAnswerSchema>): NextCall[] {
    const location = answer.finding.locations[0];
    return typeof location === 'object'
      ? [{ tool: 'get_file_span', arguments: { uri: location.uri ?? '' }, why: 'Read the code of the finding.' }].filter(
          (call) => call.arguments.uri !== '',
        )
      : [];
  }
}
