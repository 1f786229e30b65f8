import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import { type FixtureRepository, gitFixture } from '../support/fixtures';
import { LORE_BIN, type RunningServer, runCli, startServer, waitUntilReady } from '../support/processes';

/** Asks the same question through each door, the way a real caller of that door would. */

const REF = 'uid kind name qualifiedName repositoryId path startLine endLine';
const GET_SYMBOL_QUERY = `query GetSymbol($input: GetSymbolInput!) {
  symbol(input: $input) {
    symbol { ${REF} language signature doc exported complexity commitSha resourceUri symbolUri
      parent { ${REF} } members { ${REF} }
      calls { symbol { ${REF} } line confidence } calledBy { symbol { ${REF} } line confidence } }
    knowledge { uri projectId filename chapter about reference stale status staleReason codeCommit knowledgeCommit }
    warnings { code message }
    trustBoundary
  }
}`;
const SEARCH_QUERY = `query Search($input: SearchCodeInput!) {
  searchCode(input: $input) {
    results { ${REF} artifactType title score reasons scores { fulltext semantic } resourceUri }
    warnings { code message }
    trustBoundary
  }
}`;

export async function graphql(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ data?: Record<string, unknown>; errors?: { message: string; extensions: Record<string, unknown> }[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as never;
}

export async function graphqlGetSymbol(url: string, input: Record<string, unknown>): Promise<unknown> {
  const body = await graphql(url, GET_SYMBOL_QUERY, { input });
  if (body.errors) return { error: body.errors[0]!.extensions.code };
  return body.data!.symbol;
}

export async function graphqlSearch(url: string, input: Record<string, unknown>): Promise<unknown> {
  const body = await graphql(url, SEARCH_QUERY, { input });
  if (body.errors) return { error: body.errors[0]!.extensions.code };
  return body.data!.searchCode;
}

export async function restJson(url: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function cliJson(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; body: Record<string, unknown> }> {
  const result = await runCli([...args, '--json'], env);
  try {
    return { code: result.code, body: JSON.parse(result.stdout) as Record<string, unknown> };
  } catch {
    throw new Error(`lore ${args.join(' ')} printed no JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

export type McpDoor = 'stdio' | 'http 2026-07-28' | 'http 2025-11-25';

/** `lore mcp` arguments besides the command (a --profile) apply to stdio only. */
export async function connectMcp(door: McpDoor, url: string, env: NodeJS.ProcessEnv, mcpArgs: string[] = []): Promise<Client> {
  const client = new Client(
    { name: 'lore-e2e', version: '1.0.0' },
    door === 'http 2026-07-28'
      ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
      : door === 'stdio'
        ? { versionNegotiation: { mode: 'auto' } }
        : {},
  );
  const transport =
    door === 'stdio'
      ? new StdioClientTransport({
          command: process.execPath,
          args: [LORE_BIN, 'mcp', ...mcpArgs],
          env: { ...process.env, ...env } as Record<string, string>,
          stderr: 'pipe',
        })
      : new StreamableHTTPClientTransport(new URL(`${url}/mcp`));
  await client.connect(transport);
  return client;
}

export interface ToolErrorAnswer {
  error: { code: string; message: string; retryable: boolean; hint: string | null; details: Record<string, unknown> | null };
  metadata: { tool: string; requestId: string };
}

/**
 * A failed tool call as a client reads it: `isError`, and the JSON of its text content. It carries
 * no structuredContent (that is the tool's outputSchema's shape, which an error is not).
 */
export function toolErrorAnswer(result: { isError?: boolean; content?: unknown; structuredContent?: unknown }): ToolErrorAnswer {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result.structuredContent)}`);
  expect(result.structuredContent).toBeUndefined();
  return JSON.parse((result.content as { text: string }[])[0]!.text) as ToolErrorAnswer;
}

/** One capability as each door names it: a row of the parity table. */
export interface Capability {
  tool: string;
  graphqlField: string;
  /** The GraphQL input type of the field's `input` argument. */
  graphqlInput: string;
  /** Its result schema: the GraphQL selection asks for every field of it. */
  result: z.ZodType;
  restPath: string;
  /** The CLI arguments that ask the same question (--json is added). */
  cli: string[];
}

export interface Doors {
  url: string;
  env: NodeJS.ProcessEnv;
  mcp: ReadonlyMap<McpDoor, Client>;
}

/**
 * Asks one question through every door and returns each door's answer, an error as `{ error: code }`,
 * so a test can require them all to be one answer. `query` is the REST query string (GET).
 */
export async function askEveryDoor(
  doors: Doors,
  capability: Capability,
  input: Record<string, unknown>,
  query: string,
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const rest = await restJson(doors.url, `${capability.restPath}?${query}`);
  answers.rest = rest.status >= 400 ? { error: rest.body.code } : rest.body;
  const body = await graphql(
    doors.url,
    `query Ask($input: ${capability.graphqlInput}!) { ${capability.graphqlField}(input: $input) ${selectionOf(capability.result)} }`,
    { input },
  );
  answers.graphql = body.errors
    ? { error: body.errors[0]!.extensions.code }
    : withoutAbsentFields(capability.result, body.data![capability.graphqlField]);
  for (const [door, client] of doors.mcp) {
    const result = await client.callTool({ name: capability.tool, arguments: input });
    answers[`mcp ${door}`] = result.isError
      ? { error: toolErrorAnswer(result).error.code }
      : (result.structuredContent as { data: unknown }).data;
  }
  const cli = await cliJson(capability.cli, doors.env);
  answers.cli = cli.code === 0 ? cli.body : { error: (cli.body.error as { code: string }).code };
  return answers;
}

/** The GraphQL selection set of every field of a zod result schema. */
export function selectionOf(schema: z.ZodType): string {
  const inner = unwrapZod(schema);
  const def = inner._zod.def as unknown as { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType };
  if (def.type === 'array') return selectionOf(def.element!);
  if (def.type !== 'object') return '';
  return `{ ${Object.entries(def.shape!)
    .map(([key, field]) => `${key} ${selectionOf(field)}`.trim())
    .join(' ')} }`;
}

/**
 * GraphQL answers null for a selected field the answer does not have; the other doors leave it out.
 * A field the schema marks optional (absent allowed, null not) that GraphQL gave as null was absent.
 */
function withoutAbsentFields(schema: z.ZodType, value: unknown): unknown {
  const inner = unwrapZod(schema);
  const def = inner._zod.def as unknown as { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType };
  if (def.type === 'array' && Array.isArray(value)) return value.map((item) => withoutAbsentFields(def.element!, item));
  if (def.type !== 'object' || value === null || typeof value !== 'object') return value;
  const absentWhenNull = (field: z.ZodType | undefined) => {
    const fieldDef = field?._zod.def as { type?: string; innerType?: z.ZodType } | undefined;
    return fieldDef?.type === 'optional' && (fieldDef.innerType!._zod.def as { type: string }).type !== 'nullable';
  };
  const fields = Object.entries(value as Record<string, unknown>).filter(
    ([key, field]) => !(field === null && absentWhenNull(def.shape![key])),
  );
  return Object.fromEntries(fields.map(([key, field]) => [key, def.shape![key] ? withoutAbsentFields(def.shape![key], field) : field]));
}

function unwrapZod(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as { type: string; innerType?: z.ZodType };
  return def.type === 'optional' || def.type === 'nullable' || def.type === 'default' ? unwrapZod(def.innerType!) : schema;
}

/** The tools every MCP client is offered by default (the full profile without side effects), sorted: written out, not read from the code. */
export const READ_ONLY_TOOLS = [
  'analyze_changed_paths',
  'analyze_impact',
  'analyze_repository',
  'assemble_context_pack',
  'check_clones',
  'check_cohesion',
  'check_complexity',
  'check_coupling',
  'check_dead_code',
  'compare_runs',
  'detect_stale_docs',
  'evaluate_document_quality',
  'evaluate_gates',
  'generate_document_draft',
  'generate_pr_summary',
  'generate_review_package',
  'get_callees',
  'get_callers',
  'get_documents',
  'get_file_span',
  'get_finding',
  'get_graph_neighborhood',
  'get_memory',
  'get_production_triage',
  'get_project_structure',
  'get_related_tests',
  'get_remediation',
  'get_report_section',
  'get_run_summary',
  'get_symbol',
  'help',
  'list_findings',
  'list_hotspots',
  'list_reviewed_findings',
  'search_code',
  'verify_claim',
  'verify_documentation',
];

/** The Knowledge MCP server's knowledge tools: in the full profile, answering as that server does (no envelope). */
export const KNOWLEDGE_TOOLS = [
  'create_knowledge_file',
  'delete_knowledge_file',
  'get_knowledge_links',
  'get_project_main',
  'search_knowledge',
  'update_chapter',
  'update_project_main',
];

/**
 * The tools that write agent memory in the full profile (readOnlyHint false, not idempotent). approve_memory and
 * archive_memory are served only where LORE_MEMORY_ENABLE_APPROVAL=true.
 */
export const MEMORY_WRITE_TOOLS = ['create_memory_candidate'];

/** The session-local tools (CodeClone's review markers): they change the caller's in-memory session only (readOnlyHint false). */
export const SESSION_TOOLS = ['clear_session_runs', 'mark_finding_reviewed'];

/** The documentation session tools: stateful, answering in the standard response format with CodeDoc errors. */
export const DOCUMENTATION_SESSION_TOOLS = [
  'analyze_file_callback',
  'clear_documentation_session',
  'create_documentation',
  'full_documentation',
  'get_documentation_status',
  'list_documentation_sessions',
  'provide_dependency_files',
  'provide_thematic_groupings',
];

/** The high-risk tools that write a reviewed draft, propose it as a pull request and take one down: listed in the full profile, refused unless enabled, permitted and confirmed. */
export const PUBLISH_TOOLS = ['publish_document', 'archive_document', 'create_pull_request'];

/** Of the full profile, the tool that reaches a system outside Lore and the repository (a forge's API). */
export const OPEN_WORLD_TOOLS = ['create_pull_request'];

/** Of the full profile, the tool whose effect a second call does not repeat and that removes what was there. */
export const DESTRUCTIVE_TOOLS = ['archive_document'];

/** The tools of the full profile without side effects on the machine, sorted. */
export const FULL_PROFILE_TOOLS = [
  ...READ_ONLY_TOOLS,
  ...KNOWLEDGE_TOOLS,
  ...MEMORY_WRITE_TOOLS,
  ...SESSION_TOOLS,
  ...DOCUMENTATION_SESSION_TOOLS,
  ...PUBLISH_TOOLS,
].sort();

/** A fixture committed to git, indexed by the CLI and served over HTTP, ready: where a spec of the served doors starts. */
export async function indexAndServe(
  repository: string,
  env: NodeJS.ProcessEnv,
): Promise<{ fixture: FixtureRepository; server: RunningServer }> {
  const fixture = gitFixture(repository);
  expect((await cliJson(['index', fixture.path, '--name', repository], env)).code).toBe(0);
  const server = await startServer(env);
  await waitUntilReady(server.url);
  return { fixture, server };
}
