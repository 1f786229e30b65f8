import { Injectable } from '@nestjs/common';
import { type Principal, TRUST_BOUNDARY } from '@lore/domain';
import { type GetRelatedTestsInput, GetRelatedTestsInputSchema, type GetRelatedTestsResult } from '@lore/domain/schemas/related-tests';
import { ImpactService } from '../impact/impact.service';
import { parseInput } from '../validation';
import { Operation } from '../operations/operation';

/** get_related_tests: the tests a change reaches (directly, through a helper, or through what it affects), nearest first. */
@Injectable()
export class RelatedTestsService {
  constructor(private readonly impact: ImpactService) {}

  @Operation('get_related_tests', { kind: 'read' })
  async getRelatedTests(input: GetRelatedTestsInput, principal: Principal): Promise<GetRelatedTestsResult> {
    const query = parseInput(GetRelatedTestsInputSchema, input);
    const { targets, tests, warnings } = await this.impact.impactOf(query, principal);
    return {
      targets,
      tests,
      testFiles: [...new Set(tests.map((test) => test.test.path))],
      warnings,
      trustBoundary: TRUST_BOUNDARY,
    };
  }
}
