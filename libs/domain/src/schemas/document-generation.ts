import { z } from 'zod';
import { CommitShaSchema, DocsPathSchema, DocumentQualityReportSchema, StaleFindingSchema } from './documentation-trust';
import {
  BranchSchema,
  CallConfidenceSchema,
  RepositoryIdSchema,
  SymbolKindSchema,
  TrustBoundarySchema,
  WarningSchema,
  schemaNames,
} from './shared';

// Documentation generated from the graph, for review: a context pack (what the graph knows that a
// task needs, each item with why), a draft whose every statement cites evidence, a review package,
// and publishing a draft, which is never automatic.

/** The tasks a context pack is assembled for. */
export const CONTEXT_PACK_TASKS = ['generate_module_doc', 'code_change', 'review_doc'] as const;

/** At most this many items of each kind in a context pack. */
export const MAX_CONTEXT_PACK_ITEMS = 50;
export const DEFAULT_CONTEXT_PACK_ITEMS = 20;
/** At most this many paths name a module. */
export const MAX_MODULE_PATHS = 20;

const ArtifactIdSchema = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[0-9a-f]{16}$`), `An id of the form ${prefix}_ followed by 16 hexadecimal digits.`);

export const ContextPackIdSchema = ArtifactIdSchema('ctx').describe('A context pack id (ctx_…), as assemble_context_pack answered it.');
export const DocumentIdSchema = ArtifactIdSchema('docgen').describe('A draft id (docgen_…), as generate_document_draft answered it.');

const ModuleFields = {
  repositoryId: RepositoryIdSchema.optional().describe('The repository; optional when only one is indexed.'),
  commitSha: CommitShaSchema.optional(),
  branch: BranchSchema.optional(),
  modulePath: DocsPathSchema.optional().describe('The module: a directory (src/orders) or a file, relative to the repository root.'),
  paths: z
    .array(DocsPathSchema)
    .min(1)
    .max(MAX_MODULE_PATHS)
    .optional()
    .describe(`The module as files or directories (at most ${MAX_MODULE_PATHS}), instead of modulePath.`),
  audience: z.array(z.string().min(1).max(100)).max(10).optional().describe('Who the documentation is for (new developers, reviewers).'),
};

export const AssembleContextPackInputSchema = z
  .object({
    ...ModuleFields,
    task: z.enum(CONTEXT_PACK_TASKS).default('generate_module_doc').describe('What the pack is for.'),
    maxItems: z
      .number()
      .int()
      .min(1)
      .max(MAX_CONTEXT_PACK_ITEMS)
      .default(DEFAULT_CONTEXT_PACK_ITEMS)
      .describe('At most this many symbols, callers, tests and documents each; the rest are counted in omitted.'),
  })
  .strict()
  .refine((input) => (input.modulePath === undefined) !== (input.paths === undefined), {
    message: 'Give exactly one of modulePath or paths.',
  })
  .register(schemaNames, { name: 'AssembleContextPackInput' });
export type AssembleContextPackInput = z.input<typeof AssembleContextPackInputSchema>;

const ReasonSchema = z.string().describe('Why the item is in the pack.');

export const PackSymbolSchema = z
  .object({
    uid: z.string(),
    kind: SymbolKindSchema,
    qualifiedName: z.string(),
    path: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
    language: z.string(),
    signature: z.string().nullable(),
    doc: z.string().nullable().describe('Its doc comment, as indexed.'),
    exported: z.boolean(),
    reason: ReasonSchema,
  })
  .register(schemaNames, { name: 'PackSymbol' });

export const PackSpanSchema = z
  .object({
    uri: z.string().describe('code://{repo}/{commit}/{path}#L{start}-L{end}: readable with get_file_span.'),
    path: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
    reason: ReasonSchema,
  })
  .register(schemaNames, { name: 'PackSpan' });

export const PackCallerSchema = z
  .object({
    uid: z.string(),
    qualifiedName: z.string(),
    path: z.string(),
    line: z.number().int().describe('The line of the call.'),
    calls: z.string().describe('The qualified name of the module symbol it calls.'),
    confidence: CallConfidenceSchema,
    reason: ReasonSchema,
  })
  .register(schemaNames, { name: 'PackCaller' });

export const PackTestSchema = z
  .object({
    uid: z.string(),
    qualifiedName: z.string(),
    path: z.string(),
    startLine: z.number().int(),
    endLine: z.number().int(),
    exercises: z.string().describe('The qualified name of the module symbol it tests.'),
    via: z.enum(['direct', 'helper']),
    reason: ReasonSchema,
  })
  .register(schemaNames, { name: 'PackTest' });

export const PackDocumentSchema = z
  .object({
    path: z.string(),
    title: z.string().describe('The section that names the module.'),
    startLine: z.number().int(),
    endLine: z.number().int(),
    mentions: z.string().describe('What of the module it names (a uid).'),
    reason: ReasonSchema,
  })
  .register(schemaNames, { name: 'PackDocument' });

export const ContextPackSchema = z
  .object({
    contextPackId: z.string().describe('ctx_…: the same for the same task on the same indexed commit.'),
    resourceUri: z.string().describe('context-pack://{contextPackId}: the pack, readable as an MCP resource until expiresAt.'),
    repositoryId: z.string(),
    commitSha: z.string(),
    task: z
      .object({
        type: z.enum(CONTEXT_PACK_TASKS),
        modulePath: z.string().describe('The module as named (modulePath, or the paths joined by commas).'),
        paths: z.array(z.string()).describe('Its files and directories (with a final /), as resolved.'),
        audience: z.array(z.string()),
      })
      .register(schemaNames, { name: 'ContextPackTask' }),
    symbols: z.array(PackSymbolSchema).describe("The module's symbols: exported ones first, in path and line order."),
    spans: z.array(PackSpanSchema).describe('The code to read: each symbol of the pack, and each call into the module.'),
    callers: z.array(PackCallerSchema).describe('Symbols of other files that call the module.'),
    tests: z.array(PackTestSchema),
    docs: z.array(PackDocumentSchema).describe('Document sections that name the module or its symbols.'),
    omitted: z
      .object({
        symbols: z.number().int(),
        callers: z.number().int(),
        tests: z.number().int(),
        docs: z.number().int(),
      })
      .describe('How many items of each kind were left out by maxItems.')
      .register(schemaNames, { name: 'ContextPackOmitted' }),
    createdAt: z.string(),
    expiresAt: z.string(),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'ContextPack' });
export type ContextPack = z.infer<typeof ContextPackSchema>;

export const ContextPackIdInputSchema = z
  .object({ contextPackId: ContextPackIdSchema })
  .strict()
  .register(schemaNames, { name: 'ContextPackIdInput' });
export type ContextPackIdInput = z.input<typeof ContextPackIdInputSchema>;

export const GenerateDocumentDraftInputSchema = z
  .object({
    ...ModuleFields,
    contextPackId: ContextPackIdSchema.optional().describe('Draft from this pack (instead of modulePath or paths).'),
  })
  .strict()
  .refine((input) => [input.modulePath, input.paths, input.contextPackId].filter((given) => given !== undefined).length === 1, {
    message: 'Give exactly one of contextPackId, modulePath or paths.',
  })
  .register(schemaNames, { name: 'GenerateDocumentDraftInput' });
export type GenerateDocumentDraftInput = z.input<typeof GenerateDocumentDraftInputSchema>;

export const EVIDENCE_TYPES = ['file_span', 'graph_path'] as const;

export const EvidenceItemSchema = z
  .object({
    id: z.string().describe('E1, E2, … for spans of code; G1, G2, … for paths in the graph.'),
    type: z.enum(EVIDENCE_TYPES).register(schemaNames, { name: 'EvidenceType' }),
    path: z.string().nullable().describe('The file of a file_span; null for a graph_path.'),
    lines: z.array(z.number().int()).describe('[start, end] of a file_span; empty for a graph_path.'),
    uri: z.string().nullable().describe('The code:// URI of a file_span.'),
    graphPath: z.array(z.string()).describe('The qualified names along a graph_path, caller first; empty for a file_span.'),
  })
  .register(schemaNames, { name: 'EvidenceItem' });
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;

export const DRAFT_SECTIONS = ['purpose', 'public_api', 'usage', 'tests'] as const;

export const DraftStatementSchema = z
  .object({
    id: z.string().describe('S1, S2, … in the order of the draft.'),
    section: z.enum(DRAFT_SECTIONS).register(schemaNames, { name: 'DraftSection' }),
    text: z.string().describe('The statement as the draft writes it, without its citations.'),
    evidence: z.array(z.string()).min(1).describe('The ids of its evidence: every statement has at least one.'),
  })
  .register(schemaNames, { name: 'DraftStatement' });
export type DraftStatement = z.infer<typeof DraftStatementSchema>;

export const DocumentDraftSchema = z
  .object({
    documentId: z.string().describe('docgen_…: the same for the same module on the same indexed commit.'),
    evidenceMapUri: z.string().describe('evidence-map://{documentId}: the statements and their evidence, readable as an MCP resource.'),
    contextPackId: z.string().describe('The context pack the draft was written from.'),
    repositoryId: z.string(),
    commitSha: z.string(),
    modulePath: z.string(),
    paths: z.array(z.string()).describe('The files and directories (with a final /) the draft documents.'),
    state: z.literal('draft').describe('A draft is never published by generating it: publish_document does that, when allowed.'),
    generator: z.string().describe('What wrote the draft: lore-graph/1 is deterministic, from the graph alone.'),
    title: z.string(),
    content: z.string().describe('The draft in Markdown: each statement followed by links to its evidence.'),
    statements: z.array(DraftStatementSchema),
    evidence: z.array(EvidenceItemSchema),
    createdAt: z.string(),
    expiresAt: z.string(),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'DocumentDraft' });
export type DocumentDraft = z.infer<typeof DocumentDraftSchema>;

export const DocumentIdInputSchema = z.object({ documentId: DocumentIdSchema }).strict().register(schemaNames, { name: 'DocumentIdInput' });
export type DocumentIdInput = z.input<typeof DocumentIdInputSchema>;

export const ReviewPackageSchema = z
  .object({
    documentId: z.string(),
    draft: DocumentDraftSchema,
    quality: DocumentQualityReportSchema.describe("evaluate_document_quality's report of the draft."),
    staleLines: z.array(StaleFindingSchema).describe('The lines of the draft the code does not support (the report findings).'),
    checklist: z.array(z.string()).describe('What the reviewer must decide before publishing.'),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'ReviewPackage' });
export type ReviewPackage = z.infer<typeof ReviewPackageSchema>;

export const PublishDocumentInputSchema = z
  .object({
    documentId: DocumentIdSchema,
    confirm: z
      .boolean()
      .optional()
      .describe('Must be true: publishing writes a file, and only an explicit confirmation from the person reviewing does it.'),
    fileName: z
      .string()
      .regex(/^[\w.-]+\.md$/, 'A file name ending in .md, of letters, digits, dots, dashes and underscores.')
      .max(200)
      .optional()
      .describe("The file's name inside the publish directory; by default the module path with / as -, and .md."),
  })
  .strict()
  .register(schemaNames, { name: 'PublishDocumentInput' });
export type PublishDocumentInput = z.input<typeof PublishDocumentInputSchema>;

export const PublishDocumentResultSchema = z
  .object({
    documentId: z.string(),
    published: z.literal(true),
    path: z.string().describe('Where it was written, relative to the publish directory (published/<repositoryId>/<fileName>).'),
    bytes: z.number().int(),
    qualityStatus: z.string().describe('The quality status of the draft when it was published.'),
  })
  .register(schemaNames, { name: 'PublishDocumentResult' });
export type PublishDocumentResult = z.infer<typeof PublishDocumentResultSchema>;

export const ArchiveDocumentInputSchema = z
  .object({
    path: z
      .string()
      .regex(
        /^published\/[^/]+\/[\w.-]+\.md$/,
        'A published document as publish_document answered it: published/<repositoryId>/<fileName>.md.',
      )
      .max(400)
      .refine(
        (path) => !path.split('/').some((segment) => segment === '.' || segment === '..'),
        'A path inside published/, without . or .. segments.',
      )
      .describe("The published document, as publish_document's path gave it (published/<repositoryId>/<fileName>.md)."),
    confirm: z.boolean().optional().describe('Must be true: archiving takes a published document down, on an explicit request only.'),
  })
  .strict()
  .register(schemaNames, { name: 'ArchiveDocumentInput' });
export type ArchiveDocumentInput = z.input<typeof ArchiveDocumentInputSchema>;

export const ArchiveDocumentResultSchema = z
  .object({
    path: z.string().describe('The published path it was taken from.'),
    archived: z.literal(true),
    archivedPath: z.string().describe('Where it is kept, relative to the publish directory: archived/<repositoryId>/<time>-<fileName>.'),
    bytes: z.number().int(),
  })
  .register(schemaNames, { name: 'ArchiveDocumentResult' });
export type ArchiveDocumentResult = z.infer<typeof ArchiveDocumentResultSchema>;

export const CreatePullRequestInputSchema = z
  .object({
    documentId: DocumentIdSchema,
    confirm: z.boolean().optional().describe('Must be true, on an explicit request only.'),
    fileName: z
      .string()
      .regex(/^[\w.-]+\.md$/, 'A file name ending in .md, of letters, digits, dots, dashes and underscores.')
      .max(200)
      .optional()
      .describe("The file's name under docs/; default: the module path with / as -, and .md."),
  })
  .strict()
  .register(schemaNames, { name: 'CreatePullRequestInput' });
export type CreatePullRequestInput = z.input<typeof CreatePullRequestInputSchema>;

export const CreatePullRequestResultSchema = z
  .object({
    pullRequestUrl: z.string().describe("The pull request's page (the forge's html_url)."),
    number: z.number().int(),
    branch: z.string().describe('lore/docs/<documentId>, pushed to origin.'),
    commitSha: z.string().describe('The commit adding the draft, on top of the indexed commit.'),
    path: z.string().describe('docs/<fileName>, under the indexed directory.'),
  })
  .register(schemaNames, { name: 'CreatePullRequestResult' });
export type CreatePullRequestResult = z.infer<typeof CreatePullRequestResultSchema>;
