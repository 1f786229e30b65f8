import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type CreateKnowledgeFileInput,
  CreateKnowledgeFileInputSchema,
  type CreateKnowledgeFileResult,
  CreateKnowledgeFileResultSchema,
  type GetProjectMainInput,
  GetProjectMainInputSchema,
  type GetProjectMainResult,
  GetProjectMainResultSchema,
  type ImportProjectKnowledgeInput,
  ImportProjectKnowledgeInputSchema,
  type ImportProjectKnowledgeResult,
  ImportProjectKnowledgeResultSchema,
  type KnowledgeChapters,
  KnowledgeChaptersSchema,
  type KnowledgeFileInput,
  KnowledgeFileInputSchema,
  type KnowledgeFiles,
  KnowledgeFilesSchema,
  type KnowledgeHistory,
  type KnowledgeHistoryInput,
  KnowledgeHistoryInputSchema,
  KnowledgeHistorySchema,
  type KnowledgeProjectInput,
  KnowledgeProjectInputSchema,
  type KnowledgeWriteResult,
  KnowledgeWriteResultSchema,
  type RestoreKnowledgeFileInput,
  RestoreKnowledgeFileInputSchema,
  type SearchKnowledgeInput,
  SearchKnowledgeInputSchema,
  type SearchKnowledgeResult,
  SearchKnowledgeResultSchema,
  type UpdateChapterInput,
  UpdateChapterInputSchema,
  type UpdateProjectMainInput,
  UpdateProjectMainInputSchema,
} from '@lore/domain/schemas/project-knowledge';
import {
  type GetKnowledgeLinksInput,
  GetKnowledgeLinksInputSchema,
  type GetKnowledgeLinksResult,
  GetKnowledgeLinksResultSchema,
} from '@lore/domain/schemas/knowledge-links';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { withoutNulls } from '../graphql-input';
import { LoreMutation, LoreQuery } from '../lore-query.decorator';

/** Project knowledge (the Knowledge MCP server's store): reads as queries, writes as mutations, each one service call. */
@Resolver()
export class ProjectKnowledgeResolver {
  constructor(private readonly service: ProjectKnowledgeService) {}

  @LoreQuery({
    name: 'knowledgeMain',
    description: "get_project_main: a project's main instructions (main.md, the replacement for CLAUDE.md).",
    args: { input: GetProjectMainInputSchema },
    result: GetProjectMainResultSchema,
  })
  knowledgeMain(@Args('input') input: GetProjectMainInput, @Context('req') req: RequestWithPrincipal): Promise<GetProjectMainResult> {
    return this.service.getProjectMain(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'knowledgeSearch',
    description: "search_knowledge: case-insensitive keyword search of a project's knowledge documents, by chapter.",
    args: { input: SearchKnowledgeInputSchema },
    result: SearchKnowledgeResultSchema,
  })
  knowledgeSearch(@Args('input') input: SearchKnowledgeInput, @Context('req') req: RequestWithPrincipal): Promise<SearchKnowledgeResult> {
    return this.service.searchKnowledge(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'knowledgeFiles',
    description: "The project's knowledge files (knowledge://projects/{project_id}/files).",
    args: { input: KnowledgeProjectInputSchema },
    result: KnowledgeFilesSchema,
  })
  knowledgeFiles(@Args('input') input: KnowledgeProjectInput, @Context('req') req: RequestWithPrincipal): Promise<KnowledgeFiles> {
    return this.service.listKnowledgeFiles(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'knowledgeChapters',
    description: 'The chapters of a knowledge file (knowledge://projects/{project_id}/chapters/{filename}).',
    args: { input: KnowledgeFileInputSchema },
    result: KnowledgeChaptersSchema,
  })
  knowledgeChapters(@Args('input') input: KnowledgeFileInput, @Context('req') req: RequestWithPrincipal): Promise<KnowledgeChapters> {
    return this.service.listKnowledgeChapters(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'knowledgeLinks',
    description:
      "The symbols and files the project's chapters name, each flagged possibly stale when that code changed after the chapter was written.",
    args: { input: GetKnowledgeLinksInputSchema },
    result: GetKnowledgeLinksResultSchema,
  })
  knowledgeLinks(
    @Args('input') input: GetKnowledgeLinksInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<GetKnowledgeLinksResult> {
    return this.service.getKnowledgeLinks(withoutNulls(input), principalOf(req));
  }

  @LoreQuery({
    name: 'knowledgeHistory',
    description: 'The versions of a knowledge file (or main.md) in the store, newest first.',
    args: { input: KnowledgeHistoryInputSchema },
    result: KnowledgeHistorySchema,
  })
  knowledgeHistory(@Args('input') input: KnowledgeHistoryInput, @Context('req') req: RequestWithPrincipal): Promise<KnowledgeHistory> {
    return this.service.getKnowledgeHistory(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'updateProjectMain',
    description: 'update_project_main: replaces main.md, in one commit.',
    args: { input: UpdateProjectMainInputSchema },
    result: KnowledgeWriteResultSchema,
  })
  updateProjectMain(
    @Args('input') input: UpdateProjectMainInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<KnowledgeWriteResult> {
    return this.service.updateProjectMain(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'createKnowledgeFile',
    description: 'create_knowledge_file: a new knowledge document, in one commit.',
    args: { input: CreateKnowledgeFileInputSchema },
    result: CreateKnowledgeFileResultSchema,
  })
  createKnowledgeFile(
    @Args('input') input: CreateKnowledgeFileInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<CreateKnowledgeFileResult> {
    return this.service.createKnowledgeFile(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'updateKnowledgeChapter',
    description: 'update_chapter: replaces one chapter of a knowledge document, in one commit.',
    args: { input: UpdateChapterInputSchema },
    result: KnowledgeWriteResultSchema,
  })
  updateKnowledgeChapter(
    @Args('input') input: UpdateChapterInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<KnowledgeWriteResult> {
    return this.service.updateChapter(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'deleteKnowledgeFile',
    description: 'delete_knowledge_file: removes a knowledge document, in one commit.',
    args: { input: KnowledgeFileInputSchema },
    result: KnowledgeWriteResultSchema,
  })
  deleteKnowledgeFile(@Args('input') input: KnowledgeFileInput, @Context('req') req: RequestWithPrincipal): Promise<KnowledgeWriteResult> {
    return this.service.deleteKnowledgeFile(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'restoreKnowledgeFile',
    description: 'Brings a knowledge file (or main.md) back as it was at a commit of its history, as a new commit.',
    args: { input: RestoreKnowledgeFileInputSchema },
    result: KnowledgeWriteResultSchema,
  })
  restoreKnowledgeFile(
    @Args('input') input: RestoreKnowledgeFileInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<KnowledgeWriteResult> {
    return this.service.restoreKnowledgeFile(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'importProjectKnowledge',
    description: 'Turns a CLAUDE.md or AGENTS.md into main.md and knowledge documents, in one commit.',
    args: { input: ImportProjectKnowledgeInputSchema },
    result: ImportProjectKnowledgeResultSchema,
  })
  importProjectKnowledge(
    @Args('input') input: ImportProjectKnowledgeInput,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<ImportProjectKnowledgeResult> {
    return this.service.importProjectKnowledge(withoutNulls(input), principalOf(req));
  }
}
