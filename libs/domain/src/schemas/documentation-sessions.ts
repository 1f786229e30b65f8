import { z } from 'zod';
import { schemaNames } from './shared';

// Documentation sessions: the assistant documents a repository (a "workspace") with Lore, one file at
// a time. Lore asks for each file's analysis with a prompt built from the graph, the assistant answers
// through analyze_file_callback, and Lore writes the documentation per module. The tool names,
// argument names, result fields and error codes are those of the CodeDoc documentation server, so a
// client written for it works unchanged; Lore's extras do not collide with them.

/** The session states a client sees (the CodeDoc server's `status`). */
export const DOCUMENTATION_SESSION_STATES = ['awaiting_groupings', 'started', 'processing', 'completed'] as const;
export const DocumentationSessionStateSchema = z
  .enum(DOCUMENTATION_SESSION_STATES)
  .register(schemaNames, { name: 'DocumentationSessionState' });
export type DocumentationSessionState = z.infer<typeof DocumentationSessionStateSchema>;

export const DEPENDENCY_TYPES = ['import', 'injection', 'reference', 'config'] as const;
export const DOC_TYPES = ['module', 'component', 'system'] as const;

/** create_documentation documents at most this many files per call. */
export const MAX_FILES_PER_DOCUMENTATION = 100;

/** The error codes of the documentation tools, as the CodeDoc server spells them. */
export const DOCUMENTATION_SESSION_ERROR_CODES = [
  'MISSING_PARAMETER',
  'INVALID_PARAMETER',
  'WORKSPACE_NOT_FOUND',
  'PATH_NOT_FOUND',
  'SESSION_NOT_FOUND',
  'INVALID_SESSION_STATE',
  'INVALID_GROUPING',
  'INVALID_DEPENDENCY_TYPE',
  'FILE_NOT_FOUND',
  'TOO_MANY_FILES',
  'INVALID_ANALYSIS',
  'TOKEN_LIMIT_EXCEEDED',
] as const;
export type DocumentationSessionErrorCode = (typeof DOCUMENTATION_SESSION_ERROR_CODES)[number];

// Inputs are loose on purpose: every required argument is checked by the service, which answers a
// missing one with MISSING_PARAMETER {missing_param, required_type, example} as the CodeDoc server does.
const SessionId = z.string().describe('The documentation session id full_documentation or create_documentation answered.');
const WorkspaceId = z.string().describe("The workspace: an indexed repository, by Lore's repository id or its proj-<uuid> workspace id.");

/** Lore's extra argument of the two tools that start a session. */
const KnowledgeStore = z
  .boolean()
  .optional()
  .describe(
    "Also write the documentation into the workspace's project knowledge (a knowledge document per module, a chapter per file, one commit); needs the knowledge:write permission. False by default.",
  );

export const FullDocumentationInputSchema = z
  .object({ workspace_id: WorkspaceId.optional(), knowledge_store: KnowledgeStore })
  .strict()
  .register(schemaNames, { name: 'FullDocumentationInput' });
export type FullDocumentationInput = z.input<typeof FullDocumentationInputSchema>;

export const ThematicGroupingSchema = z
  .object({
    theme: z.string().optional().describe("Theme name (e.g. 'server', 'handlers', 'authentication')."),
    file_paths: z
      .array(z.string())
      .optional()
      .describe('The files of this theme: absolute paths inside the workspace, or paths relative to its root.'),
    description: z.string().optional().describe('Brief description of this thematic group.'),
  })
  .strict()
  .register(schemaNames, { name: 'ThematicGrouping' });

export const ProvideThematicGroupingsInputSchema = z
  .object({
    session_id: SessionId.optional(),
    groupings: z.array(ThematicGroupingSchema).optional().describe('The themes of the documentation, each with its files.'),
  })
  .strict()
  .register(schemaNames, { name: 'ProvideThematicGroupingsInput' });
export type ProvideThematicGroupingsInput = z.input<typeof ProvideThematicGroupingsInputSchema>;

export const DependencyFileSchema = z
  .object({
    file_path: z.string().optional().describe('The dependency file (absolute inside the workspace, or relative to its root).'),
    dependency_type: z
      .string()
      .optional()
      .describe(`One of ${DEPENDENCY_TYPES.join(', ')}.`),
    reason: z.string().optional().describe('Why this file is needed.'),
  })
  .strict()
  .register(schemaNames, { name: 'DependencyFile' });

export const ProvideDependencyFilesInputSchema = z
  .object({
    session_id: SessionId.optional(),
    requesting_file: z.string().optional().describe('The file whose analysis needs the dependencies.'),
    dependencies: z.array(DependencyFileSchema).optional().describe('The files it needs, each with its dependency type.'),
  })
  .strict()
  .register(schemaNames, { name: 'ProvideDependencyFilesInput' });
export type ProvideDependencyFilesInput = z.input<typeof ProvideDependencyFilesInputSchema>;

export const CreateDocumentationInputSchema = z
  .object({
    file_paths: z.array(z.string()).optional().describe(`The files to document, at most ${MAX_FILES_PER_DOCUMENTATION}.`),
    workspace_id: WorkspaceId.optional(),
    module_name: z.string().optional().describe('Name of the module being documented.'),
    doc_type: z
      .string()
      .optional()
      .describe(`One of ${DOC_TYPES.join(', ')}; module by default.`),
    knowledge_store: KnowledgeStore,
  })
  .strict()
  .register(schemaNames, { name: 'CreateDocumentationInput' });
export type CreateDocumentationInput = z.input<typeof CreateDocumentationInputSchema>;

export const FileAnalysisSchema = z
  .object({
    summary: z.string().optional().describe('Brief summary of the file purpose (required).'),
    key_functions: z.array(z.string()).optional().describe('Main functions/classes in the file.'),
    dependencies: z.array(z.string()).optional().describe('Files this depends on.'),
    keywords: z.array(z.string()).optional().describe('Keywords for Zettelkasten indexing.'),
    documentation: z.string().optional().describe('Detailed Markdown documentation of the file (required).'),
  })
  .strict()
  .register(schemaNames, { name: 'FileAnalysis' });
export type FileAnalysis = z.infer<typeof FileAnalysisSchema>;

export const AnalyzeFileCallbackInputSchema = z
  .object({
    session_id: SessionId.optional(),
    request_id: z.string().optional().describe('The analyze_file_request this answers (optional: the file path finds it).'),
    file_path: z.string().optional().describe('The file analysed, as the request named it.'),
    analysis: FileAnalysisSchema.optional().describe("The file's analysis: summary and documentation required."),
  })
  .strict()
  .register(schemaNames, { name: 'AnalyzeFileCallbackInput' });
export type AnalyzeFileCallbackInput = z.input<typeof AnalyzeFileCallbackInputSchema>;

export const DocumentationSessionIdInputSchema = z
  .object({ session_id: SessionId.optional() })
  .strict()
  .register(schemaNames, { name: 'DocumentationSessionIdInput' });
export type DocumentationSessionIdInput = z.input<typeof DocumentationSessionIdInputSchema>;

const PendingRequestSchema = z
  .object({
    request_id: z.string(),
    file_path: z.string(),
    requested_at: z.string(),
    prompt: z.string().describe('What Lore asks about the file, from the graph: its symbols, callers, callees, tests and documents.'),
  })
  .register(schemaNames, { name: 'PendingAnalysisRequest' });
export type PendingAnalysisRequest = z.infer<typeof PendingRequestSchema>;

const RequestRefSchema = z.object({ request_id: z.string(), file_path: z.string() }).register(schemaNames, { name: 'AnalysisRequestRef' });

export const FullDocumentationResultSchema = z
  .object({
    session_id: z.string(),
    status: DocumentationSessionStateSchema,
    message: z.string(),
    next_action: z.string(),
    hint: z.string(),
    workspace_path: z.string(),
    workspace_id: z.string(),
    repositoryId: z.string(),
  })
  .register(schemaNames, { name: 'FullDocumentationResult' });

export const ProvideThematicGroupingsResultSchema = z
  .object({
    session_id: z.string(),
    status: DocumentationSessionStateSchema,
    themes: z.number().int(),
    total_files: z.number().int(),
    next_action: z.string(),
    requests: z.array(RequestRefSchema).describe('The analyze_file_request sent for each file (prompts: get_documentation_status).'),
  })
  .register(schemaNames, { name: 'ProvideThematicGroupingsResult' });

export const ProvideDependencyFilesResultSchema = z
  .object({
    session_id: z.string(),
    status: DocumentationSessionStateSchema,
    requesting_file: z.string(),
    added_files: z.array(z.string()),
    total_files: z.number().int(),
    next_action: z.string(),
    requests: z.array(RequestRefSchema),
  })
  .register(schemaNames, { name: 'ProvideDependencyFilesResult' });

export const CreateDocumentationResultSchema = z
  .object({
    session_id: z.string(),
    status: DocumentationSessionStateSchema,
    total_files: z.number().int(),
    message: z.string(),
    next_action: z.string(),
    module_name: z.string(),
    doc_type: z.enum(DOC_TYPES),
    requests: z.array(RequestRefSchema),
  })
  .register(schemaNames, { name: 'CreateDocumentationResult' });

export const AnalyzeFileCallbackResultSchema = z
  .object({
    session_id: z.string(),
    file_path: z.string(),
    status: z.literal('completed').describe("The file's analysis is received."),
    message: z.string(),
    session_status: DocumentationSessionStateSchema,
    processed_files: z.number().int(),
    total_files: z.number().int(),
  })
  .register(schemaNames, { name: 'AnalyzeFileCallbackResult' });

export const ClaimCountsSchema = z
  .object({ supported: z.number().int(), contradicted: z.number().int(), unknown: z.number().int() })
  .register(schemaNames, { name: 'DocumentationClaimCounts' });

export const DocumentationStatusSchema = z
  .object({
    session_id: z.string(),
    status: DocumentationSessionStateSchema,
    module_name: z.string(),
    progress: z.object({
      total_files: z.number().int(),
      processed_files: z.number().int(),
      failed_files: z.array(z.string()),
    }),
    documentation_path: z
      .string()
      .describe('Where the documentation is written (a directory, one Markdown file per module); empty until completed.'),
    quality_metrics: z.object({
      average_quality_score: z.number().describe('The share of the checked statements that the code supports (1 when none was checked).'),
      consensus_status: z.string(),
      total_memories_created: z.number().int(),
      relationships_discovered: z.number().int(),
      claims: ClaimCountsSchema.describe('The statements of the written documentation that name code, as verify_claim settles them.'),
    }),
    knowledge: z
      .object({
        project_id: z.string(),
        files: z.array(z.string()).describe('The knowledge documents written, one per module.'),
        commit: z.string().describe('The knowledge store commit that wrote them.'),
      })
      .nullable()
      .register(schemaNames, { name: 'DocumentationKnowledge' })
      .describe('Where the documentation went in the project knowledge, when the session was started with knowledge_store; else null.'),
    pending_requests: z
      .array(PendingRequestSchema)
      .describe(
        'The files still awaiting analyze_file_callback, with their prompts: a client that cannot receive notifications polls these.',
      ),
    pending_total: z.number().int().describe('How many files are pending (pending_requests lists the first 20).'),
    repositoryId: z.string(),
    expires_at: z.string().describe('When the session is forgotten if left idle.'),
  })
  .register(schemaNames, { name: 'DocumentationStatus' });
export type DocumentationStatus = z.infer<typeof DocumentationStatusSchema>;

// The session API of the stateful-tool layer (getSessionIds, clearSession), as tools: the caller's
// own sessions, never another principal's.
export const ListDocumentationSessionsInputSchema = z.object({}).strict().register(schemaNames, { name: 'ListDocumentationSessionsInput' });
export type ListDocumentationSessionsInput = z.input<typeof ListDocumentationSessionsInputSchema>;

export const DocumentationSessionSummarySchema = z
  .object({
    session_id: z.string(),
    repositoryId: z.string(),
    status: DocumentationSessionStateSchema,
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string(),
  })
  .register(schemaNames, { name: 'DocumentationSessionSummary' });

export const ListDocumentationSessionsResultSchema = z
  .object({
    session_ids: z.array(z.string()).describe("The caller's live sessions, most recently used first."),
    sessions: z.array(DocumentationSessionSummarySchema),
  })
  .register(schemaNames, { name: 'ListDocumentationSessionsResult' });
export type ListDocumentationSessionsResult = z.infer<typeof ListDocumentationSessionsResultSchema>;

export const ClearDocumentationSessionResultSchema = z
  .object({
    session_id: z.string(),
    cleared: z.literal(true).describe('The session is forgotten; its written documentation stays where it was written.'),
  })
  .register(schemaNames, { name: 'ClearDocumentationSessionResult' });
export type ClearDocumentationSessionResult = z.infer<typeof ClearDocumentationSessionResultSchema>;
