import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { type AnalyzeImpactInput, AnalyzeImpactInputSchema, AnalyzeImpactResultSchema } from '@lore/domain/schemas/impact';
import { ImpactService } from '@lore/knowledge/impact/impact.service';
import { type LoreMcpTool, READ_ONLY } from '../mcp-tool';

@Injectable()
export class AnalyzeImpactTool implements LoreMcpTool<typeof AnalyzeImpactInputSchema> {
  readonly name = 'analyze_impact';
  readonly title = 'Analyze impact';
  readonly description =
    'If this changes, what else is affected? Give one target: a symbol (uid, or name with an optional path), a file (path), lines of a file (path, startLine, endLine), changed files (paths), or a git diff (diff: base..head, base...head, or one ref against the working tree). Returns the reverse transitive dependents (callers, subclasses, implementers, overriders), each with its distance and the shortest path to a target as evidence with the confidence of each edge; the files importing a changed file; the tests to run; the document sections naming any of them; and a summary.';
  readonly input = AnalyzeImpactInputSchema;
  readonly output = AnalyzeImpactResultSchema;
  readonly annotations = READ_ONLY;

  constructor(private readonly impact: ImpactService) {}

  call(args: AnalyzeImpactInput, principal: Principal): Promise<object> {
    return this.impact.analyzeImpact(args, principal);
  }
}
