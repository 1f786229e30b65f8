import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalyzeImpactInput,
  AnalyzeImpactInputSchema,
  type AnalyzeImpactResult,
  AnalyzeImpactResultSchema,
} from '@lore/domain/schemas/impact';
import { ImpactService } from '@lore/knowledge/impact/impact.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('graph')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
@Controller('api/v1/impact')
export class ImpactController {
  constructor(private readonly service: ImpactService) {}

  @Get()
  @ApiOperation({
    operationId: 'analyze_impact',
    summary:
      'If this changes, what else is affected: dependents with evidence, importing files, tests to run, document sections. One target: uid, name (+path), path (+startLine/endLine), paths, or diff.',
  })
  @ApiQueryFrom(AnalyzeImpactInputSchema)
  @ApiOkResponse({ schema: openApiSchema(AnalyzeImpactResultSchema) })
  analyzeImpact(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<AnalyzeImpactResult> {
    return this.service.analyzeImpact(inputFromQuery(AnalyzeImpactInputSchema, query) as AnalyzeImpactInput, principalOf(req));
  }
}
