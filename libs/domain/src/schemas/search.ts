import { z } from 'zod';
import {
  BranchSchema,
  CodeLanguageSchema,
  RepositoryIdSchema,
  SYMBOL_KINDS,
  SymbolKindSchema,
  SymbolRefSchema,
  TrustBoundarySchema,
  WarningSchema,
  schemaNames,
} from './shared';

/** search_code: hybrid search over symbols. */
export const SEARCH_MODES = ['hybrid', 'fulltext', 'semantic'] as const;
export const SearchModeSchema = z.enum(SEARCH_MODES).register(schemaNames, { name: 'SearchMode' });
export const SEARCH_REASONS = ['exact_name', 'fulltext', 'semantic'] as const;
export const SEARCH_INCLUDES = ['knowledge', 'documents'] as const;
export const DOCUMENT_SEARCH_REASONS = ['fulltext', 'semantic'] as const;

export const SearchCodeInputSchema = z
  .object({
    query: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe(
        'Words, a question or identifiers to look for; may contain the filters in:PATH_PREFIX, lang:LANGUAGE and kind:KIND[,KIND].',
      ),
    scope: z
      .object({
        repositoryId: RepositoryIdSchema.optional(),
        commitSha: z
          .string()
          .regex(/^[0-9a-f]{4,64}$/)
          .optional()
          .describe('Answer only if this commit is the indexed one.'),
        branch: BranchSchema.optional(),
      })
      .strict()
      .register(schemaNames, { name: 'SearchScope' })
      .optional()
      .describe('The repository (and its indexed commit or branch) to search; every readable repository when left out.'),
    kinds: z.array(SymbolKindSchema).max(SYMBOL_KINDS.length).optional().describe('Only these symbol kinds.'),
    pathPrefix: z
      .string()
      .min(1)
      .max(500)
      .regex(/^[^/]/, 'relative to the repository root')
      .optional()
      .describe('Only files under this path, e.g. src/orders/.'),
    language: CodeLanguageSchema.optional().describe('Only symbols of this language.'),
    mode: SearchModeSchema.default('hybrid').describe('hybrid: full-text, semantic and exact-name rankings fused; or one of them alone.'),
    maxResults: z.number().int().min(1).max(50).default(10).describe('At most this many results, best first (1-50).'),
    include: z
      .array(z.enum(SEARCH_INCLUDES).register(schemaNames, { name: 'SearchInclude' }))
      .max(SEARCH_INCLUDES.length)
      .optional()
      .describe(
        'Lore: what to search besides code. knowledge: project knowledge chapters, in `knowledge`. documents: Markdown sections, in `documents`.',
      ),
  })
  .strict()
  .register(schemaNames, { name: 'SearchCodeInput' });
export type SearchCodeInput = z.input<typeof SearchCodeInputSchema>;
export type SearchCodeQuery = z.output<typeof SearchCodeInputSchema>;

export const SearchHitSchema = SymbolRefSchema.extend({
  artifactType: z.literal('symbol'),
  title: z.string(),
  score: z.number().describe('The fused score (reciprocal rank fusion) that orders the results.'),
  reasons: z.array(z.enum(SEARCH_REASONS).register(schemaNames, { name: 'SearchReason' })).describe('Which rankings found this symbol.'),
  scores: z
    .object({ fulltext: z.number().nullable(), semantic: z.number().nullable() })
    .describe('The full-text (Lucene) and semantic (cosine) scores behind the fusion, when that ranking found it.')
    .register(schemaNames, { name: 'SearchScores' }),
  resourceUri: z.string(),
}).register(schemaNames, { name: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const KnowledgeSearchCodeHitSchema = z
  .object({
    artifactType: z.literal('knowledge'),
    uri: z.string().describe('knowledge://projects/{project_id}/chapters/{filename}#{chapter}'),
    projectId: z.string(),
    file: z.string(),
    title: z.string().describe("The document's title."),
    chapter: z.string(),
    chapter_summary: z.string(),
    matches: z.array(z.string()).describe('The lines of the chapter (and front matter values) that contain a word of the query.'),
    score: z.number().describe('The fused score of the chapter among the knowledge searched.'),
  })
  .register(schemaNames, { name: 'KnowledgeSearchCodeHit' });
export type KnowledgeSearchCodeHit = z.infer<typeof KnowledgeSearchCodeHitSchema>;

export const DocumentSearchCodeHitSchema = z
  .object({
    artifactType: z.literal('document_section'),
    title: z.string().describe("The section's heading."),
    documentPath: z.string(),
    repositoryId: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
    uri: z.string().describe("doc:// URI of the section's lines."),
    score: z.number(),
    reasons: z.array(z.enum(DOCUMENT_SEARCH_REASONS).register(schemaNames, { name: 'DocumentSearchReason' })),
  })
  .register(schemaNames, { name: 'DocumentSearchCodeHit' });
export type DocumentSearchCodeHit = z.infer<typeof DocumentSearchCodeHitSchema>;

export const SearchCodeResultSchema = z
  .object({
    results: z.array(SearchHitSchema),
    knowledge: z
      .array(KnowledgeSearchCodeHitSchema)
      .optional()
      .describe('With include: ["knowledge"]: the best chapters of the project knowledge of the repositories searched (Lore).'),
    documents: z.array(DocumentSearchCodeHitSchema).optional().describe('With include: ["documents"].'),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'SearchCodeResult' });
export type SearchCodeResult = z.infer<typeof SearchCodeResultSchema>;
