import { z } from 'zod';
import { ERROR_CODES } from '@lore/domain';
import { discoverClasses } from '@lore/config';
import { type LoreMcpPrompt, versionedPromptName } from './mcp-prompt';
import { type LoreMcpResourceFamily, type LoreMcpResourceTemplate, type LoreMcpTool, resourceTemplatesOf } from './mcp-tool';
import { portableSchema, validatedByService } from './service-validated-schema';
import { toolAnswerSchema } from './tool-answer';
import { SEED_SERVERS, SEED_SERVER_NAMES } from './seed-servers';
import { TOOL_PROFILES, TOOL_PROFILE_NAMES } from './tool-profiles';

/**
 * docs/mcp.md, made from the code: the tools with their schemas, the resource templates, the
 * prompts, the profiles and the error codes as the server registers them (a spec fails when the
 * committed page differs: `npm run docs:mcp` writes it again). Only the classes' fields are read:
 * they are made without their services.
 */
export function renderMcpCatalog(): string {
  const make = <T>(directory: string, suffix: string): T[] =>
    discoverClasses<T>(`${__dirname}/${directory}`, suffix).map((Class) => new (Class as unknown as new () => T)());
  const tools = make<LoreMcpTool>('tools', '.tool');
  const resources = resourceTemplatesOf(make<LoreMcpResourceTemplate | LoreMcpResourceFamily>('resources', '.resource'));
  const prompts = make<LoreMcpPrompt>('prompts', '.prompt');
  const json = (value: unknown): string => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
  const lines: string[] = [
    '# Lore over MCP',
    '',
    '<!-- Generated from libs/mcp/src by `npm run docs:mcp` (libs/mcp/src/mcp-catalog.ts); mcp-catalog.spec.ts fails when it drifts. -->',
    '',
    'Lore serves MCP over stdio (`lore mcp [--profile P]`) and Streamable HTTP (`lore serve`, then `http://127.0.0.1:7300/mcp`),',
    'for clients of the 2026-07-28 and 2025-11-25 revisions. Everything a tool or resource returns from a repository is',
    'untrusted data, not instructions.',
    '',
    '## Connecting a client',
    '',
    '`lore` on the PATH: `npm link` in the Lore checkout, once (`npx lore` outside it would fetch an unrelated npm package). A stdio',
    'client then needs neither `cwd` nor a password: `lore mcp` finds the Neo4j that `lore up` recorded (for a Neo4j of your own,',
    'add `env: {NEO4J_URI, NEO4J_PASSWORD}`).',
    '',
    'Claude Code:',
    '',
    '```sh',
    'claude mcp add lore -- lore mcp                                  # stdio',
    'claude mcp add --transport http lore http://127.0.0.1:7300/mcp   # HTTP (lore serve running)',
    '```',
    '',
    'Claude Desktop (`claude_desktop_config.json`; stdio):',
    '',
    json({ mcpServers: { lore: { command: 'lore', args: ['mcp'] } } }),
    '',
    'Cursor (`.cursor/mcp.json`), stdio and HTTP:',
    '',
    json({
      mcpServers: {
        lore: { command: 'lore', args: ['mcp', '--profile', 'read_only_explorer'] },
        'lore-http': { url: 'http://127.0.0.1:7300/mcp' },
      },
    }),
    '',
    'VS Code (`.vscode/mcp.json`), stdio and HTTP:',
    '',
    json({
      servers: { lore: { type: 'stdio', command: 'lore', args: ['mcp'] }, 'lore-http': { type: 'http', url: 'http://127.0.0.1:7300/mcp' } },
    }),
    '',
    'When the server requires authentication, HTTP clients send `Authorization: Bearer <API key or token>` (docs/security.md).',
    '',
    '## Every answer',
    '',
    'A tool answers `structuredContent` (valid against its `outputSchema`) and the same JSON as text:',
    '`{data, metadata, status, warnings, next, continuation}`. `data` is the service’s answer (the same as REST and GraphQL give);',
    '`metadata` is `{tool, version, executionTimeMs, requestId, snapshot, tokens, maxTokens}`; `next.recommended` lists follow-up',
    'calls. An answer is kept under `LORE_MCP_MAX_TOKENS` tokens (o200k_base, default 25000): past it the items of its paged',
    'lists are cut, `status` is `truncated`, a warning `output_truncated` says so and `continuation`, passed back with the same',
    'arguments, returns the items that follow. `detail_level` (summary: 5 items a page, normal: 20, full: as many as fit) sets the page',
    'size of a tool with paged lists. A failed call answers `isError: true` with the JSON `{error: {code, message, retryable, hint,',
    'details}, metadata}` as its text content and no `structuredContent` (an error is not the `outputSchema`’s shape, and clients',
    'that validate structured content against it, such as the MCP Inspector, would show the mismatch instead of the error). The',
    'schemas are written for every client to map: a nullable field is `anyOf` a type and `null`, never a list of types.',
    '',
    'The `tools/list` of `/mcp` and `lore mcp` is kept under 25,000 tokens (o200k_base) with every tool in it (issue 49;',
    '`npm run bench:catalog` prints the figure): a description there is its sentences that fit 240 characters (a field’s, 90), an',
    'input schema leaves out the length bounds and unknown-argument rule the service checks, and an `outputSchema` is the',
    'outline of the answer: the fields of `data`, each with its type. The server still validates every answer against the whole',
    'schema; the whole descriptions and schemas are below. `resources/list` is paged, 100 files a page, with `nextCursor`.',
    '',
    'Arguments take the names every door uses: besides each field’s own name, `limit`/`maxResults`, `repo`/`repositoryId` (on',
    'search_code also a top-level `repositoryId` and `commitSha` for `scope`), `path`/`prefix` for `pathPrefix`, `kind` for `kinds`,',
    '`lang` for `language`, `edges` for `edgeTypes`. An unknown argument is answered with the known one it is closest to (“did you mean',
    'maxResults?”). A tool about a repository takes none when the caller can read only one; a target may be a uid given as its',
    '`name` or `path`, and a `path` may start with `./` or be absolute inside the repository. An ambiguous name lists its candidates',
    'with their uids and paths.',
    '',
    'The envelope schema (`data` is each tool’s own):',
    '',
    json(portableSchema(z.toJSONSchema(toolAnswerSchema(z.object({})), { io: 'output', unrepresentable: 'any' }))),
    '',
    ...seedServerSection(resources),
    '## Tools',
    '',
  ];
  for (const tool of tools) {
    lines.push(
      `### ${tool.name}`,
      '',
      `**${tool.title}** (version ${tool.version}). ${tool.description}`,
      '',
      `Annotations: ${Object.entries(tool.annotations)
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(', ')}. Paged lists: ${tool.pagedLists.length > 0 ? tool.pagedLists.join(', ') : 'none (never cut)'}.${
        tool.answersAsSeed
          ? " Answers as the Knowledge MCP server: `structuredContent` is the result below itself (no envelope), and an error is a JSON-RPC error with the seed's code (-32001 to -32008; -32009 a version conflict) and `data`."
          : tool.stateful
            ? ' A stateful tool (docs/documentation-sessions.md): `structuredContent` is `{data, metadata{tool, version, executionTime, timestamp, requestId, tokens, maxTokens}, status{success, code, message}, context{sessionId, relatedResults}}` around the result below, and an error is `isError` with the text `ERROR: <title>\\n\\n<explanation>` and `_meta` `{error, code, title, explanation, details}`.'
            : ''
      }${tool.permission ? ` Needs the \`${tool.permission}\` permission.` : ''}`,
      '',
      '<details><summary>Input schema (data schema below)</summary>',
      '',
      json(
        validatedByService(tool.input, tool.pagedLists.length > 0, { lean: false })['~standard'].jsonSchema.input({
          target: 'draft-2020-12',
        }),
      ),
      '',
      json(portableSchema(z.toJSONSchema(tool.output, { io: 'output', unrepresentable: 'any' }))),
      '',
      '</details>',
      '',
    );
  }
  lines.push('## Resource templates', '', '| name | URI template | description |', '| --- | --- | --- |');
  for (const resource of resources) lines.push(`| ${resource.name} | \`${resource.uriTemplate}\` | ${resource.description} |`);
  lines.push(
    '',
    '`resources/list` pages (100 files a page, `nextCursor`) through the `code://` URI of every readable file of every repository the',
    'caller sees; `completion/complete` suggests `repo`, `commit` and `path` for the templates. A malformed or traversing URI',
    '(`..`, encoded or not) is a JSON-RPC error -32602; so is a resource that does not exist. The `knowledge://` templates answer',
    'as the Knowledge MCP server: a project that does not exist is -32001, a file -32002, a bad name -32004, front matter not',
    "in the seed's shape -32007, each with the seed's `data`.",
    '',
    '## Prompts',
    '',
    'Each prompt has a version (`_meta["lore/version"]` in prompts/list) and answers prompts/get under its versioned name too',
    '(`generate_module_doc:v1`): a client that pins one gets -32602 naming the version served once it changes. `initialize` lists',
    'what `/mcp` serves by version in the experimental capability `lore/versions` `{tools: ["search_code:v1", …], resources, prompts:',
    '["generate_module_doc:v1", …]}`, as seed 000’s server capabilities do.',
    '',
    '| name | version | arguments | tools, in order | description |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const prompt of prompts) {
    const args = Object.entries(prompt.args.shape)
      .map(([name, schema]) => `\`${name}\`${(schema as z.ZodType).safeParse(undefined).success ? '?' : ''}`)
      .join(', ');
    lines.push(`| ${prompt.name} | \`${versionedPromptName(prompt)}\` | ${args} | ${prompt.tools.join(', ')} | ${prompt.description} |`);
  }
  lines.push(
    '',
    '## Profiles',
    '',
    'Chosen by `lore mcp --profile` or `LORE_MCP_PROFILE` (HTTP: `LORE_MCP_PROFILE`). A profile serves its tools, `help`, and the',
    'prompts whose tools it all serves. Tools with side effects (index_repository) are served only in `full`, only over stdio, and only',
    'with `LORE_MCP_ENABLE_SIDE_EFFECTS=true`.',
    '',
    'A profile also names the operations a credential limited to it may call besides its tools: reading a stored context pack',
    '(`get_context_pack`: `context-pack://`, REST, GraphQL `contextPack`) or draft (`get_document_draft`: `evidence-map://`, REST, GraphQL',
    '`documentDraft`). They are no tools, so no tools/list shows them.',
    '',
    '| profile | tools | other operations |',
    '| --- | --- | --- |',
  );
  const toolNames = new Set(tools.map((tool) => tool.name));
  for (const profile of TOOL_PROFILE_NAMES) {
    const names: readonly string[] | null = TOOL_PROFILES[profile];
    if (names === null) {
      lines.push(`| ${profile} | every tool (index_repository: see above) | every operation |`);
      continue;
    }
    const operations = names.filter((name) => !toolNames.has(name));
    lines.push(
      `| ${profile} | ${[...names.filter((name) => toolNames.has(name)), 'help'].join(', ')} | ${operations.join(', ') || 'none'} |`,
    );
  }
  lines.push(
    '',
    '## Error codes',
    '',
    `A tool error's \`error.code\` is one of: ${ERROR_CODES.map((code) => `\`${code}\``).join(', ')}. Resource reads answer JSON-RPC errors:`,
    '-32602 for a bad URI or a missing resource, -32603 for an internal or unavailable one. Params the protocol’s schema refuses',
    '(any method) are -32602. Malformed JSON on `/mcp` is -32700, a body nested deeper than 64 levels -32600 (HTTP 400).',
    '',
  );
  return lines.join('\n');
}

/** The seed servers' endpoints (seed-servers.ts): what each serves and how it answers. */
function seedServerSection(resources: readonly LoreMcpResourceTemplate[]): string[] {
  const shapes = {
    payload:
      '`structuredContent` (and the text) is the seed’s payload itself, top-level fields at the top; a failure is `isError` with its message as the text, as CodeClone’s FastMCP server answers.',
    codedoc:
      '`structuredContent` (and the text) is the seed’s payload itself (`resp["session_id"]`); over the token limit `_meta` holds `truncated: true`, `continuation_token` (pass it back as `continuation`) and `estimated_tokens`; a failure is the seed’s ErrorResponse: `isError`, the text `ERROR: <title>\\n\\n<explanation>`, `_meta` `{error, code, title, explanation, details}`, with its CodeDoc code on every tool; a request of more tokens than the limit is refused before any tool runs (`TOKEN_LIMIT_EXCEEDED` `{estimated_tokens, limit, content_size}`). Lore’s own fields go to `_meta`: `lore/repositoryId`, `lore/commitSha`, `lore/requests`, `lore/pendingRequests`, `lore/pendingTotal`. Over HTTP the API key may come as `X-API-Key` (the header MCP_API_KEY_HEADER names), a bearer JWT may be HS256-signed with MCP_JWT_SECRET, and a 401 is the seed’s AuthError `{error: true, code: AUTH_REQUIRED \\| INVALID_TOKEN, message}`; a call over the rate limit is the seed’s RateLimiter answer: `isError`, the text `Rate limit exceeded. Please retry later.`, `_meta` `{error: true, code: RATE_LIMIT_EXCEEDED, retry_after}` (seconds).',
    bare: 'Answers as the Knowledge MCP server: its result itself, and JSON-RPC errors with its codes (-32001 to -32008) and `data`.',
    standard:
      'Every tool answers the standard response format `{data, metadata{tool, version, executionTime, timestamp}, status{success, code, message}, context{sessionId, relatedResults}}`; a failure is `createErrorResponse`’s: `isError`, `{data: null, metadata, status{success: false, code: 400, message}, context}`. Every tool takes the seed’s `sessionId` (createStatefulTool’s parameter).',
  } as const;
  const lines = [
    '## The seed servers',
    '',
    'Each server a seed describes is served as a view of this one catalog, for a client written against that server: stdio',
    '`lore mcp --as <name>`, Streamable HTTP `/mcp/<name>`. It serves exactly the tools and resources below under the seed’s names,',
    'through the same services and operation gate as `/mcp`; a tool of another server is an unknown tool there, and no prompts are',
    'served (no seed defines one). What Lore adds that the seed does not define goes into the result’s `_meta` under `lore/…` keys:',
    '`lore/requestId`, `lore/snapshot`, `lore/tokens`, `lore/maxTokens`, `lore/status`, `lore/warnings`, `lore/next`, `lore/continuation`',
    '(pass it back as `continuation`), `lore/error` (Lore’s error body beside the seed’s).',
    '',
    '| name | seed | tools | resources | answers |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const name of SEED_SERVER_NAMES) {
    const server = SEED_SERVERS[name];
    lines.push(
      `| \`${name}\` (${server.title}) | ${server.seed} | ${server.tools.join(', ')} | ${server.resources.map((name) => `\`${resources.find((resource) => resource.name === name)!.uriTemplate}\``).join(', ') || 'none'} | ${shapes[server.shape]} |`,
    );
  }
  lines.push(
    '',
    'Seed 004 names no tool family of its own (its `analyze-*` tools are usage examples), so `/mcp/analysis` serves Lore’s code-reading',
    'and analysis tools that no other seed defines, in its format.',
    '',
    '### What a seed endpoint answers as the seed does, and what it cannot honour (issue 47)',
    '',
    '- `codeclone`: `analyze_repository` and `analyze_changed_paths` require `root` there (marked required; a call without it is the',
    '  seed’s contract error). `cache.freshness` is always `fresh`, and truly: Lore keeps no analysis cache, every run is computed',
    '  from the indexed graph. `diff.typing_param_permille_delta`, `typing_return_permille_delta` and `docstring_permille_delta`',
    '  are the run’s `metrics.summary.adoption` minus the trusted baseline’s, read from the indexed signatures and doc comments:',
    '  typing counts TypeScript and Python only (an inferred TypeScript type is no annotation; Python `self`/`cls` left out;',
    '  JavaScript and the statically typed languages are not counted rather than scored), docstrings every language’s public',
    '  functions, methods and classes; `null` without a baseline, with a baseline written before they were measured, or when nothing',
    '  was counted. `api_surface: true` records the public API inventory (the index’s exported symbols with their signatures;',
    '  in Python a module’s literal `__all__` when it declares one, else a name without a leading underscore), paged by `metrics_detail` family',
    '  `api_surface`; `api_breaking_changes` (removed or re-signed public symbols) and `new_api_symbols` count against a baseline',
    '  taken from a run with it, and stay `null` otherwise. `metrics_detail` family `coverage_adoption` pages the same counts',
    '  per module (CodeClone’s count names: `params_total`, `params_annotated`, `param_permille`, `returns_total`,',
    '  `returns_annotated`, `return_permille`, `any_annotation_count`, `public_symbol_total`, `public_symbol_documented`,',
    '  `docstring_permille`, `callable_count`; a module is its `path`). `get_report_section` answers the seed’s contract error',
    '  for family `overloaded_modules` (Lore has no module-hotspot layer), naming the families it has. Findings carry',
    '  no `html_anchor`: Lore writes no HTML report for an anchor to point into, and the seed forbids inventing ids.',
    '  Lore’s top-level `repository` and `commit` (run summaries, gate evaluations, PR summaries, and the `codeclone://` documents),',
    '  which the seed does not define, are in `_meta` as `lore/repository` and `lore/commit` (a resource content’s own `_meta`); the',
    '  canonical report keeps them in its `meta` section.',
    '- `codedoc`: `verify_documentation` takes the seed’s paths, absolute inside an indexed checkout (which names the workspace) or',
    '  relative when one indexed repository holds `doc_path`. Only `/mcp/codedoc` reads `X-API-Key` and answers a 401 as the seed’s',
    '  AuthError; the other seeds define no authentication, so their endpoints answer Lore’s 401 (`WWW-Authenticate: Bearer`).',
    '  The seed’s deployment variables are read under its names, each standing for Lore’s own when that is not set (Lore’s wins when',
    '  both are): `MCP_AUTH_ENABLED` (`LORE_AUTH` required \\| off), `MCP_TOKEN_LIMIT` (`LORE_MCP_MAX_TOKENS`), `MCP_RATE_LIMIT_ENABLED`',
    '  (false: `LORE_RATE_LIMIT_PER_MINUTE=0`), `MCP_RATE_LIMIT_RPM` (`LORE_RATE_LIMIT_PER_MINUTE`), `MCP_RATE_LIMIT_BURST`',
    '  (`LORE_RATE_LIMIT_BURST`), `MCP_PORT` (`LORE_PORT`), `MCP_LOG_LEVEL` (`LORE_LOG_LEVEL`; `info` is `log`), `MCP_REQUEST_TIMEOUT`',
    '  (`LORE_REQUEST_TIMEOUT_MS`; `30s`), `MCP_CACHE_SIZE` (`LORE_CACHE_MAX_ENTRIES`), `MCP_CACHE_TTL` (`LORE_CACHE_TTL_SECONDS`; `1h`),',
    '  `MCP_CALLBACK_TIMEOUT` (a file’s analysis; `5m`); `MCP_WORKER_POOL_SIZE` is not read (the client analyses each file); `MCP_API_KEY_HEADER` (default `X-API-Key`) names the key’s header; `MCP_JWT_SECRET` (at least 32',
    '  characters) makes HS256 JWTs signed with it credentials on every HTTP door, beside API keys and `LORE_JWT_ISSUER`’s tokens: the',
    '  tenant is `LORE_TENANT` and the permission `read` unless the token’s `lore_tenant`, `lore_repositories` and `scope` claims say',
    '  otherwise. Two differences, deliberate: the limiter is Lore’s one token bucket per credential on every shared door (REST, GraphQL,',
    '  MCP over HTTP; stdio only with `LORE_LIMIT_LOCAL`), where the seed keeps one per `workspace_id`; and `ACCESS_DENIED` is answered',
    '  for what a credential may not do (a permission it lacks: `knowledge_store` without `knowledge:write`), while a workspace in a',
    '  repository the credential does not list answers `PATH_NOT_FOUND`, exactly as a path nothing was indexed from (docs/security.md:',
    '  a hidden repository and one that does not exist give the same answer).',
    '- `analysis`: `context.sessionId` is the session of the answer: the `sessionId` argument if given (an id this server never gave',
    '  opens a session of that id, as `createToolExecutionService(sessionId)` does), else the MCP session’s; stateless HTTP has none, so',
    '  a call there without `sessionId` opens a new session (a UUID), and a stdio connection is one session. `context.relatedResults`',
    '  is the session’s history (the seed’s `getHistory`): the `lore/requestId` of its earlier answers, failures too, oldest first, the',
    '  last 20. Sessions live in the server process (the last 1,000 used), each its credential’s own.',
    '- `knowledge`: -32001 (project not found, `data` `{project_id, searched_path}`) from every tool and resource that reads an',
    '  existing project; `get_project_main` answers `exists: false` as the seed’s output defines. `KNOWLEDGE_MCP_LOG_LEVEL` (DEBUG,',
    '  INFO, WARNING, ERROR, CRITICAL) sets the log level when `LORE_LOG_LEVEL` is not set.',
    '',
  );
  return lines;
}
