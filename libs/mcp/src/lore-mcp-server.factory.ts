import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  completable,
  McpServer,
  ProtocolError,
  ResourceNotFoundError,
  ResourceTemplate,
  type CallToolResult,
  type ReadResourceResult,
  type RegisteredPrompt,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { accessFingerprint, currentCallContext, isToolAllowed, runInCallContext } from '@lore/access';
import { LORE_CONFIG, LORE_VERSION, type LoreConfig } from '@lore/config';
import {
  InvalidInputError,
  type LanguageModel,
  LoreError,
  type Permission,
  type Principal,
  countTokens,
  currentBookmarkScope,
  parseResourceUri,
  runWithBookmark,
  toLoreError,
  writtenBookmark,
} from '@lore/domain';
import { LoreMetrics } from '@lore/observability';
import { type AnalysisContext, AnalysisSessions, type SessionSource, withSessionParameter } from './analysis-sessions';
import { offsetOf } from './continuation';
import type { LoreMcpPrompt } from './mcp-prompt';
import { answerInvalidParamsAsSuch, toProtocolError, toResourceError } from './protocol-errors';
import { PROMPT_VERSION_META, VERSIONS_CAPABILITY, answerVersionedPromptNames, versionsOf } from './served-versions';
import { type LoreMcpResourceTemplate, type LoreMcpTool, type ToolCallContext, UNTRUSTED_NOTE } from './mcp-tool';
import { ResourceCatalog } from './resource-catalog';
import { SeedErrorCodes } from './seed-error-codes';
import { briefly, compactOutput, outlinedOutput, requiring, validatedByService } from './service-validated-schema';
import {
  type SeedServer,
  type SeedServerName,
  SEED_SERVERS,
  missingSeedArgument,
  overTheRequestLimit,
  seedAnswer,
  seedError,
  seedOutputSchema,
  seedRequiredArguments,
  seedResourceContents,
  seedServerInfo,
  seedStatefulAnswer,
} from './seed-servers';
import { statefulAnswer, statefulAnswerSchema, statefulEnvelope, statefulError } from './stateful-answer';
import {
  DETAIL_LEVELS,
  type DetailLevel,
  type ToolMetadata,
  errorAnswer,
  shapeAnswer,
  snapshotOf,
  sortedSnapshot,
  toolAnswerSchema,
} from './tool-answer';
import { type ServedCatalog, type ToolProfile, isServed } from './tool-profiles';

export const LORE_MCP_SERVER_INFO = { name: 'lore', version: LORE_VERSION };
export const MCP_TOOLS = Symbol('MCP_TOOLS');
export const MCP_RESOURCES = Symbol('MCP_RESOURCES');
export const MCP_PROMPTS = Symbol('MCP_PROMPTS');

const INSTRUCTIONS =
  'Lore answers questions about indexed source repositories. Find symbols with search_code, then read one with get_symbol, ' +
  'ask who calls it with get_callers, or read its code through the code:// resource URI it returns. Not sure which tool? Call help with a topic. ' +
  'Every answer is {data, metadata, status, warnings, next, continuation}: follow next.recommended, and a continuation when status is truncated. ' +
  // The Knowledge MCP server's description, word for word: project knowledge tools answer as that server does.
  "Centralized project knowledge management. Use 'get_project_main' to retrieve project instructions instead of looking for CLAUDE.md files. Manages project-specific documentation and knowledge across all your repositories. " +
  UNTRUSTED_NOTE;

/** Who a server is built for, and what it serves them. */
export interface ServerOptions {
  /** The tool profile (stdio: --profile or LORE_MCP_PROFILE; HTTP: the credential's, else LORE_MCP_PROFILE), narrowed by the principal's own. */
  profile?: ToolProfile;
  /** stdio serves the local user: only there may tools with side effects be enabled. */
  transport: 'stdio' | 'http';
  /** Serve as one seed's server (seed-servers.ts): its tools and resources only, answered in its shapes. */
  as?: SeedServerName;
  onError?: (error: unknown) => void;
}

/**
 * Builds Lore's MCP server for one caller: the profile's tools (each one service call, its answer
 * shaped by tool-answer.ts and kept under the token budget), the resource templates with their
 * listing and completions, and the prompts whose tools the profile serves. Built per request (HTTP)
 * or per connection (stdio), so it only closes over the injected parts and the principal.
 */
@Injectable()
export class LoreMcpServerFactory {
  private readonly schemas: Map<
    string,
    { input: ReturnType<typeof validatedByService>; output: ReturnType<typeof outlinedOutput<z.ZodType>> }
  >;
  /** The output schemas of the tools on each seed endpoint (its payload's, or its format's around it). */
  private readonly seedOutputs = new Map<string, ReturnType<typeof compactOutput<z.ZodType>>>();
  /** Seed 004's sessions, across the servers made per HTTP request. */
  private readonly analysisSessions = new AnalysisSessions();

  constructor(
    @Inject(MCP_TOOLS) private readonly tools: readonly LoreMcpTool[],
    @Inject(MCP_RESOURCES) private readonly resources: readonly LoreMcpResourceTemplate[],
    @Inject(MCP_PROMPTS) private readonly prompts: readonly LoreMcpPrompt[],
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly catalog: ResourceCatalog,
    private readonly metrics: LoreMetrics,
  ) {
    // Made once: a server is built per HTTP request.
    this.schemas = new Map(
      tools.map((tool) => [
        tool.name,
        {
          input: validatedByService(tool.input, tool.pagedLists.length > 0),
          // A Knowledge MCP tool's answer is its small result itself, advertised whole; an envelope's, outlined.
          output: tool.answersAsSeed
            ? compactOutput<z.ZodType>(tool.output)
            : outlinedOutput<z.ZodType>(tool.stateful ? statefulAnswerSchema(tool.output) : toolAnswerSchema(tool.output)),
        },
      ]),
    );
  }

  /** The tools a profile serves to a principal (those its credential's own profile allows too), in catalog order. */
  servedTools(principal: Principal, profile: ToolProfile, transport: ServerOptions['transport']): LoreMcpTool[] {
    const served: ServedCatalog = { profile, sideEffects: transport === 'stdio' && this.config.LORE_MCP_ENABLE_SIDE_EFFECTS };
    return this.tools.filter(
      (tool) =>
        tool.disabled !== true &&
        isServed({ name: tool.name, readOnly: !this.actsOnTheMachine(tool) }, served) &&
        isToolAllowed(principal, tool.name),
    );
  }

  /** The prompts a profile serves: those whose every tool it serves. */
  servedPrompts(principal: Principal, profile: ToolProfile, transport: ServerOptions['transport']): LoreMcpPrompt[] {
    const names = new Set(this.servedTools(principal, profile, transport).map((tool) => tool.name));
    return this.prompts.filter((prompt) => prompt.tools.every((tool) => names.has(tool)));
  }

  /**
   * The permission calling a tool needs besides read: its own (knowledge:write for the knowledge
   * writes), `index` for a tool that acts on the server's machine (scope lore:index), else none.
   */
  permissionFor(toolName: string): Permission | null {
    const tool = this.tools.find((candidate) => candidate.name === toolName);
    if (!tool) return null;
    return tool.permission ?? (this.actsOnTheMachine(tool) ? 'index' : null);
  }

  private actsOnTheMachine(tool: LoreMcpTool): boolean {
    return tool.annotations.readOnlyHint !== true && tool.permission === undefined;
  }

  /** The output schema a tool declares on a seed's endpoint. */
  private seedOutput(seed: SeedServer, tool: LoreMcpTool): ReturnType<typeof compactOutput<z.ZodType>> {
    const key = `${seed.name}\u0000${tool.name}`;
    if (!this.seedOutputs.has(key)) this.seedOutputs.set(key, compactOutput<z.ZodType>(seedOutputSchema(seed, tool.output)));
    return this.seedOutputs.get(key)!;
  }

  create(principal: Principal, options: ServerOptions): McpServer {
    const { onError } = options;
    const door = options.transport === 'http' ? 'mcp-http' : 'mcp-stdio';
    const profile = options.profile ?? this.config.LORE_MCP_PROFILE;
    // A seed's server is a view of the one catalog: its table's tools and resources, no prompts (no seed defines one).
    const seed = options.as === undefined ? null : SEED_SERVERS[options.as];
    const resources = seed ? this.resources.filter((resource) => seed.resources.includes(resource.name)) : this.resources;
    const tools = this.servedTools(principal, profile, options.transport).filter((tool) => !seed || seed.tools.includes(tool.name));
    const prompts = seed ? [] : this.servedPrompts(principal, profile, options.transport);
    const server = new McpServer(seed ? seedServerInfo(seed) : LORE_MCP_SERVER_INFO, {
      capabilities: seed
        ? { tools: {}, ...(resources.length > 0 ? { resources: {} } : {}) }
        : {
            tools: {},
            resources: {},
            prompts: {},
            completions: {},
            experimental: { [VERSIONS_CAPABILITY]: versionsOf(tools, resources, prompts) },
          },
      instructions: seed ? `${seed.instructions} ${UNTRUSTED_NOTE}` : INSTRUCTIONS,
    });
    const seedErrorCodes = new SeedErrorCodes();
    seedErrorCodes.restoreOn(server);
    const toolCatalog = {
      tools: tools.map(({ name, title, description }) => ({ name, title, description })),
      prompts: prompts.map(({ name, title, description }) => ({ name, title, description })),
    };
    // A stdio connection is one session: seed 004's sessionId is the connection's where the transport has none.
    const connectionSession = options.transport === 'stdio' ? randomUUID() : undefined;
    const inputOf = (tool: LoreMcpTool, input: ReturnType<typeof validatedByService>): ReturnType<typeof validatedByService> => {
      if (!seed) return input;
      const required = requiring(input, seedRequiredArguments(seed, tool.name));
      return seed.shape === 'standard' ? withSessionParameter(required) : required;
    };
    for (const tool of tools) {
      const schemas = this.schemas.get(tool.name)!;
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: seed ? withUntrustedNote(tool.description) : withUntrustedNote(briefly(tool.description, BRIEF_TOOL_DESCRIPTION)),
          inputSchema: inputOf(tool, schemas.input),
          outputSchema: seed && !tool.answersAsSeed ? this.seedOutput(seed, tool) : schemas.output,
          annotations: { title: tool.title, ...tool.annotations },
        },
        (args, ctx) =>
          runInCallContext({ door, agentRunId: agentRunOf(ctx), lentModel: lentModelOf(server, ctx) }, () =>
            withBookmark(ctx, () =>
              this.answer(tool, args as Record<string, unknown> | undefined, principal, callContext(ctx, toolCatalog), seed, {
                onError,
                mcpSession: ctx.sessionId ?? connectionSession,
              }),
            ),
          ),
      );
    }
    this.answerSeedToolsAsSeed(server, tools, principal, door, toolCatalog, seedErrorCodes, onError);
    for (const resource of resources) {
      // On a seed's endpoint a fixed URI (codeclone://latest/summary) is a listed resource, as the seed lists it.
      // Never reached: resources/read is answered below, from the URI as the client wrote it.
      const unread = async (): Promise<ReadResourceResult> => ({ contents: [] });
      const metadata = { title: resource.title, description: resource.description };
      if (seed !== null && !resource.uriTemplate.includes('{')) {
        server.registerResource(resource.name, resource.uriTemplate, { ...metadata, mimeType: 'application/json' }, unread);
      } else {
        const complete = seed ? undefined : this.completions(resource, principal);
        server.registerResource(resource.name, new ResourceTemplate(resource.uriTemplate, { list: undefined, complete }), metadata, unread);
      }
    }
    const registeredPrompts = new Map<string, RegisteredPrompt>();
    for (const prompt of prompts) {
      const argsSchema = this.withCompletions(prompt.args, principal);
      const metadata = {
        title: prompt.title,
        description: prompt.description,
        argsSchema,
        _meta: { [PROMPT_VERSION_META]: prompt.version },
      };
      const registered = server.registerPrompt(prompt.name, metadata, (args) => ({
        description: prompt.description,
        messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args) } }],
      }));
      registeredPrompts.set(prompt.name, registered);
    }
    if (prompts.length > 0) answerVersionedPromptNames(server, prompts, registeredPrompts);
    // The SDK reads a URI through `new URL`, which resolves `..` away before a template sees it:
    // Lore's own parser reads the URI as written (and decoded), so a traversal is refused, not rewritten.
    if (resources.length > 0) {
      server.server.removeRequestHandler('resources/read');
      server.server.setRequestHandler('resources/read', (request, ctx) =>
        runInCallContext({ door }, () =>
          this.read(request.params.uri, resources, principal, onError).then(
            (read) => (seed ? seedResourceContents(seed, read) : read),
            (error: unknown) => {
              if (error instanceof ProtocolError) seedErrorCodes.remember(ctx.mcpReq.id, error.code);
              throw error;
            },
          ),
        ),
      );
    }
    // A seed's endpoint lists its own fixed resources (the SDK's listing); Lore's pages through every readable file.
    if (!seed) {
      server.server.removeRequestHandler('resources/list');
      server.server.setRequestHandler('resources/list', (request) => this.catalog.list(principal, request.params?.cursor));
    }
    answerInvalidParamsAsSuch(server);
    return server;
  }

  private async answer(
    tool: LoreMcpTool,
    given: Record<string, unknown> | undefined,
    principal: Principal,
    context: ToolCallContext,
    seed: SeedServer | null,
    { onError, mcpSession }: { onError?: (error: unknown) => void; mcpSession?: string },
  ): Promise<CallToolResult> {
    const call = {
      tool: tool.name,
      version: tool.version,
      requestId: currentCallContext().requestId,
      startedAt: performance.now(),
      maxTokens: this.config.LORE_MCP_MAX_TOKENS,
      holder: accessFingerprint(principal),
    };
    let analysis: AnalysisContext | undefined;
    if (seed?.shape === 'standard') {
      const { sessionId, ...rest } = given ?? {};
      try {
        analysis = this.analysisSessions.record(call.holder, { given: sessionId, mcpSession } satisfies SessionSource, call.requestId);
      } catch (error) {
        return seedError(seed, call, error);
      }
      given = rest;
    }
    const overLimit = seed ? (overTheRequestLimit(seed, given, call.maxTokens) ?? missingSeedArgument(seed, tool.name, given)) : null;
    if (seed && overLimit) return seedError(seed, call, overLimit, analysis);
    if (tool.stateful) {
      try {
        const data = (await tool.call(given ?? {}, principal, context)) as Record<string, unknown>;
        return seed ? seedStatefulAnswer(seed, statefulEnvelope(call, data)) : statefulAnswer(call, data);
      } catch (error) {
        if (!(error instanceof LoreError)) onError?.(error);
        return seed ? seedError(seed, call, error) : statefulError(error, call.requestId);
      }
    }
    try {
      const { continuation, ...args } = given ?? {};
      // The continuation's query is the arguments with detail_level: a summary continues in summary pages.
      // A tool whose own input takes detail_level (CodeClone's MCP interface's payload shape) gets it, and is never paged by it.
      const ownDetail = tool.pagedLists.length === 0 && takesDetailLevel(tool);
      const { detail_level: detailLevel = 'full', ...pagedArgs } = ownDetail ? { ...args, detail_level: undefined } : args;
      const serviceArgs = ownDetail ? args : pagedArgs;
      if (tool.pagedLists.length === 0 && (continuation !== undefined || detailLevel !== 'full')) {
        throw new InvalidInputError(`${tool.name} takes no continuation or detail_level: its answers are never cut into pages.`);
      }
      if (typeof detailLevel !== 'string' || !Object.hasOwn(DETAIL_LEVELS, detailLevel)) {
        throw new InvalidInputError(`detail_level must be one of ${Object.keys(DETAIL_LEVELS).join(', ')}.`);
      }
      const offset = offsetOf(continuation, tool.name, args, call.holder);
      const paging = {
        offset,
        pagedLists: tool.pagedLists,
        maxItems: DETAIL_LEVELS[detailLevel as DetailLevel],
        viewsOfPage: tool.viewsOfPage?.bind(tool) as ((page: Record<string, unknown>) => Record<string, unknown>) | undefined,
      };
      let data = (await tool.call(serviceArgs, principal, context)) as Record<string, unknown>;
      let shaped = shapeAnswer({ ...call, args, ...paging }, data, tool.next(data, args), await this.snapshot(data, principal));
      const narrowed =
        shaped.answer.metadata.tokens > call.maxTokens
          ? (tool.narrowed?.(args, data, call.maxTokens / shaped.answer.metadata.tokens) as Record<string, unknown> | undefined)
          : undefined;
      if (narrowed) {
        data = (await tool.call(narrowed, principal, context)) as Record<string, unknown>;
        shaped = shapeAnswer({ ...call, args: narrowed, ...paging }, data, tool.next(data, narrowed), await this.snapshot(data, principal));
      }
      this.metrics.recordAnswer(tool.name, {
        tokens: shaped.answer.metadata.tokens,
        truncated: shaped.answer.status === 'truncated',
        dataWarnings: warningCodesOf(data),
      });
      if (seed) return seedAnswer(seed, shaped.answer, () => countTokens(JSON.stringify(data)), analysis);
      return { content: [{ type: 'text', text: shaped.text }], structuredContent: shaped.answer };
    } catch (error) {
      if (!(error instanceof LoreError)) onError?.(error);
      if (seed) return seedError(seed, call, error, analysis);
      // The error is the text alone: structuredContent is the tool's outputSchema's shape, which an
      // error is not, and clients that validate it (the Inspector, the 1.x SDK client) would show
      // the schema mismatch instead of the error. The MCP specification's tool execution errors are
      // isError results with the error in content.
      return { isError: true, content: [{ type: 'text', text: errorAnswer(call, toLoreError(error).toBody()) }] };
    }
  }

  /**
   * The Knowledge MCP server's tools answer as its server does: errors are JSON-RPC errors with the seed's codes and
   * `data`, which the SDK's tools/call would turn into isError results. So tools/call is answered
   * here for them, and handed on to the SDK's own handler (through its documented protected accessor)
   * for every other tool.
   */
  private answerSeedToolsAsSeed(
    server: McpServer,
    tools: LoreMcpTool[],
    principal: Principal,
    door: 'mcp-http' | 'mcp-stdio',
    catalog: ToolCallContext['catalog'],
    seedErrorCodes: SeedErrorCodes,
    onError?: (error: unknown) => void,
  ): void {
    const seedTools = new Map(tools.filter((tool) => tool.answersAsSeed).map((tool) => [tool.name, tool]));
    if (seedTools.size === 0) return;
    const protocol = server.server as unknown as {
      _getRequestHandler(method: string): ((request: unknown, ctx: unknown) => Promise<unknown>) | undefined;
    };
    const sdkToolCall = protocol._getRequestHandler('tools/call')!;
    server.server.removeRequestHandler('tools/call');
    server.server.setRequestHandler('tools/call', async (request, ctx) => {
      const tool = seedTools.get(request.params.name);
      if (!tool) return (await sdkToolCall(request, ctx)) as CallToolResult;
      return runInCallContext({ door, agentRunId: agentRunOf(ctx), lentModel: lentModelOf(server, ctx) }, () =>
        withBookmark(ctx, async () => {
          try {
            const data = await tool.call(request.params.arguments ?? {}, principal, callContext(ctx, catalog));
            return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data as Record<string, unknown> };
          } catch (error) {
            const answer = toProtocolError(error, { tool: tool.name }, onError);
            seedErrorCodes.remember(ctx.mcpReq.id, answer.code);
            throw answer;
          }
        }),
      );
    });
  }

  /** The commits an answer is from: those its URIs name, else the indexed commit of each repository it names. */
  private async snapshot(data: unknown, principal: Principal): Promise<ToolMetadata['snapshot']> {
    const { named, repositoriesWithout } = snapshotOf(data);
    if (repositoriesWithout.length === 0) return sortedSnapshot(named);
    const indexed = await this.catalog.indexedCommits(principal);
    const looked = repositoriesWithout.flatMap((repositoryId) =>
      indexed.has(repositoryId) ? [{ repositoryId, commitSha: indexed.get(repositoryId)! }] : [],
    );
    return sortedSnapshot([...named, ...looked]);
  }

  private async read(
    uri: string,
    resources: readonly LoreMcpResourceTemplate[],
    principal: Principal,
    onError?: (error: unknown) => void,
  ): Promise<ReadResourceResult> {
    try {
      // Each resource reads its own scheme's URIs (quality-report://, knowledge:// as well as the spans');
      // a URI of no Lore scheme is invalid input, as the span parser says, before "not found".
      const resource = resources.find((candidate) => (candidate.matches ? candidate.matches(uri) : uri.startsWith(`${candidate.name}://`)));
      if (!resource) {
        parseResourceUri(uri);
        throw new ResourceNotFoundError(uri);
      }
      return await resource.read(uri, principal);
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      throw toResourceError(uri, error, onError);
    }
  }

  /**
   * A prompt's arguments with completions: repositoryId from the repositories the caller sees, a path
   * argument from that repository's files. Made per server: the SDK marks the schema object itself.
   */
  private withCompletions(args: z.ZodObject, principal: Principal): z.ZodObject {
    const completed: Record<string, z.ZodType> = {};
    for (const [name, schema] of Object.entries(args.shape)) {
      const field = (schema as z.ZodType).clone();
      if (name === 'repositoryId')
        completed[name] = completable(field, (value) => this.catalog.completeRepository(principal, String(value)));
      else if (name.endsWith('Path')) {
        completed[name] = completable(field, (value, context) =>
          this.catalog.completePath(principal, context?.arguments?.repositoryId, String(value ?? '')),
        );
      }
    }
    return args.extend(completed);
  }

  private completions(resource: LoreMcpResourceTemplate, principal: Principal) {
    return {
      repo: (value: string) => this.catalog.completeRepository(principal, value),
      commit: (value: string, context?: { arguments?: Record<string, string> }) =>
        this.catalog.completeCommit(principal, context?.arguments?.repo, value),
      ...(resource.uriTemplate.includes('{+path}')
        ? {
            path: (value: string, context?: { arguments?: Record<string, string> }) =>
              this.catalog.completePath(principal, context?.arguments?.repo, value),
          }
        : {}),
    };
  }
}

/** A tool's description in the tools/list of /mcp is at most its sentences that fit this many characters; docs/mcp.md and help have the whole. */
const BRIEF_TOOL_DESCRIPTION = 240;

/** A description that says, once, that repository content in the result is untrusted. */
function withUntrustedNote(description: string): string {
  return description.includes(UNTRUSTED_NOTE) ? description : `${description} ${UNTRUSTED_NOTE}`;
}

/** What a tool call may use of the SDK's request context: its cancellation and progress reports. */
/** The agent run a client names in a request's `_meta` (`lore/agentRun`), for per-run tool budgets. */
/** Where a tool call's bookmark travels both ways: its request's `_meta` and its result's. */
export const BOOKMARK_META = 'lore/bookmark';

/**
 * A tool call reads after the writes of the bookmark in its request's `_meta["lore/bookmark"]` (else the
 * HTTP request's `Lore-Bookmark`), and its result's `_meta["lore/bookmark"]` is the bookmark of what it wrote.
 */
function withBookmark(ctx: ServerContext, work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const given = ctx.mcpReq._meta?.[BOOKMARK_META];
  return runWithBookmark(given === undefined ? currentBookmarkScope()?.given : String(given), async () => {
    const result = await work();
    const bookmark = writtenBookmark();
    return bookmark === null ? result : { ...result, _meta: { ...result._meta, [BOOKMARK_META]: bookmark } };
  });
}

function agentRunOf(ctx: ServerContext): string | null {
  const run = ctx.mcpReq._meta?.['lore/agentRun'];
  return typeof run === 'string' && /^[\w.:-]{1,128}$/.test(run) ? run : null;
}

/**
 * The model of a client that declared sampling, lent for one tool call: asked through
 * sampling/createMessage, with no context of the client's own conversation. Sampling is the
 * 2025 protocol's server-to-client request; a client of the 2026-07-28 protocol is not asked (the
 * SDK refuses it there), and a stateless HTTP request has no initialize to declare it in.
 */
function lentModelOf(server: McpServer, ctx: ServerContext): LanguageModel | null {
  if (server.server.getClientCapabilities()?.sampling === undefined) return null;
  return {
    complete: async ({ system, user, maxTokens }) => {
      const result = await ctx.mcpReq.requestSampling({
        systemPrompt: system,
        messages: [{ role: 'user', content: { type: 'text', text: user } }],
        maxTokens,
        temperature: 0,
        includeContext: 'none',
      });
      const content = Array.isArray(result.content) ? result.content : [result.content];
      return { text: content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''), model: result.model };
    },
  };
}

function callContext(ctx: ServerContext, catalog: ToolCallContext['catalog']): ToolCallContext {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  return {
    signal: ctx.mcpReq.signal,
    catalog,
    progress: async (progress, total, message) => {
      if (progressToken === undefined) return;
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress, ...(total === undefined ? {} : { total }), message },
      });
    },
    notify: (method, params) => ctx.mcpReq.notify({ method, params } as Parameters<typeof ctx.mcpReq.notify>[0]),
  };
}

/** Whether a tool's input schema declares detail_level itself. */
function takesDetailLevel(tool: LoreMcpTool): boolean {
  const shape = (tool.input as unknown as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && Object.hasOwn(shape, 'detail_level');
}

/** The codes of the warnings an answer's data carries at its top (`warnings: [{code, message}]`), where its schema has them. */
function warningCodesOf(data: Record<string, unknown>): string[] {
  if (!Array.isArray(data.warnings)) return [];
  return data.warnings.flatMap((warning: unknown) =>
    typeof warning === 'object' && warning !== null && typeof (warning as { code?: unknown }).code === 'string'
      ? [(warning as { code: string }).code]
      : [],
  );
}
