import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type VerifyDocumentationInput,
  VerifyDocumentationInputSchema,
  type VerifyDocumentationResult,
  VerifyDocumentationResultSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** verify_documentation: a Markdown document checked against the code it describes. */
@ApiTags('documentation')
@Controller('api/v1')
export class VerifyDocumentationController {
  constructor(private readonly service: DocumentationTrustService) {}

  @Get('docs/verify')
  @ApiOperation({
    operationId: 'verify_documentation',
    summary:
      'Verify a Markdown document against the code it describes: findings with severity, type, doc_statement, code_reality, suggestion.',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
  @ApiQueryFrom(VerifyDocumentationInputSchema)
  @ApiOkResponse({ schema: openApiSchema(VerifyDocumentationResultSchema) })
  verifyDocumentation(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<VerifyDocumentationResult> {
    return this.service.verifyDocumentation(
      inputFromQuery(VerifyDocumentationInputSchema, query) as VerifyDocumentationInput,
      principalOf(req),
    );
  }
}
