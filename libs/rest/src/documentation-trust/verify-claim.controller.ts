import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type VerifyClaimInput,
  VerifyClaimInputSchema,
  type VerifyClaimResult,
  VerifyClaimResultSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** verify_claim: one sentence about the code settled from the graph and the code spans. */
@ApiTags('documentation')
@Controller('api/v1')
export class VerifyClaimController {
  constructor(private readonly service: DocumentationTrustService) {}

  @Get('verify/claim')
  @ApiOperation({
    operationId: 'verify_claim',
    summary: 'Settle one sentence about the code from the graph and the code spans: supported, contradicted or unknown, with evidence.',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'unavailable')
  @ApiQueryFrom(VerifyClaimInputSchema)
  @ApiOkResponse({ schema: openApiSchema(VerifyClaimResultSchema) })
  verifyClaim(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<VerifyClaimResult> {
    return this.service.verifyClaim(inputFromQuery(VerifyClaimInputSchema, query) as VerifyClaimInput, principalOf(req));
  }
}
