import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type DocumentQualityReport,
  DocumentQualityReportSchema,
  type EvaluateDocumentQualityInput,
  EvaluateDocumentQualityInputSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** evaluate_document_quality: an indexed document (GET) or a draft in the body (POST) scored against the code. */
@ApiTags('documentation')
@Controller('api/v1')
export class DocumentQualityController {
  constructor(private readonly service: DocumentationTrustService) {}

  @Get('docs/quality')
  @ApiOperation({
    operationId: 'evaluate_document_quality',
    summary: 'Score an indexed Markdown document against the code: coverage, claims, staleness, references.',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'quality_gate_failed', 'unavailable')
  @ApiQueryFrom(EvaluateDocumentQualityInputSchema)
  @ApiOkResponse({ schema: openApiSchema(DocumentQualityReportSchema) })
  evaluateDocumentQuality(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<DocumentQualityReport> {
    return this.service.evaluateDocumentQuality(
      inputFromQuery(EvaluateDocumentQualityInputSchema, query) as EvaluateDocumentQualityInput,
      principalOf(req),
    );
  }

  @Post('docs/quality')
  @ApiOperation({
    operationId: 'evaluate_document_quality_body',
    summary: 'Score a document or a generated draft (content in the body) against the code.',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'quality_gate_failed', 'unavailable')
  @ApiBodyFrom(EvaluateDocumentQualityInputSchema)
  @ApiOkResponse({ schema: openApiSchema(DocumentQualityReportSchema) })
  evaluateDocumentQualityOfBody(
    @Req() req: RequestWithPrincipal,
    @Body() body: EvaluateDocumentQualityInput,
  ): Promise<DocumentQualityReport> {
    return this.service.evaluateDocumentQuality(body, principalOf(req));
  }
}
