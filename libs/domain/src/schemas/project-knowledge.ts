import { z } from 'zod';
import { schemaNames } from './shared';

/**
 * Project knowledge: a git-backed store of one free-form main.md (the replacement for CLAUDE.md) and
 * structured knowledge documents per project, with the tool names, argument names, result fields,
 * resource URIs and JSON-RPC error codes of the Knowledge MCP server, so that a client written
 * against that server works against Lore unchanged. Lore's additions (expected_version, commit,
 * skipped, history, restore, import) collide with none of them.
 */

/**
 * The JSON-RPC error codes of the knowledge server. The first eight are the seed's; `versionConflict`
 * is Lore's (an update whose expected_version is no longer the document's). A knowledge error carries
 * its code in `details.jsonRpcCode` and the seed's `data` object in `details.data`.
 */
export const KNOWLEDGE_ERROR_CODES = {
  projectNotFound: -32001,
  fileNotFound: -32002,
  chapterNotFound: -32003,
  invalidName: -32004,
  gitFailed: -32005,
  fileIoFailed: -32006,
  invalidFrontMatter: -32007,
  missingFields: -32008,
  versionConflict: -32009,
} as const;

const projectId = z
  .string()
  .describe(
    'The project (`lore knowledge project-id [dir]` prints it: a slug of its origin URL or directory), or an indexed repository id.',
  );
const filename = z
  .string()
  .describe('The knowledge file, e.g. "authentication.md"; slugified ("Café Überblick (v2)" is cafe-uberblick-v2.md).');
const expectedVersion = z
  .string()
  .optional()
  .describe(
    "Lore's optimistic lock: the commit that last changed the document (as a write or history answers it), or its front matter `updated`. A newer write answers a conflict (-32009) instead of being overwritten.",
  );
const commit = z.string().describe('The commit of the knowledge store that made this change.');

export const GetProjectMainInputSchema = z.object({ project_id: projectId }).register(schemaNames, { name: 'GetProjectMainInput' });
export type GetProjectMainInput = z.input<typeof GetProjectMainInputSchema>;
export const GetProjectMainResultSchema = z
  .object({
    content: z.string().describe('main.md as stored; "" when the project has none.'),
    exists: z.boolean().describe('Whether main.md exists.'),
  })
  .register(schemaNames, { name: 'GetProjectMainResult' });
export type GetProjectMainResult = z.infer<typeof GetProjectMainResultSchema>;

export const UpdateProjectMainInputSchema = z
  .object({
    project_id: projectId,
    content: z.string().describe('The whole new main.md, written byte for byte.'),
    expected_version: expectedVersion,
  })
  .register(schemaNames, { name: 'UpdateProjectMainInput' });
export type UpdateProjectMainInput = z.input<typeof UpdateProjectMainInputSchema>;

export const KnowledgeWriteResultSchema = z
  .object({ success: z.boolean(), message: z.string(), commit })
  .register(schemaNames, { name: 'KnowledgeWriteResult' });
export type KnowledgeWriteResult = z.infer<typeof KnowledgeWriteResultSchema>;

export const SEARCH_KNOWLEDGE_MODES = ['keyword', 'hybrid'] as const;
export const SearchKnowledgeInputSchema = z
  .object({
    project_id: projectId,
    query: z.string().describe('Words matched case-insensitively in front matter and body.'),
    mode: z
      .enum(SEARCH_KNOWLEDGE_MODES)
      .register(schemaNames, { name: 'SearchKnowledgeMode' })
      .optional()
      .describe(
        "Lore's addition. keyword (the default): the Knowledge MCP server's search, every chapter that contains the query. hybrid: chapters ranked as search_code ranks code, full-text and vectors fused, best first, each with its score.",
      ),
    limit: z.number().int().min(1).max(50).optional().describe('hybrid: at most this many chapters (default 10).'),
  })
  .register(schemaNames, { name: 'SearchKnowledgeInput' });
export type SearchKnowledgeInput = z.input<typeof SearchKnowledgeInputSchema>;

export const SkippedKnowledgeFileSchema = z
  .object({ filename: z.string(), reason: z.string() })
  .describe('A file of the project that could not be read as a knowledge document (Lore addition).')
  .register(schemaNames, { name: 'SkippedKnowledgeFile' });

export const KnowledgeSearchHitSchema = z
  .object({
    file: z.string().describe('The knowledge file.'),
    title: z.string().describe("The document's title."),
    chapter: z.string().describe('The chapter matched ("" for a document without chapters).'),
    chapter_summary: z.string(),
    matches: z.array(z.string()).describe('What matched: front matter values and the lines of the chapter that contain the query.'),
    score: z.number().optional().describe('hybrid: the fused score (reciprocal rank fusion of full-text and semantic ranks).'),
  })
  .register(schemaNames, { name: 'KnowledgeSearchHit' });
export const SearchKnowledgeResultSchema = z
  .object({
    results: z.array(KnowledgeSearchHitSchema),
    skipped: z.array(SkippedKnowledgeFileSchema),
    warnings: z.array(z.string()).optional().describe('hybrid: why a ranking is missing (the embedder failed: full-text only).'),
  })
  .register(schemaNames, { name: 'SearchKnowledgeResult' });
export type SearchKnowledgeResult = z.infer<typeof SearchKnowledgeResultSchema>;

export const ChapterInputSchema = z
  .object({
    title: z.string().describe("The chapter's title, its `## ` heading."),
    summary: z.string().describe('A 2-3 line summary of the chapter.'),
    content: z.string().describe("The chapter's Markdown content."),
  })
  .register(schemaNames, { name: 'KnowledgeChapterInput' });
export type ChapterInput = z.infer<typeof ChapterInputSchema>;

export const CreateKnowledgeFileInputSchema = z
  .object({
    project_id: projectId,
    filename,
    title: z.string().describe("The document's title, its `# ` heading."),
    introduction: z.string().describe('A 2-3 line introduction of the document.'),
    keywords: z.array(z.string()).describe('Keywords for search (at least one).'),
    chapters: z.array(ChapterInputSchema).describe('Each a `## title`, its 2-3 line summary and its content.'),
  })
  .register(schemaNames, { name: 'CreateKnowledgeFileInput' });
export type CreateKnowledgeFileInput = z.input<typeof CreateKnowledgeFileInputSchema>;
export const CreateKnowledgeFileResultSchema = z
  .object({
    success: z.boolean(),
    filepath: z.string().describe('Where the document is, absolute.'),
    message: z.string(),
    commit,
  })
  .register(schemaNames, { name: 'CreateKnowledgeFileResult' });
export type CreateKnowledgeFileResult = z.infer<typeof CreateKnowledgeFileResultSchema>;

export const UpdateChapterInputSchema = z
  .object({
    project_id: projectId,
    filename,
    chapter_title: z.string().describe('The chapter to replace, by its title.'),
    new_content: z.string().describe("The chapter's new Markdown content."),
    new_summary: z.string().describe("The chapter's new 2-3 line summary."),
    expected_version: expectedVersion,
  })
  .register(schemaNames, { name: 'UpdateChapterInput' });
export type UpdateChapterInput = z.input<typeof UpdateChapterInputSchema>;

export const KnowledgeFileInputSchema = z.object({ project_id: projectId, filename }).register(schemaNames, { name: 'KnowledgeFileInput' });
export type KnowledgeFileInput = z.input<typeof KnowledgeFileInputSchema>;

export const KnowledgeProjectInputSchema = z.object({ project_id: projectId }).register(schemaNames, { name: 'KnowledgeProjectInput' });
export type KnowledgeProjectInput = z.input<typeof KnowledgeProjectInputSchema>;

export const KnowledgeFileEntrySchema = z
  .object({ filename: z.string(), title: z.string(), keywords: z.array(z.string()), updated: z.string() })
  .register(schemaNames, { name: 'KnowledgeFileEntry' });
export const KnowledgeFilesSchema = z
  .object({ files: z.array(KnowledgeFileEntrySchema), skipped: z.array(SkippedKnowledgeFileSchema) })
  .register(schemaNames, { name: 'KnowledgeFiles' });
export type KnowledgeFiles = z.infer<typeof KnowledgeFilesSchema>;

export const KnowledgeChapterEntrySchema = z
  .object({ title: z.string(), summary: z.string() })
  .register(schemaNames, { name: 'KnowledgeChapterEntry' });
export const KnowledgeChaptersSchema = z
  .object({ chapters: z.array(KnowledgeChapterEntrySchema) })
  .register(schemaNames, { name: 'KnowledgeChapters' });
export type KnowledgeChapters = z.infer<typeof KnowledgeChaptersSchema>;

export const KnowledgeHistoryInputSchema = z
  .object({
    project_id: projectId,
    filename: z.string().describe('A knowledge file, or "main.md" for the main document.'),
    limit: z.number().int().min(1).max(200).default(50).describe('At most this many versions, newest first.'),
  })
  .register(schemaNames, { name: 'KnowledgeHistoryInput' });
export type KnowledgeHistoryInput = z.input<typeof KnowledgeHistoryInputSchema>;
export const KnowledgeVersionSchema = z
  .object({ commit: z.string(), author: z.string(), date: z.string().describe('ISO-8601.'), message: z.string() })
  .register(schemaNames, { name: 'KnowledgeVersion' });
export const KnowledgeHistorySchema = z
  .object({ filename: z.string(), versions: z.array(KnowledgeVersionSchema) })
  .register(schemaNames, { name: 'KnowledgeHistory' });
export type KnowledgeHistory = z.infer<typeof KnowledgeHistorySchema>;

export const RestoreKnowledgeFileInputSchema = z
  .object({
    project_id: projectId,
    filename: z.string().describe('A knowledge file, or "main.md".'),
    commit: z.string().describe('The version to bring back: a commit of the history (7 to 40 hex digits).'),
  })
  .register(schemaNames, { name: 'RestoreKnowledgeFileInput' });
export type RestoreKnowledgeFileInput = z.input<typeof RestoreKnowledgeFileInputSchema>;

export const ImportProjectKnowledgeInputSchema = z
  .object({
    project_id: projectId,
    source: z.string().describe('The name of the file imported (CLAUDE.md, AGENTS.md), for the commit message.'),
    content: z
      .string()
      .describe('Its text: the part before the first `## ` heading becomes main.md, each `## ` section a knowledge document.'),
  })
  .register(schemaNames, { name: 'ImportProjectKnowledgeInput' });
export type ImportProjectKnowledgeInput = z.input<typeof ImportProjectKnowledgeInputSchema>;
export const ImportProjectKnowledgeResultSchema = z
  .object({ success: z.boolean(), message: z.string(), commit, files: z.array(z.string()).describe('The knowledge files created.') })
  .register(schemaNames, { name: 'ImportProjectKnowledgeResult' });
export type ImportProjectKnowledgeResult = z.infer<typeof ImportProjectKnowledgeResultSchema>;
