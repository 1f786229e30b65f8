import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type CheckClonesInput,
  CheckClonesInputSchema,
  type CheckCohesionInput,
  CheckCohesionInputSchema,
  type CheckComplexityInput,
  CheckComplexityInputSchema,
  type CheckCouplingInput,
  CheckCouplingInputSchema,
  type CheckDeadCodeInput,
  CheckDeadCodeInputSchema,
  type CheckResult,
  CheckResultSchema,
} from '@lore/domain/schemas/code-health';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** A run's findings of one family at a time: the check_* tools under /api/v1/analysis/checks. */
@ApiTags('analysis')
@ApiLoreErrors('invalid_input', 'not_found', 'resource_exhausted', 'unavailable')
@Controller('api/v1/analysis/checks')
export class AnalysisChecksController {
  constructor(private readonly health: CodeHealthService) {}

  @Get('clones')
  @ApiOperation({ operationId: 'check_clones', summary: 'Clone findings of a run only.' })
  @ApiQueryFrom(CheckClonesInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkClones(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkClones(inputFromQuery(CheckClonesInputSchema, query) as CheckClonesInput, principalOf(req));
  }

  @Get('complexity')
  @ApiOperation({ operationId: 'check_complexity', summary: 'Complexity findings of a run only.' })
  @ApiQueryFrom(CheckComplexityInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkComplexity(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkComplexity(inputFromQuery(CheckComplexityInputSchema, query) as CheckComplexityInput, principalOf(req));
  }

  @Get('coupling')
  @ApiOperation({ operationId: 'check_coupling', summary: 'Coupling findings of a run only.' })
  @ApiQueryFrom(CheckCouplingInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkCoupling(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkCoupling(inputFromQuery(CheckCouplingInputSchema, query) as CheckCouplingInput, principalOf(req));
  }

  @Get('cohesion')
  @ApiOperation({ operationId: 'check_cohesion', summary: 'Cohesion findings of a run only.' })
  @ApiQueryFrom(CheckCohesionInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkCohesion(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkCohesion(inputFromQuery(CheckCohesionInputSchema, query) as CheckCohesionInput, principalOf(req));
  }

  @Get('dead-code')
  @ApiOperation({ operationId: 'check_dead_code', summary: 'Dead-code findings of a run only.' })
  @ApiQueryFrom(CheckDeadCodeInputSchema)
  @ApiOkResponse({ schema: openApiSchema(CheckResultSchema) })
  checkDeadCode(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<CheckResult> {
    return this.health.checkDeadCode(inputFromQuery(CheckDeadCodeInputSchema, query) as CheckDeadCodeInput, principalOf(req));
  }
}
