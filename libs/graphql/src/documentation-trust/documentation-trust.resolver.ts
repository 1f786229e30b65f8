import { Args, Context, Resolver } from '@nestjs/graphql';
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
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class DocumentationTrustResolver {
  constructor(private readonly service: DocumentationTrustService) {}

  @LoreQuery({
    name: 'verifyClaim',
    description: 'verify_claim: one sentence about the code settled from the graph and the code spans, with evidence.',
    args: { input: VerifyClaimInputSchema },
    result: VerifyClaimResultSchema,
  })
  verifyClaim(@Args('input') input: VerifyClaimInput, @Context('req') req: RequestWithPrincipal): Promise<VerifyClaimResult> {
    return this.service.verifyClaim(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'staleDocs',
    description: "detect_stale_docs: the lines of a repository's Markdown that its code no longer supports.",
    args: { input: DetectStaleDocsInputSchema },
    result: DetectStaleDocsResultSchema,
  })
  staleDocs(@Args('input') input: DetectStaleDocsInput, @Context('req') req: RequestWithPrincipal): Promise<DetectStaleDocsResult> {
    return this.service.detectStaleDocs(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'verifyDocumentation',
    description: 'verify_documentation: a Markdown document verified against the code it describes.',
    args: { input: VerifyDocumentationInputSchema },
    result: VerifyDocumentationResultSchema,
  })
  verifyDocumentation(
    @Args('input') input: VerifyDocumentationInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<VerifyDocumentationResult> {
    return this.service.verifyDocumentation(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'documentQuality',
    description: 'evaluate_document_quality: a document or draft scored against the code.',
    args: { input: EvaluateDocumentQualityInputSchema },
    result: DocumentQualityReportSchema,
  })
  documentQuality(
    @Args('input') input: EvaluateDocumentQualityInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<DocumentQualityReport> {
    return this.service.evaluateDocumentQuality(withoutNulls(input), principalOf(req));
  }
}
