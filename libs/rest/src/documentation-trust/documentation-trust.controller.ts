import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type DocumentQualityReport,
  DocumentQualityReportSchema,
  type EvaluateDocumentQualityInput,
  EvaluateDocumentQualityInputSchema,
  type VerifyDocumentationInput,
  VerifyDocumentationInputSchema,
  type VerifyDocumentationResult,
  VerifyDocumentationResultSchema,
  type DetectStaleDocsInput,
  DetectStaleDocsInputSchema,
  type DetectStaleDocsResult,
  DetectStaleDocsResultSchema,
  type VerifyClaimInput,
  VerifyClaimInputSchema,
  type VerifyClaimResult,
  VerifyClaimResultSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/knowledge/documentation-trust/documentation-trust.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('documentation')
@Controller('api/v1')
export class DocumentationTrustController {
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

  @Get('docs/stale')
  @ApiOperation({
    operationId: 'detect_stale_docs',
    summary: "The lines of a repository's Markdown that its code no longer supports, most confident first.",
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
  @ApiQueryFrom(DetectStaleDocsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(DetectStaleDocsResultSchema) })
  detectStaleDocs(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<DetectStaleDocsResult> {
    return this.service.detectStaleDocs(inputFromQuery(DetectStaleDocsInputSchema, query) as DetectStaleDocsInput, principalOf(req));
  }

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
