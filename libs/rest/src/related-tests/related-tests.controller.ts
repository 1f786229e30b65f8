import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetRelatedTestsInput,
  GetRelatedTestsInputSchema,
  type GetRelatedTestsResult,
  GetRelatedTestsResultSchema,
} from '@lore/domain/schemas/related-tests';
import { RelatedTestsService } from '@lore/knowledge/related-tests/related-tests.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('graph')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
@Controller('api/v1/tests')
export class RelatedTestsController {
  constructor(private readonly service: RelatedTestsService) {}

  @Get()
  @ApiOperation({
    operationId: 'get_related_tests',
    summary: 'The tests to run for a change (a symbol, a file, lines, changed files or a git diff), nearest first.',
  })
  @ApiQueryFrom(GetRelatedTestsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GetRelatedTestsResultSchema) })
  getRelatedTests(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GetRelatedTestsResult> {
    return this.service.getRelatedTests(inputFromQuery(GetRelatedTestsInputSchema, query) as GetRelatedTestsInput, principalOf(req));
  }
}
