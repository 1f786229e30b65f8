import { z } from 'zod';
import { schemaNames } from './shared';

/**
 * Knowledge linked to the code: a chapter of a project's knowledge document that names a symbol or a
 * file (in backticks, as a qualified name or as a path) is ABOUT that node of the graph. The link
 * keeps what the code was when the chapter was written (its signature, body fingerprint, file hash),
 * so a later index that finds it changed, renamed or deleted reports the chapter possibly stale.
 */

/** What became of the code a chapter names since the chapter was written. */
export const KNOWLEDGE_LINK_STATUSES = ['current', 'signature_changed', 'body_changed', 'file_changed', 'renamed', 'deleted'] as const;
export const KnowledgeLinkStatusSchema = z.enum(KNOWLEDGE_LINK_STATUSES).register(schemaNames, { name: 'KnowledgeLinkStatus' });
export type KnowledgeLinkStatus = z.infer<typeof KnowledgeLinkStatusSchema>;

const staleFields = {
  stale: z.boolean().describe('Possibly stale: the code it names changed, was renamed or deleted after the chapter was written.'),
  status: KnowledgeLinkStatusSchema,
  staleReason: z.string().nullable().describe('What changed, in words; null when current.'),
  codeCommit: z
    .string()
    .nullable()
    .describe('The indexed commit of the repository the code is read at now (where the change was seen); null when not indexed.'),
  knowledgeCommit: z.string().describe('The commit of the knowledge store that last wrote the chapter.'),
};

export const KnowledgeAboutSchema = z
  .object({
    uri: z.string().describe('knowledge://projects/{project_id}/chapters/{filename}#{chapter}: the chapter.'),
    projectId: z.string(),
    filename: z.string(),
    chapter: z.string().describe("The chapter's title."),
    about: z.string().describe('The uid of the symbol or file the chapter names.'),
    reference: z.string().describe('How the chapter names it.'),
    ...staleFields,
  })
  .describe('A knowledge chapter about a symbol or file (Lore: project knowledge linked to the code).')
  .register(schemaNames, { name: 'KnowledgeAbout' });
export type KnowledgeAbout = z.infer<typeof KnowledgeAboutSchema>;

export const GetKnowledgeLinksInputSchema = z
  .object({
    project_id: z.string().describe('The project (as the knowledge tools name it), or the id of a repository Lore indexed.'),
    filename: z.string().optional().describe('Only this knowledge file; every file of the project when absent.'),
  })
  .strict()
  .register(schemaNames, { name: 'GetKnowledgeLinksInput' });
export type GetKnowledgeLinksInput = z.input<typeof GetKnowledgeLinksInputSchema>;

export const KnowledgeLinkSchema = z
  .object({
    uri: z.string(),
    filename: z.string(),
    chapter: z.string(),
    reference: z.string(),
    kind: z.enum(['symbol', 'file']).register(schemaNames, { name: 'KnowledgeLinkKind' }),
    about: z.string().describe('The uid linked (for a renamed symbol, its new uid).'),
    repositoryId: z.string(),
    ...staleFields,
  })
  .register(schemaNames, { name: 'KnowledgeLink' });
export type KnowledgeLink = z.infer<typeof KnowledgeLinkSchema>;

export const GetKnowledgeLinksResultSchema = z
  .object({
    projectId: z.string(),
    repositories: z.array(z.string()).describe("The indexed repositories the project's chapters are linked against."),
    links: z.array(KnowledgeLinkSchema).describe('Each reference of each chapter that names indexed code, by file, chapter and reference.'),
    unresolved: z
      .array(
        z
          .object({ filename: z.string(), chapter: z.string(), reference: z.string() })
          .register(schemaNames, { name: 'UnresolvedKnowledgeReference' }),
      )
      .describe('Backticked names no indexed symbol or file answers to (tried again at each index of the repositories).'),
  })
  .register(schemaNames, { name: 'GetKnowledgeLinksResult' });
export type GetKnowledgeLinksResult = z.infer<typeof GetKnowledgeLinksResultSchema>;
