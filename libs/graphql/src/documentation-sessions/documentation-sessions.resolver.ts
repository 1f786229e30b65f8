import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AnalyzeFileCallbackInput,
  AnalyzeFileCallbackInputSchema,
  AnalyzeFileCallbackResultSchema,
  ClearDocumentationSessionResultSchema,
  type CreateDocumentationInput,
  CreateDocumentationInputSchema,
  CreateDocumentationResultSchema,
  type DocumentationSessionIdInput,
  DocumentationSessionIdInputSchema,
  type DocumentationStatus,
  DocumentationStatusSchema,
  type FullDocumentationInput,
  FullDocumentationInputSchema,
  FullDocumentationResultSchema,
  ListDocumentationSessionsResultSchema,
  type ProvideDependencyFilesInput,
  ProvideDependencyFilesInputSchema,
  ProvideDependencyFilesResultSchema,
  type ProvideThematicGroupingsInput,
  ProvideThematicGroupingsInputSchema,
  ProvideThematicGroupingsResultSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { DocumentationSessionsService } from '@lore/documentation/documentation-sessions/documentation-sessions.service';
import { withoutNulls } from '../graphql-input';
import { LoreMutation, LoreQuery } from '../lore-query.decorator';

/**
 * Documentation sessions: starting one, the groupings, dependencies and analyses the assistant sends
 * as mutations; the status, with the pending requests and their prompts, as a query (a GraphQL client
 * polls it, as a stateless HTTP client of the MCP door does).
 */
@Resolver()
export class DocumentationSessionsResolver {
  constructor(private readonly service: DocumentationSessionsService) {}

  @LoreMutation({
    name: 'fullDocumentation',
    description: 'full_documentation: a documentation session on a whole workspace, awaiting its thematic groupings.',
    args: { input: FullDocumentationInputSchema },
    result: FullDocumentationResultSchema,
  })
  fullDocumentation(@Args('input') input: FullDocumentationInput, @Context('req') req: RequestWithPrincipal) {
    return this.service.fullDocumentation(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'createDocumentation',
    description: 'create_documentation: a documentation session on a set of files, as one module (started).',
    args: { input: CreateDocumentationInputSchema },
    result: CreateDocumentationResultSchema,
  })
  createDocumentation(@Args('input') input: CreateDocumentationInput, @Context('req') req: RequestWithPrincipal) {
    return this.service.createDocumentation(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'provideThematicGroupings',
    description: "provide_thematic_groupings: a full session's files grouped by theme; the analysis of each file is then requested.",
    args: { input: ProvideThematicGroupingsInputSchema },
    result: ProvideThematicGroupingsResultSchema,
  })
  provideThematicGroupings(@Args('input') input: ProvideThematicGroupingsInput, @Context('req') req: RequestWithPrincipal) {
    return this.service.provideThematicGroupings(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'provideDependencyFiles',
    description: 'provide_dependency_files: files a file under analysis depends on, added to the session.',
    args: { input: ProvideDependencyFilesInputSchema },
    result: ProvideDependencyFilesResultSchema,
  })
  provideDependencyFiles(@Args('input') input: ProvideDependencyFilesInput, @Context('req') req: RequestWithPrincipal) {
    return this.service.provideDependencyFiles(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'analyzeFileCallback',
    description: "analyze_file_callback: the answer to a pending analysis request (a file's summary and documentation).",
    args: { input: AnalyzeFileCallbackInputSchema },
    result: AnalyzeFileCallbackResultSchema,
  })
  analyzeFileCallback(@Args('input') input: AnalyzeFileCallbackInput, @Context('req') req: RequestWithPrincipal) {
    return this.service.analyzeFileCallback(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'documentationStatus',
    description:
      "get_documentation_status: a session's state, progress, failed files, documentation path, quality and pending requests with their prompts.",
    args: { input: DocumentationSessionIdInputSchema },
    result: DocumentationStatusSchema,
  })
  documentationStatus(
    @Args('input') input: DocumentationSessionIdInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<DocumentationStatus> {
    return this.service.getDocumentationStatus(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'documentationSessions',
    description: "list_documentation_sessions: the caller's live documentation sessions, most recently used first.",
    args: {},
    result: ListDocumentationSessionsResultSchema,
  })
  documentationSessions(@Context('req') req: RequestWithPrincipal) {
    return this.service.listDocumentationSessions({}, principalOf(req));
  }

  @LoreMutation({
    name: 'clearDocumentationSession',
    description: "clear_documentation_session: forgets one of the caller's sessions (its written documentation stays).",
    args: { input: DocumentationSessionIdInputSchema },
    result: ClearDocumentationSessionResultSchema,
  })
  clearDocumentationSession(@Args('input') input: DocumentationSessionIdInput, @Context('req') req: RequestWithPrincipal) {
    return this.service.clearDocumentationSession(withoutNulls(input), principalOf(req));
  }
}
