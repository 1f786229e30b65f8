import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { LORE_VERSION } from '@lore/config';
import { type ErrorBody, InvalidInputError, type LoreError, countTokens, toLoreError } from '@lore/domain';
import type { AnalysisContext } from './analysis-sessions';
import { type StatefulEnvelope, statefulError } from './stateful-answer';
import type { ToolAnswer } from './tool-answer';

/**
 * The servers the seeds describe, each served as a view of Lore's one catalog (`lore mcp --as <name>`,
 * `/mcp/<name>`): which of Lore's tools and resources it serves, under the seed's names, and how an
 * answer and an error are told, so that a client written against that seed works unchanged. The
 * tools are Lore's own, called through the same gate: only the table and the shape are the seed's.
 * What Lore adds to an answer that the seed does not define (request id, snapshot, tokens,
 * continuation, next calls, warnings) goes into the result's `_meta` under `lore/…` keys.
 */
export const SEED_SERVER_NAMES = ['codeclone', 'codedoc', 'knowledge', 'analysis'] as const;
export type SeedServerName = (typeof SEED_SERVER_NAMES)[number];

/** How a seed's server tells a tool's answer and its failure. */
type AnswerShape =
  /** CodeClone's MCP server (FastMCP): the payload itself; a failure is isError with its message as the text. */
  | 'payload'
  /** The CodeDoc handler: the payload itself (over the limit, `_meta` {truncated, continuation_token, estimated_tokens}); a failure is its ErrorResponse. */
  | 'codedoc'
  /** The Knowledge MCP server: its result, and JSON-RPC errors with its codes (the tools answer so themselves: answersAsSeed). */
  | 'bare'
  /** The MCP Code Analysis foundations: ToolResponse {data, metadata, status, context}; a failure is createErrorResponse's. */
  | 'standard';

export interface SeedServer {
  name: SeedServerName;
  /** The seed document it is written from (../shared/seeds). */
  seed: string;
  title: string;
  instructions: string;
  shape: AnswerShape;
  /** The tools it serves, by their names in Lore's catalog (the seed's names). */
  tools: readonly string[];
  /** The resource templates it serves, by name (libs/mcp/src/resources). */
  resources: readonly string[];
}

const CODECLONE_RESOURCES = [
  'codeclone-latest-summary',
  'codeclone-latest-triage',
  'codeclone-latest-report',
  'codeclone-latest-health',
  'codeclone-latest-gates',
  'codeclone-latest-changed',
  'codeclone-schema',
  'codeclone-run-summary',
  'codeclone-run-report',
  'codeclone-run-finding',
];

export const SEED_SERVERS: Readonly<Record<SeedServerName, SeedServer>> = {
  codeclone: {
    name: 'codeclone',
    seed: '001',
    title: "CodeClone's MCP interface (analysis runs)",
    instructions:
      'Deterministic code-health analysis of indexed repositories: call analyze_repository (absolute root) first, then get_run_summary or get_production_triage, list_hotspots or check_*, get_finding and get_remediation, generate_pr_summary. help(topic=...) routes contract questions.',
    shape: 'payload',
    tools: [
      'analyze_repository',
      'analyze_changed_paths',
      'get_run_summary',
      'get_production_triage',
      'help',
      'compare_runs',
      'evaluate_gates',
      'get_report_section',
      'list_findings',
      'get_finding',
      'get_remediation',
      'list_hotspots',
      'check_clones',
      'check_complexity',
      'check_coupling',
      'check_cohesion',
      'check_dead_code',
      'generate_pr_summary',
      'mark_finding_reviewed',
      'list_reviewed_findings',
      'clear_session_runs',
    ],
    resources: CODECLONE_RESOURCES,
  },
  codedoc: {
    name: 'codedoc',
    seed: '002',
    title: 'The CodeDoc MCP protocol handler (documentation sessions)',
    instructions:
      'AI-driven documentation of an indexed workspace: full_documentation or create_documentation opens a session, provide_thematic_groupings and provide_dependency_files feed it, analyze_file_callback answers each file, get_documentation_status follows it; get_project_structure lists a workspace, verify_documentation checks a document against the code.',
    shape: 'codedoc',
    tools: [
      'full_documentation',
      'provide_thematic_groupings',
      'provide_dependency_files',
      'create_documentation',
      'analyze_file_callback',
      'get_project_structure',
      'verify_documentation',
      'get_documentation_status',
    ],
    resources: [],
  },
  knowledge: {
    name: 'knowledge',
    seed: '003',
    title: 'The Knowledge MCP server (project knowledge)',
    // The seed's server description, word for word.
    instructions:
      "Centralized project knowledge management. Use 'get_project_main' to retrieve project instructions instead of looking for CLAUDE.md files. Manages project-specific documentation and knowledge across all your repositories.",
    shape: 'bare',
    tools: [
      'get_project_main',
      'update_project_main',
      'search_knowledge',
      'create_knowledge_file',
      'update_chapter',
      'delete_knowledge_file',
    ],
    resources: ['knowledge-main', 'knowledge-files', 'knowledge-chapters'],
  },
  analysis: {
    name: 'analysis',
    seed: '004',
    title: 'MCP Code Analysis (the standard response format)',
    instructions:
      'Code analysis of indexed repositories. Every tool answers the standard response format {data, metadata{tool, version, executionTime, timestamp}, status{success, code, message}, context{sessionId, relatedResults}}: read status.success before data, and give context.sessionId back as sessionId to keep a session.',
    shape: 'standard',
    // Seed 004 names no tool family of its own (its analyze-* tools are usage examples): it serves
    // Lore's code-reading and analysis tools that no other seed defines, in its format.
    tools: [
      'search_code',
      'get_symbol',
      'get_callers',
      'get_callees',
      'get_file_span',
      'get_graph_neighborhood',
      'get_related_tests',
      'get_documents',
      'analyze_impact',
    ],
    resources: [],
  },
};

/**
 * Arguments a seed marks required that Lore's tool leaves optional: CodeClone's analysis tools
 * require an absolute `root` (Lore's `repository` stays accepted beside it elsewhere); CodeDoc's
 * request schemas mark their fields `"required": true`, and its handlers answer a missing one
 * MISSING_PARAMETER (the session service does, so on that endpoint the schema alone says it).
 */
const REQUIRED_BY_THE_SEED: Partial<Record<SeedServerName, Readonly<Record<string, readonly string[]>>>> = {
  codeclone: { analyze_repository: ['root'], analyze_changed_paths: ['root'] },
  codedoc: {
    full_documentation: ['workspace_id'],
    provide_thematic_groupings: ['session_id', 'groupings'],
    provide_dependency_files: ['session_id', 'requesting_file', 'dependencies'],
    create_documentation: ['file_paths', 'workspace_id', 'module_name'],
    analyze_file_callback: ['file_path', 'analysis', 'session_id'],
    get_project_structure: ['workspace_path'],
    get_documentation_status: ['session_id'],
  },
};

/** The arguments a tool requires on a seed's endpoint besides those its schema requires. */
export function seedRequiredArguments(server: SeedServer, tool: string): readonly string[] {
  return REQUIRED_BY_THE_SEED[server.name]?.[tool] ?? [];
}

/** The seed's contract error for a call without an argument it requires, or null. */
export function missingSeedArgument(server: SeedServer, tool: string, args: Record<string, unknown> | undefined): LoreError | null {
  if (server.shape !== 'payload') return null;
  const missing = seedRequiredArguments(server, tool).filter((name) => args?.[name] === undefined);
  if (missing.length === 0) return null;
  return new InvalidInputError(
    `${tool} requires ${missing.join(', ')}: an absolute repository root (relative roots such as . are refused).`,
    {
      hint: 'Give root, the absolute path of an indexed checkout.',
    },
  );
}

/** The version the seed servers report in serverInfo (CodeClone: clients check it for compatibility). */
export function seedServerInfo(server: SeedServer): { name: string; version: string } {
  return { name: `lore-${server.name}`, version: LORE_VERSION };
}

/**
 * Lore's own fields of a CodeDoc payload, which the seed's responses do not have: on its endpoint
 * they go into `_meta` under these keys (the requests of a session, its repository and commit).
 */
const CODEDOC_LORE_FIELDS: Readonly<Record<string, string>> = {
  repositoryId: 'lore/repositoryId',
  commitSha: 'lore/commitSha',
  requests: 'lore/requests',
  pending_requests: 'lore/pendingRequests',
  pending_total: 'lore/pendingTotal',
};

/**
 * Lore's own top-level fields of a CodeClone payload (a run summary, a gate evaluation, a PR summary),
 * which the seed's payloads do not have: the repository and commit analysed. The canonical report's
 * `meta` keeps them, as the report's own section.
 */
const CODECLONE_LORE_FIELDS: Readonly<Record<string, string>> = {
  repository: 'lore/repository',
  commit: 'lore/commit',
};

/** The top-level payload fields of a seed's endpoint that are Lore's, by their `_meta` keys. */
const LORE_FIELDS_OF: Partial<Record<AnswerShape, Readonly<Record<string, string>>>> = {
  codedoc: CODEDOC_LORE_FIELDS,
  payload: CODECLONE_LORE_FIELDS,
};

/** A payload without Lore's own fields, and those fields under their `_meta` keys. */
function splitLoreFields(
  server: SeedServer,
  payload: Record<string, unknown>,
): { payload: Record<string, unknown>; meta: Record<string, unknown> } {
  const loreFields = LORE_FIELDS_OF[server.shape];
  if (loreFields === undefined) return { payload, meta: {} };
  const kept: Record<string, unknown> = {};
  const meta: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(payload)) {
    if (Object.hasOwn(loreFields, field)) meta[loreFields[field]!] = value;
    else kept[field] = value;
  }
  return { payload: kept, meta };
}

/**
 * A resource read on a seed's endpoint: a JSON document (codeclone://latest/summary is a run
 * summary) without Lore's own top-level fields, which go into that content's `_meta`.
 */
export function seedResourceContents(server: SeedServer, read: ReadResourceResult): ReadResourceResult {
  if (LORE_FIELDS_OF[server.shape] === undefined) return read;
  const contents = read.contents.map((content) => {
    if (!('text' in content) || content.mimeType !== 'application/json') return content;
    const document: unknown = JSON.parse(content.text);
    if (document === null || typeof document !== 'object' || Array.isArray(document)) return content;
    const split = splitLoreFields(server, document as Record<string, unknown>);
    if (Object.keys(split.meta).length === 0) return content;
    return { ...content, text: JSON.stringify(split.payload, null, 2), _meta: { ...content._meta, ...split.meta } };
  });
  return { ...read, contents };
}

/** The outputSchema of a tool on a seed's endpoint: its payload's, or the standard format around it. */
export function seedOutputSchema(server: SeedServer, output: z.ZodType): z.ZodType {
  const loreFields = LORE_FIELDS_OF[server.shape];
  if (loreFields !== undefined && output instanceof z.ZodObject) {
    const lore = Object.keys(output.shape).filter((field) => Object.hasOwn(loreFields, field));
    if (lore.length === 0) return output;
    const mask = Object.fromEntries(lore.map((field) => [field, true])) as Parameters<typeof output.omit>[0];
    return output.omit(mask);
  }
  if (server.shape !== 'standard') return output;
  return z.object({
    data: output.nullable(),
    metadata: z.object({ tool: z.string(), version: z.string(), executionTime: z.number(), timestamp: z.string() }),
    status: z.object({ success: z.boolean(), code: z.number().int(), message: z.string().optional() }),
    context: z.object({
      sessionId: z.string().describe('The session of this answer (analysis-sessions.ts).'),
      relatedResults: z.array(z.string()).describe("The session's earlier results, oldest first: their lore/requestId."),
    }),
  });
}

/** Lore's extras of an envelope answer, for `_meta`. */
function loreMetaOf(answer: ToolAnswer): Record<string, unknown> {
  return {
    'lore/requestId': answer.metadata.requestId,
    'lore/version': answer.metadata.version,
    'lore/executionTimeMs': answer.metadata.executionTimeMs,
    'lore/snapshot': answer.metadata.snapshot,
    'lore/tokens': answer.metadata.tokens,
    'lore/maxTokens': answer.metadata.maxTokens,
    'lore/status': answer.status,
    ...(answer.warnings.length > 0 ? { 'lore/warnings': answer.warnings } : {}),
    ...(answer.next.recommended.length > 0 ? { 'lore/next': answer.next.recommended } : {}),
    ...(answer.continuation === null ? {} : { 'lore/continuation': answer.continuation }),
  };
}

function result(payload: Record<string, unknown>, meta: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload, _meta: meta };
}

/**
 * An envelope answer (tool-answer.ts) as the seed's server gives it. `wholeTokens` counts the answer
 * before it was cut, for CodeDoc's `estimated_tokens`; `context` is the standard format's (its session).
 */
export function seedAnswer(server: SeedServer, answer: ToolAnswer, wholeTokens: () => number, context?: AnalysisContext): CallToolResult {
  const meta = loreMetaOf(answer);
  if (server.shape === 'standard') {
    const { metadata } = answer;
    return result(
      {
        data: answer.data,
        metadata: {
          tool: metadata.tool,
          version: metadata.version,
          executionTime: metadata.executionTimeMs,
          timestamp: new Date().toISOString(),
        },
        status: { success: true, code: 200, ...(answer.warnings.length > 0 ? { message: answer.warnings[0]!.message } : {}) },
        context,
      },
      meta,
    );
  }
  const split = splitLoreFields(server, answer.data);
  if (server.shape === 'codedoc' && answer.continuation !== null) {
    return result(split.payload, {
      truncated: true,
      continuation_token: answer.continuation,
      estimated_tokens: wholeTokens(),
      ...meta,
      ...split.meta,
    });
  }
  return result(split.payload, { ...meta, ...split.meta });
}

/** A stateful answer (stateful-answer.ts) on the CodeDoc endpoint: the session's payload itself, the format's fields in `_meta`. */
export function seedStatefulAnswer(server: SeedServer, envelope: StatefulEnvelope): CallToolResult {
  const { metadata, status, context } = envelope;
  const split = splitLoreFields(server, envelope.data);
  return result(split.payload, {
    ...split.meta,
    'lore/requestId': metadata.requestId,
    'lore/version': metadata.version,
    'lore/executionTimeMs': metadata.executionTime,
    'lore/tokens': metadata.tokens,
    'lore/maxTokens': metadata.maxTokens,
    ...(status.message === undefined ? {} : { 'lore/message': status.message }),
    ...(context?.relatedResults && context.relatedResults.length > 0 ? { 'lore/relatedResults': context.relatedResults } : {}),
  });
}

/**
 * The CodeDoc handler's TokenLimitMiddleware on the request side: arguments of more tokens than the
 * limit are refused, before any tool runs, with TOKEN_LIMIT_EXCEEDED {estimated_tokens, limit, content_size}.
 */
export function overTheRequestLimit(server: SeedServer, args: Record<string, unknown> | undefined, limit: number): LoreError | null {
  if (server.shape !== 'codedoc') return null;
  const text = JSON.stringify(args ?? {});
  // A token is at least one byte: a request of fewer bytes than the limit is under it, uncounted.
  if (Buffer.byteLength(text) <= limit) return null;
  const estimated = countTokens(text);
  if (estimated <= limit) return null;
  const details = {
    estimated_tokens: estimated,
    limit,
    content_size: Buffer.byteLength(text),
    hint: 'Send fewer paths, or split the request.',
  };
  const title = 'Request exceeds token limit';
  const explanation = `The request is about ${estimated} tokens; the limit is ${limit} per exchange.`;
  return new InvalidInputError(`${title}. ${explanation}`, {
    hint: details.hint,
    details: { seedError: { code: 'TOKEN_LIMIT_EXCEEDED', title, explanation, details } },
  });
}

/** The CodeDoc code of a Lore error that is not one of the sessions' own (the seed's tool error codes and its middleware's). */
const CODEDOC_CODE_OF: Partial<Record<ErrorBody['code'], string>> = {
  invalid_input: 'INVALID_PARAMETER',
  ambiguous_target: 'INVALID_PARAMETER',
  not_found: 'PATH_NOT_FOUND',
  snapshot_not_indexed: 'PATH_NOT_FOUND',
  permission_denied: 'ACCESS_DENIED',
  sensitive_content_blocked: 'ACCESS_DENIED',
  rate_limited: 'RATE_LIMIT_EXCEEDED',
  resource_exhausted: 'TOKEN_LIMIT_EXCEEDED',
};

/** The CodeDoc RateLimiter's answer text, word for word. */
const CODEDOC_RATE_LIMIT_TEXT = 'Rate limit exceeded. Please retry later.';

/**
 * A refused call as the CodeDoc RateLimiter answers it: its text, `_meta` {error, code:
 * RATE_LIMIT_EXCEEDED, retry_after} (seconds), isError; not the ErrorResponse of the other failures.
 */
function codeDocRateLimited(body: ErrorBody, lore: Record<string, unknown>): CallToolResult {
  const retryAfter = (body.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
  return {
    isError: true,
    content: [{ type: 'text', text: CODEDOC_RATE_LIMIT_TEXT }],
    _meta: { error: true, code: 'RATE_LIMIT_EXCEEDED', retry_after: retryAfter, ...lore },
  };
}

/** A failed call as the seed's server tells it; Lore's error body in `_meta["lore/error"]`. */
export function seedError(
  server: SeedServer,
  call: { tool: string; version: string; requestId: string },
  error: unknown,
  context?: AnalysisContext,
): CallToolResult {
  const body: ErrorBody = toLoreError(error).toBody();
  const lore = { 'lore/requestId': call.requestId, 'lore/error': body };
  if (server.shape === 'codedoc') {
    if (body.code === 'rate_limited') return codeDocRateLimited(body, lore);
    const told = statefulError(error, call.requestId);
    const { requestId: _requestId, code, ...meta } = told._meta as Record<string, unknown>;
    // A session error carries its CodeDoc code; any other (get_project_structure, verify_documentation, the gate's) is given the seed's code for its kind.
    const codeDocCode = body.details?.seedError === undefined ? (CODEDOC_CODE_OF[body.code] ?? code) : code;
    return { ...told, _meta: { ...meta, code: codeDocCode, ...lore } };
  }
  if (server.shape === 'standard') {
    const failure = {
      data: null,
      metadata: { tool: call.tool, version: call.version, executionTime: 0, timestamp: new Date().toISOString() },
      status: { success: false, code: 400, message: body.message },
      context,
    };
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(failure) }], structuredContent: failure, _meta: lore };
  }
  return { isError: true, content: [{ type: 'text', text: body.message }], _meta: lore };
}
