import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetRelatedTestsInput, GetRelatedTestsInputSchema, GetRelatedTestsResultSchema } from '@lore/domain/schemas/related-tests';
import { RelatedTestsService } from '@lore/knowledge/related-tests/related-tests.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetRelatedTestsTool implements LoreMcpTool<typeof GetRelatedTestsInputSchema, typeof GetRelatedTestsResultSchema> {
  readonly name = 'get_related_tests';
  readonly title = 'Get related tests';
  readonly description =
    'The tests to run for a change, nearest first: tests that call it (direct), reach it through a test helper (helper), or through what it affects (transitive, with the distance). The change is named as for analyze_impact: a symbol (uid, or name with an optional path), a file (path, optionally with startLine/endLine), changed files (paths) or a git diff (diff). testFiles lists their files for a test runner.';
  readonly version = FIRST_VERSION;
  readonly input = GetRelatedTestsInputSchema;
  readonly output = GetRelatedTestsResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['tests'] as const;

  constructor(private readonly tests: RelatedTestsService) {}

  call(args: GetRelatedTestsInput, principal: Principal): Promise<z.output<typeof GetRelatedTestsResultSchema>> {
    return this.tests.getRelatedTests(args, principal);
  }

  next(answer: z.output<typeof GetRelatedTestsResultSchema>): NextCall[] {
    return answer.tests.slice(0, 1).map(({ test }) => ({
      tool: 'get_symbol',
      arguments: { uid: test.uid },
      why: `The nearest test, ${test.qualifiedName}, and where to read it.`,
    }));
  }
}
