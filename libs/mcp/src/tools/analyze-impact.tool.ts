import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type AnalyzeImpactInput, AnalyzeImpactInputSchema, AnalyzeImpactResultSchema } from '@lore/domain/schemas/impact';
import { ImpactService } from '@lore/knowledge/impact/impact.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class AnalyzeImpactTool implements LoreMcpTool<typeof AnalyzeImpactInputSchema, typeof AnalyzeImpactResultSchema> {
  readonly name = 'analyze_impact';
  readonly title = 'Analyze impact';
  readonly description =
    'If this changes, what else is affected? Give one target: a symbol (uid, or name with an optional path), a file (path), lines of a file (path, startLine, endLine), changed files (paths), or a git diff (diff: base..head, base...head, or one ref against the working tree). Returns the reverse transitive dependents (callers, subclasses, implementers, overriders), each with its distance and the shortest path to a target as evidence with the confidence of each edge; the files importing a changed file; the tests to run; the document sections naming any of them; and a summary.';
  readonly version = FIRST_VERSION;
  readonly input = AnalyzeImpactInputSchema;
  readonly output = AnalyzeImpactResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['tests', 'affected', 'files', 'documents'] as const;

  constructor(private readonly impact: ImpactService) {}

  call(args: AnalyzeImpactInput, principal: Principal): Promise<z.output<typeof AnalyzeImpactResultSchema>> {
    return this.impact.analyzeImpact(args, principal);
  }

  next(answer: z.output<typeof AnalyzeImpactResultSchema>): NextCall[] {
    const hotspot = answer.summary.mostDependedOn[0];
    return [
      ...answer.targets.slice(0, 1).map((target) => ({
        tool: 'get_related_tests',
        arguments: { uid: target.uid },
        why: `How each test reaches ${target.qualifiedName}.`,
      })),
      ...(hotspot
        ? [
            {
              tool: 'get_symbol',
              arguments: { uid: hotspot.uid },
              why: `${hotspot.qualifiedName}: the affected symbol most others depend on.`,
            },
          ]
        : []),
    ];
  }
}
