import { z } from 'zod';

/** Symbol kinds (architecture.md section 3). */
export const SYMBOL_KINDS = ['module', 'class', 'interface', 'type', 'enum', 'function', 'method', 'property', 'variable', 'test'] as const;
export const SymbolKindSchema = z.enum(SYMBOL_KINDS);
export type SymbolKind = z.infer<typeof SymbolKindSchema>;

/** How a CALLS edge was resolved: compiler, followed import, unique name, or several candidates. */
export const CALL_CONFIDENCES = ['exact', 'import', 'name', 'ambiguous'] as const;
export const CallConfidenceSchema = z.enum(CALL_CONFIDENCES);
export type CallConfidence = z.infer<typeof CallConfidenceSchema>;

export const TRUST_BOUNDARY = 'untrusted_repository_content' as const;

const RepositoryIdSchema = z.string().min(1).max(200).describe('Repository id as given at index time (by default the directory name).');

export const WarningSchema = z.object({
  code: z.string().describe('Stable machine-readable warning code.'),
  message: z.string(),
});
export type Warning = z.infer<typeof WarningSchema>;

// ---- get_symbol --------------------------------------------------------------------------------

export const GetSymbolInputSchema = z
  .object({
    uid: z.string().min(1).max(1000).optional().describe('The symbol uid, as returned by search_code.'),
    name: z.string().min(1).max(500).optional().describe('A symbol name (OrderService) or qualified name (OrderService.placeOrder).'),
    repositoryId: RepositoryIdSchema.optional().describe('Limit a name lookup to one repository.'),
  })
  .strict()
  .refine((input) => (input.uid === undefined) !== (input.name === undefined), {
    message: 'Give exactly one of uid or name.',
  });
export type GetSymbolInput = z.infer<typeof GetSymbolInputSchema>;

export const SymbolRefSchema = z.object({
  uid: z.string(),
  kind: SymbolKindSchema,
  name: z.string(),
  qualifiedName: z.string(),
  repositoryId: z.string(),
  path: z.string(),
  startLine: z.number().int(),
  endLine: z.number().int(),
});
export type SymbolRef = z.infer<typeof SymbolRefSchema>;

export const CallRefSchema = z.object({
  symbol: SymbolRefSchema,
  line: z.number().int().describe('Line of the call site, in the caller.'),
  confidence: CallConfidenceSchema,
});
export type CallRef = z.infer<typeof CallRefSchema>;

export const SymbolDetailSchema = SymbolRefSchema.extend({
  language: z.string(),
  signature: z.string().nullable(),
  doc: z.string().nullable(),
  exported: z.boolean(),
  complexity: z.number().int().nullable(),
  commitSha: z.string(),
  resourceUri: z.string().describe('code:// URI of the symbol span, readable as an MCP resource.'),
  symbolUri: z.string(),
  parent: SymbolRefSchema.nullable(),
  members: z.array(SymbolRefSchema),
  calls: z.array(CallRefSchema),
  calledBy: z.array(CallRefSchema),
});
export type SymbolDetail = z.infer<typeof SymbolDetailSchema>;

export const GetSymbolResultSchema = z.object({
  symbol: SymbolDetailSchema,
  warnings: z.array(WarningSchema),
  trustBoundary: z.literal(TRUST_BOUNDARY),
});
export type GetSymbolResult = z.infer<typeof GetSymbolResultSchema>;

// ---- search_code -------------------------------------------------------------------------------

export const SEARCH_MODES = ['hybrid', 'fulltext', 'semantic'] as const;

export const SearchCodeInputSchema = z
  .object({
    query: z.string().trim().min(1).max(500).describe('Words or identifiers to look for.'),
    scope: z
      .object({
        repositoryId: RepositoryIdSchema.optional(),
        commitSha: z
          .string()
          .regex(/^[0-9a-f]{4,64}$/)
          .optional()
          .describe('Answer only if this commit is the indexed one.'),
      })
      .strict()
      .optional(),
    kinds: z.array(SymbolKindSchema).max(SYMBOL_KINDS.length).optional().describe('Only these symbol kinds.'),
    pathPrefix: z
      .string()
      .min(1)
      .max(500)
      .regex(/^[^/]/, 'relative to the repository root')
      .optional()
      .describe('Only files under this path, e.g. src/orders/.'),
    language: z.enum(['typescript', 'javascript', 'python', 'java', 'go']).optional().describe('Only symbols of this language.'),
    mode: z
      .enum(SEARCH_MODES)
      .default('hybrid')
      .describe('hybrid: full-text, semantic and exact-name rankings fused; or one of them alone.'),
    maxResults: z.number().int().min(1).max(50).default(10),
  })
  .strict();
export type SearchCodeInput = z.input<typeof SearchCodeInputSchema>;
export type SearchCodeQuery = z.output<typeof SearchCodeInputSchema>;

export const SearchHitSchema = SymbolRefSchema.extend({
  artifactType: z.literal('symbol'),
  title: z.string(),
  score: z.number().describe('The fused score (reciprocal rank fusion) that orders the results.'),
  reasons: z.array(z.enum(['exact_name', 'fulltext', 'semantic'])).describe('Which rankings found this symbol.'),
  scores: z
    .object({ fulltext: z.number().nullable(), semantic: z.number().nullable() })
    .describe('The full-text (Lucene) and semantic (cosine) scores behind the fusion, when that ranking found it.'),
  resourceUri: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchCodeResultSchema = z.object({
  results: z.array(SearchHitSchema),
  warnings: z.array(WarningSchema),
  trustBoundary: z.literal(TRUST_BOUNDARY),
});
export type SearchCodeResult = z.infer<typeof SearchCodeResultSchema>;

// ---- get_file_span (the code:// resource) -------------------------------------------------------

export const MAX_SPAN_LINES = 400;

export const FileSpanSchema = z.object({
  uri: z.string(),
  repositoryId: z.string(),
  commitSha: z.string(),
  path: z.string(),
  language: z.string(),
  mimeType: z.string(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  text: z.string(),
  truncated: z.boolean(),
  trustBoundary: z.literal(TRUST_BOUNDARY),
});
export type FileSpan = z.infer<typeof FileSpanSchema>;

// ---- indexing ----------------------------------------------------------------------------------

export const IndexRepositoryInputSchema = z
  .object({
    path: z.string().min(1),
    repositoryId: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'letters, digits, dot, dash and underscore')
      .optional(),
  })
  .strict();
export type IndexRepositoryInput = z.infer<typeof IndexRepositoryInputSchema>;

export const SkippedFileSchema = z.object({ path: z.string(), reason: z.string() });
export type SkippedFile = z.infer<typeof SkippedFileSchema>;

export const IndexRunSummarySchema = z.object({
  runId: z.string(),
  repositoryId: z.string(),
  commitSha: z.string(),
  status: z.enum(['completed', 'failed']),
  files: z.number().int(),
  symbols: z.number().int(),
  calls: z.number().int(),
  imports: z.number().int(),
  skipped: z.array(SkippedFileSchema),
  secretsRedacted: z.number().int().describe('Secrets found in indexed files and redacted from every stored snippet.'),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int(),
  queryableMs: z
    .number()
    .int()
    .describe('From the start until the graph was queryable: symbols, files, imports, and calls resolved by scope and name.'),
  exactMs: z
    .number()
    .int()
    .nullable()
    .describe('From the start until calls were resolved by a compiler (TypeScript); null when no language of the repository has one.'),
});
export type IndexRunSummary = z.infer<typeof IndexRunSummarySchema>;
