import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AssembleContextPackInput,
  AssembleContextPackInputSchema,
  type ContextPack,
  type ContextPackIdInput,
  ContextPackIdInputSchema,
  ContextPackSchema,
  type DocumentDraft,
  DocumentDraftSchema,
  type DocumentIdInput,
  DocumentIdInputSchema,
  type GenerateDocumentDraftInput,
  GenerateDocumentDraftInputSchema,
  type ArchiveDocumentInput,
  ArchiveDocumentInputSchema,
  type ArchiveDocumentResult,
  ArchiveDocumentResultSchema,
  type CreatePullRequestInput,
  CreatePullRequestInputSchema,
  type CreatePullRequestResult,
  CreatePullRequestResultSchema,
  type PublishDocumentInput,
  PublishDocumentInputSchema,
  type PublishDocumentResult,
  PublishDocumentResultSchema,
  type ReviewPackage,
  ReviewPackageSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { withoutNulls } from '../graphql-input';
import { LoreMutation, LoreQuery } from '../lore-query.decorator';

/** Context packs, drafts and review packages as queries (made once per module and commit, then read back); publishing as a mutation. */
@Resolver()
export class DocumentGenerationResolver {
  constructor(private readonly service: DocumentGenerationService) {}

  @LoreQuery({
    name: 'assembleContextPack',
    description:
      'assemble_context_pack: what the graph knows that a task on a module needs, each item with its reason, kept for its context-pack:// resource.',
    args: { input: AssembleContextPackInputSchema },
    result: ContextPackSchema,
  })
  assembleContextPack(@Args('input') input: AssembleContextPackInput, @Context('req') req: RequestWithPrincipal): Promise<ContextPack> {
    return this.service.assembleContextPack(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'contextPack',
    description: 'A context pack assemble_context_pack made, by its id, until it expires.',
    args: { input: ContextPackIdInputSchema },
    result: ContextPackSchema,
  })
  contextPack(@Args('input') input: ContextPackIdInput, @Context('req') req: RequestWithPrincipal): Promise<ContextPack> {
    return this.service.getContextPack(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'generateDocumentDraft',
    description: "generate_document_draft: a module's documentation from the graph alone, every statement citing its evidence.",
    args: { input: GenerateDocumentDraftInputSchema },
    result: DocumentDraftSchema,
  })
  generateDocumentDraft(
    @Args('input') input: GenerateDocumentDraftInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<DocumentDraft> {
    return this.service.generateDocumentDraft(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'documentDraft',
    description: 'A draft generate_document_draft made, by its documentId, until it expires.',
    args: { input: DocumentIdInputSchema },
    result: DocumentDraftSchema,
  })
  documentDraft(@Args('input') input: DocumentIdInput, @Context('req') req: RequestWithPrincipal): Promise<DocumentDraft> {
    return this.service.getDocumentDraft(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'reviewPackage',
    description: 'generate_review_package: a draft with its quality report, stale lines and the checklist of its review.',
    args: { input: DocumentIdInputSchema },
    result: ReviewPackageSchema,
  })
  reviewPackage(@Args('input') input: DocumentIdInput, @Context('req') req: RequestWithPrincipal): Promise<ReviewPackage> {
    return this.service.generateReviewPackage(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'publishDocument',
    description:
      'publish_document: writes a reviewed draft into the publish directory; disabled unless the server allows it, needs docs:publish and confirm: true.',
    args: { input: PublishDocumentInputSchema },
    result: PublishDocumentResultSchema,
  })
  publishDocument(@Args('input') input: PublishDocumentInput, @Context('req') req: RequestWithPrincipal): Promise<PublishDocumentResult> {
    return this.service.publishDocument(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'archiveDocument',
    description:
      'archive_document: moves a published document to archived/<repositoryId>/; disabled unless the server allows publishing, needs docs:publish and confirm: true.',
    args: { input: ArchiveDocumentInputSchema },
    result: ArchiveDocumentResultSchema,
  })
  archiveDocument(@Args('input') input: ArchiveDocumentInput, @Context('req') req: RequestWithPrincipal): Promise<ArchiveDocumentResult> {
    return this.service.archiveDocument(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'createPullRequest',
    description:
      'create_pull_request: pushes a reviewed draft on a new branch lore/docs/<documentId> of origin and opens its pull request; disabled unless the server allows publishing, needs docs:publish, confirm: true and a forge token.',
    args: { input: CreatePullRequestInputSchema },
    result: CreatePullRequestResultSchema,
  })
  createPullRequest(
    @Args('input') input: CreatePullRequestInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<CreatePullRequestResult> {
    return this.service.createPullRequest(withoutNulls(input), principalOf(req));
  }
}
