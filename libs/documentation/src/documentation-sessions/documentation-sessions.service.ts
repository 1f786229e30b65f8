import { randomUUID } from 'node:crypto';
import { isAbsolute, relative } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { initialTransition } from 'xstate';
import { canPerformSideEffect } from '@lore/access';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { ConflictError, PermissionDeniedError, type Principal, countTokens } from '@lore/domain';
import {
  type AnalyzeFileCallbackInput,
  AnalyzeFileCallbackInputSchema,
  type ClearDocumentationSessionResult,
  type ListDocumentationSessionsInput,
  ListDocumentationSessionsInputSchema,
  type ListDocumentationSessionsResult,
  type CreateDocumentationInput,
  CreateDocumentationInputSchema,
  DEPENDENCY_TYPES,
  DOC_TYPES,
  type DocumentationSessionIdInput,
  DocumentationSessionIdInputSchema,
  type DocumentationStatus,
  type FullDocumentationInput,
  FullDocumentationInputSchema,
  MAX_FILES_PER_DOCUMENTATION,
  type PendingAnalysisRequest,
  type ProvideDependencyFilesInput,
  ProvideDependencyFilesInputSchema,
  type ProvideThematicGroupingsInput,
  ProvideThematicGroupingsInputSchema,
} from '@lore/domain/schemas/documentation-sessions';
import { CodeGraphRepository, DocumentationSessionRepository, type RepositoryRecord } from '@lore/graph';
import { SourceRepository } from '@lore/indexer';
import { Operation } from '@lore/knowledge/operations/operation';
import {
  type DocumentationSessionContext,
  type DocumentationSessionEvent,
  EXPECTED_STATE,
  type NewFileRequest,
  documentationSessionMachine,
} from './documentation-session-machine';
import { sessionError, sessionErrors } from '@lore/domain/documentation-session-errors';
import { fileAnalysisPrompt } from './file-analysis-prompt';
import { toolMachine } from './tool-machine';
import { findWorkspace, workspaceIdOf } from '@lore/knowledge/target-resolution';
import { ProjectKnowledgeService } from '@lore/knowledge/project-knowledge/project-knowledge.service';
import { writeModuleDocuments } from './module-documents-writer';
import { invalidGrouping, parseSessionInput, required } from './session-parameters';
import { type OpenSession, advance, called, pendingRequest, persisted, requestRef, restored, stateOf } from './session-snapshots';

/** get_documentation_status lists at most this many pending requests with their prompts (pending_total counts them all). */
const MAX_LISTED_REQUESTS = 20;

/**
 * Documentation sessions, as the CodeDoc documentation server runs them: the assistant starts one on
 * a workspace (full_documentation, then provide_thematic_groupings) or on a set of files
 * (create_documentation); Lore asks for each file's analysis with a prompt built from the graph
 * (analyze_file_request, also listed by get_documentation_status for clients that poll); the
 * assistant answers each through analyze_file_callback; when no file is pending, Lore writes the
 * documentation per module and checks its statements against the code.
 *
 * Each session is two xstate machines (documentation-session-machine.ts, and tool-machine.ts for the
 * calls made in it), persisted in Neo4j after every successful call, so a restarted server, or
 * another one, continues it; a call that fails changes nothing. Sessions belong to the principal
 * that created them and are forgotten after LORE_DOC_SESSION_IDLE_TIMEOUT idle.
 */
@Injectable()
export class DocumentationSessionsService {
  constructor(
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    private readonly graph: CodeGraphRepository,
    private readonly sessions: DocumentationSessionRepository,
    private readonly sources: SourceRepository,
    private readonly knowledge: ProjectKnowledgeService,
  ) {}

  @Operation('full_documentation', { kind: 'read', cached: false })
  async fullDocumentation(input: FullDocumentationInput, principal: Principal) {
    const args = parseSessionInput(FullDocumentationInputSchema, input);
    const workspaceId = required(args.workspace_id, 'workspace_id', 'string', { workspace_id: 'proj-123' });
    const repository = await this.workspace(principal, workspaceId);
    const open = await this.create(principal, 'full_documentation', args, repository, {
      kind: 'full',
      moduleName: repository.name,
      docType: 'system',
      knowledgeStore: this.knowledgeStore(principal, args.knowledge_store),
      requests: [],
    });
    return {
      session_id: open.sessionId,
      status: stateOf(open),
      message: 'Full documentation requires thematic groupings. Please analyze the codebase and provide file groupings.',
      next_action: 'Call provide_thematic_groupings with organized file paths',
      hint: "Group files by functionality (e.g., 'server', 'handlers', 'authentication', 'database')",
      workspace_path: repository.rootPath,
      workspace_id: workspaceIdOf(principal.tenantId, repository.repositoryId),
      repositoryId: repository.repositoryId,
    };
  }

  @Operation('create_documentation', { kind: 'read', cached: false })
  async createDocumentation(input: CreateDocumentationInput, principal: Principal) {
    const args = parseSessionInput(CreateDocumentationInputSchema, input);
    const example = { file_paths: ['/src/auth/login.ts'], workspace_id: 'proj-123', module_name: 'auth' };
    const filePaths = required(args.file_paths, 'file_paths', 'array of strings', example);
    const workspaceId = required(args.workspace_id, 'workspace_id', 'string', example);
    const moduleName = required(args.module_name, 'module_name', 'string', example);
    const docType = args.doc_type ?? 'module';
    if (!(DOC_TYPES as readonly string[]).includes(docType)) {
      throw sessionErrors.invalidParameter('doc_type', `one of ${DOC_TYPES.join(', ')}`, docType, 'Leave doc_type out for module.');
    }
    if (filePaths.length > MAX_FILES_PER_DOCUMENTATION) {
      throw sessionError(
        'TOO_MANY_FILES',
        'Too many files',
        `create_documentation documents at most ${MAX_FILES_PER_DOCUMENTATION} files per call.`,
        {
          file_count: filePaths.length,
          limit: MAX_FILES_PER_DOCUMENTATION,
          hint: 'Split the files into modules of at most 100 files, one create_documentation each.',
        },
      );
    }
    if (filePaths.length === 0) throw sessionErrors.invalidParameter('file_paths', 'at least one file', [], 'Name the files to document.');
    this.checkTokens(input);
    const knowledgeStore = this.knowledgeStore(principal, args.knowledge_store);
    const repository = await this.workspace(principal, workspaceId);
    const paths = await this.workspaceFiles(principal, repository, filePaths, (path, reason) =>
      sessionError('FILE_NOT_FOUND', 'File not found', `${path}: ${reason}.`, {
        file_path: path,
        hint: 'Give indexed files of the workspace.',
      }),
    );
    const requests = await this.requests(principal, repository.repositoryId, paths, moduleName, []);
    const open = await this.create(principal, 'create_documentation', args, repository, {
      kind: 'files',
      moduleName,
      docType: docType as (typeof DOC_TYPES)[number],
      knowledgeStore,
      requests,
    });
    return {
      session_id: open.sessionId,
      status: stateOf(open),
      total_files: requests.length,
      message: `Documentation of ${moduleName} started: Lore asks for each file's analysis.`,
      next_action: 'Answer each analyze_file_request (or each pending request of get_documentation_status) with analyze_file_callback',
      module_name: moduleName,
      doc_type: docType as (typeof DOC_TYPES)[number],
      requests: requests.map(requestRef),
    };
  }

  @Operation('provide_thematic_groupings', { kind: 'read', cached: false })
  async provideThematicGroupings(input: ProvideThematicGroupingsInput, principal: Principal) {
    const args = parseSessionInput(ProvideThematicGroupingsInputSchema, input);
    const example = { session_id: 'ds_…', groupings: [{ theme: 'handlers', file_paths: ['/src/handlers/auth.ts'] }] };
    const sessionId = required(args.session_id, 'session_id', 'string', example);
    const groupings = required(args.groupings, 'groupings', 'array of {theme, file_paths, description}', example);
    this.checkTokens(input);
    const open = await this.open(principal, sessionId);
    this.expect(open, { type: 'GROUPINGS_PROVIDED', groupings: [], requests: [] }, 'provide_thematic_groupings');
    if (groupings.length === 0) throw invalidGrouping('groupings', 'at least one grouping', 0);
    groupings.forEach((grouping, index) => {
      if (!grouping.theme?.trim()) throw invalidGrouping(`groupings[${index}].theme`, 'a theme name', grouping.theme ?? null);
      if (!grouping.file_paths?.length)
        throw invalidGrouping(`groupings[${index}].file_paths`, 'at least one file path', grouping.file_paths ?? null);
    });
    const repository = await this.repositoryOf(principal, open);
    const requests: NewFileRequest[] = [];
    for (const grouping of groupings) {
      const paths = await this.workspaceFiles(principal, repository, grouping.file_paths!, (path, reason) =>
        invalidGrouping('file_paths', 'files of the workspace', path, `${path}: ${reason}.`),
      );
      const known = [...open.session.context.files, ...requests].map((file) => file.path);
      requests.push(...(await this.requests(principal, repository.repositoryId, paths, grouping.theme!.trim(), known)));
    }
    const themes = groupings.map((grouping) => ({ theme: grouping.theme!.trim(), description: grouping.description ?? '' }));
    const next = await this.apply(principal, open, 'provide_thematic_groupings', args, [
      { type: 'GROUPINGS_PROVIDED', groupings: themes, requests },
    ]);
    return {
      session_id: next.sessionId,
      status: stateOf(next),
      themes: themes.length,
      total_files: next.session.context.files.length,
      next_action: 'Answer each analyze_file_request (or each pending request of get_documentation_status) with analyze_file_callback',
      requests: requests.map(requestRef),
    };
  }

  @Operation('provide_dependency_files', { kind: 'read', cached: false })
  async provideDependencyFiles(input: ProvideDependencyFilesInput, principal: Principal) {
    const args = parseSessionInput(ProvideDependencyFilesInputSchema, input);
    const example = {
      session_id: 'ds_…',
      requesting_file: '/src/handlers/auth.ts',
      dependencies: [{ file_path: '/src/auth/token.ts', dependency_type: 'import', reason: 'verifies tokens' }],
    };
    const sessionId = required(args.session_id, 'session_id', 'string', example);
    const requestingFile = required(args.requesting_file, 'requesting_file', 'string', example);
    const dependencies = required(args.dependencies, 'dependencies', 'array of {file_path, dependency_type, reason}', example);
    dependencies.forEach((dependency, index) => {
      required(dependency.file_path, `dependencies[${index}].file_path`, 'string', example);
      const type = required(dependency.dependency_type, `dependencies[${index}].dependency_type`, 'string', example);
      if (!(DEPENDENCY_TYPES as readonly string[]).includes(type)) {
        throw sessionError('INVALID_DEPENDENCY_TYPE', 'Invalid dependency type', `'${type}' is not a dependency type.`, {
          validation_type: 'enum',
          expected: DEPENDENCY_TYPES,
          actual: type,
          hint: `Use one of ${DEPENDENCY_TYPES.join(', ')}.`,
        });
      }
    });
    this.checkTokens(input);
    const open = await this.open(principal, sessionId);
    this.expect(open, { type: 'DEPENDENCIES_PROVIDED', requests: [], relationships: 0 }, 'provide_dependency_files');
    const repository = await this.repositoryOf(principal, open);
    const notFound = (path: string, reason: string) =>
      sessionError('FILE_NOT_FOUND', 'File not found', `${path}: ${reason}.`, {
        file_path: path,
        hint: 'Give indexed files of the workspace.',
      });
    const [requesting] = await this.workspaceFiles(principal, repository, [requestingFile], notFound);
    const requester = open.session.context.files.find((file) => file.path === requesting);
    if (!requester) {
      throw sessionErrors.invalidParameter(
        'requesting_file',
        'a file of the session',
        requestingFile,
        'Name a file Lore asked you to analyse.',
      );
    }
    const paths = await this.workspaceFiles(
      principal,
      repository,
      dependencies.map((dependency) => dependency.file_path!),
      notFound,
    );
    const known = open.session.context.files.map((file) => file.path);
    const requests = await this.requests(principal, repository.repositoryId, paths, requester.theme, known);
    const next = await this.apply(principal, open, 'provide_dependency_files', args, [
      { type: 'DEPENDENCIES_PROVIDED', requests, relationships: dependencies.length },
    ]);
    return {
      session_id: next.sessionId,
      status: stateOf(next),
      requesting_file: requester.path,
      added_files: requests.map((request) => request.path),
      total_files: next.session.context.files.length,
      next_action:
        requests.length > 0
          ? 'Answer the new analyze_file_request with analyze_file_callback'
          : 'Every dependency is already part of the session',
      requests: requests.map(requestRef),
    };
  }

  @Operation('analyze_file_callback', { kind: 'read', cached: false })
  async analyzeFileCallback(input: AnalyzeFileCallbackInput, principal: Principal) {
    const args = parseSessionInput(AnalyzeFileCallbackInputSchema, input);
    const example = {
      session_id: 'ds_…',
      file_path: '/src/auth.ts',
      analysis: { summary: 'Signs users in.', documentation: '# auth.ts …' },
    };
    const sessionId = required(args.session_id, 'session_id', 'string', example);
    const filePath = required(args.file_path, 'file_path', 'string', example);
    const analysis = required(args.analysis, 'analysis', 'object {summary, documentation, …}', example);
    const missing = (['summary', 'documentation'] as const).filter((field) => !analysis[field]?.trim());
    if (missing.length > 0) {
      throw sessionError('INVALID_ANALYSIS', 'Invalid analysis', `The analysis lacks ${missing.join(' and ')}.`, {
        missing_fields: missing,
        hint: 'An analysis needs a summary and the Markdown documentation of the file.',
      });
    }
    this.checkTokens(input);
    const open = await this.open(principal, sessionId);
    this.expect(open, { type: 'FILE_ANALYZED', path: '', analysis: {} }, 'analyze_file_callback');
    const repository = await this.repositoryOf(principal, open);
    const path = this.workspacePath(repository, filePath);
    const file = open.session.context.files.find((candidate) =>
      args.request_id !== undefined ? candidate.requestId === args.request_id : candidate.path === path,
    );
    if (!file || file.path !== path || file.status !== 'pending') {
      const reason = !file
        ? 'Lore asked for no such analysis in this session'
        : file.status === 'failed'
          ? 'its request timed out'
          : 'it is answered already';
      throw sessionErrors.invalidParameter(
        args.request_id !== undefined ? 'request_id' : 'file_path',
        'a pending analysis request of the session',
        args.request_id ?? filePath,
        `No pending request for ${filePath}: ${reason}. get_documentation_status lists the pending ones.`,
      );
    }
    const next = await this.apply(principal, open, 'analyze_file_callback', { session_id: sessionId, file_path: filePath }, [
      { type: 'FILE_ANALYZED', path: file.path, analysis },
    ]);
    const files = next.session.context.files;
    return {
      session_id: next.sessionId,
      file_path: filePath,
      status: 'completed' as const,
      message: 'Analysis received and processed',
      session_status: stateOf(next),
      processed_files: files.filter((candidate) => candidate.status === 'analyzed').length,
      total_files: files.length,
    };
  }

  @Operation('get_documentation_status', { kind: 'read', cached: false })
  async getDocumentationStatus(input: DocumentationSessionIdInput, principal: Principal): Promise<DocumentationStatus> {
    const args = parseSessionInput(DocumentationSessionIdInputSchema, input);
    const sessionId = required(args.session_id, 'session_id', 'string', { session_id: 'ds_…' });
    let open = await this.open(principal, sessionId);
    if (this.expired(open).length > 0 || (stateOf(open) === 'completed' && open.session.context.documentationPath === '')) {
      open = await this.apply(principal, open, 'get_documentation_status', args, []);
    }
    const { context } = open.session;
    const pending = context.files.filter((file) => file.status === 'pending');
    const { claims } = context;
    const checked = claims.supported + claims.contradicted + claims.unknown;
    const stored = await this.sessions.get(principal, sessionId, new Date().toISOString());
    return {
      session_id: open.sessionId,
      status: stateOf(open),
      module_name: context.moduleName,
      progress: {
        total_files: context.files.length,
        processed_files: context.files.filter((file) => file.status === 'analyzed').length,
        failed_files: context.files.filter((file) => file.status === 'failed').map((file) => file.path),
      },
      documentation_path: context.documentationPath,
      knowledge: context.knowledge ?? null,
      quality_metrics: {
        average_quality_score: checked === 0 ? 1 : Math.round((claims.supported / checked) * 100) / 100,
        // Lore asks one assistant: there is no consensus between models to report. Memories: the knowledge documents written.
        consensus_status: 'not_applicable',
        total_memories_created: context.knowledge?.files.length ?? 0,
        relationships_discovered: context.relationships,
        claims,
      },
      pending_requests: pending.slice(0, MAX_LISTED_REQUESTS).map(pendingRequest),
      pending_total: pending.length,
      repositoryId: context.repositoryId,
      expires_at: stored?.expiresAt ?? '',
    };
  }

  @Operation('list_documentation_sessions', { kind: 'read', cached: false })
  async listDocumentationSessions(input: ListDocumentationSessionsInput, principal: Principal): Promise<ListDocumentationSessionsResult> {
    parseSessionInput(ListDocumentationSessionsInputSchema, input);
    const listed = await this.sessions.list(principal, new Date().toISOString());
    return {
      session_ids: listed.map((session) => session.sessionId),
      sessions: listed.map((session) => ({
        session_id: session.sessionId,
        repositoryId: session.repositoryId,
        status: session.state as DocumentationStatus['status'],
        created_at: session.createdAt,
        updated_at: session.updatedAt,
        expires_at: session.expiresAt,
      })),
    };
  }

  @Operation('clear_documentation_session', { kind: 'read', cached: false })
  async clearDocumentationSession(input: DocumentationSessionIdInput, principal: Principal): Promise<ClearDocumentationSessionResult> {
    const args = parseSessionInput(DocumentationSessionIdInputSchema, input);
    const sessionId = required(args.session_id, 'session_id', 'string', { session_id: 'ds_…' });
    if (!(await this.sessions.delete(principal, sessionId))) throw sessionErrors.sessionNotFound(sessionId);
    return { session_id: sessionId, cleared: true };
  }

  /**
   * The pending requests of a session with their prompts (for the analyze_file_request notifications
   * the MCP door sends): a plain method, for a door that has just made the requests through an operation.
   */
  async pendingRequests(principal: Principal, sessionId: string, requestIds: readonly string[]): Promise<PendingAnalysisRequest[]> {
    const stored = await this.sessions.get(principal, sessionId, new Date().toISOString());
    if (!stored) return [];
    const snapshot = JSON.parse(stored.machine) as { context: DocumentationSessionContext };
    const wanted = new Set(requestIds);
    return snapshot.context.files.filter((file) => file.status === 'pending' && wanted.has(file.requestId)).map(pendingRequest);
  }

  /** A request over the token limit of one exchange is refused before anything is done. */
  private checkTokens(input: unknown): void {
    const text = JSON.stringify(input);
    const limit = this.config.LORE_MCP_MAX_TOKENS;
    // Characters bound tokens from above for JSON: count only when the text could be over the limit.
    if (text.length <= limit) return;
    const tokens = countTokens(text);
    if (tokens > limit) throw sessionErrors.tokenLimit(tokens, limit, text.length);
  }

  /** The workspace a workspace id names: a repository the principal reads (findWorkspace). */
  private async workspace(principal: Principal, workspaceId: string): Promise<RepositoryRecord> {
    const repositories = await this.graph.listRepositories(principal);
    const repository = findWorkspace(repositories, principal.tenantId, workspaceId);
    if (repository) return repository;
    throw sessionError(
      'WORKSPACE_NOT_FOUND',
      `Workspace not found: ${workspaceId}`,
      'The specified workspace does not exist. Please check the workspace ID.',
      {
        provided_id: workspaceId,
        active_workspaces: repositories.map((candidate) => workspaceIdOf(principal.tenantId, candidate.repositoryId)),
        repositories: repositories.map((candidate) => candidate.repositoryId),
        hint: 'Use get_project_structure to list available workspaces',
      },
    );
  }

  private async repositoryOf(principal: Principal, open: OpenSession): Promise<RepositoryRecord> {
    const repository = await this.graph.getRepository(principal, open.repositoryId);
    if (!repository) throw sessionErrors.sessionNotFound(open.sessionId);
    return repository;
  }

  /** A path as the repository indexes it: absolute inside the workspace root, or relative to it; never with `..`. */
  private workspacePath(repository: RepositoryRecord, given: string): string {
    if (given.split(/[\\/]/).includes('..')) {
      throw sessionErrors.invalidParameter('file_path', 'a path without ..', given, 'Give paths inside the workspace, without ..');
    }
    if (!isAbsolute(given)) return given.replace(/^\.\//, '');
    const inside = relative(repository.rootPath, given);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
      throw sessionErrors.invalidParameter('file_path', `a path inside ${repository.rootPath}`, given, 'Give paths inside the workspace.');
    }
    return inside.split('\\').join('/');
  }

  /** The indexed files of the workspace the given paths name, deduplicated; a path outside, with `..`, or not indexed is refused. */
  private async workspaceFiles(
    principal: Principal,
    repository: RepositoryRecord,
    given: readonly string[],
    refused: (path: string, reason: string) => Error,
  ): Promise<string[]> {
    const paths: string[] = [];
    for (const path of given) {
      let relativePath: string;
      try {
        relativePath = this.workspacePath(repository, path);
      } catch {
        throw refused(path, `outside the workspace ${repository.rootPath}, or with ..`);
      }
      const file = await this.graph.getFile(principal, repository.repositoryId, relativePath);
      if (!file || file.file.blocked) throw refused(path, `not an indexed file of ${repository.repositoryId}`);
      if (!paths.includes(relativePath)) paths.push(relativePath);
    }
    return paths;
  }

  /** An analysis request, with its prompt from the graph, per path the session does not have yet. */
  private async requests(principal: Principal, repositoryId: string, paths: readonly string[], theme: string, known: readonly string[]) {
    const requestedAt = new Date().toISOString();
    const requests: NewFileRequest[] = [];
    for (const path of paths) {
      if (known.includes(path)) continue;
      const prompt = await fileAnalysisPrompt(this.graph, principal, repositoryId, path, theme);
      requests.push({ path, theme, requestId: `req_${randomUUID()}`, requestedAt, prompt });
    }
    return requests;
  }

  private async create(
    principal: Principal,
    toolName: string,
    parameters: Record<string, unknown>,
    repository: RepositoryRecord,
    start: Pick<DocumentationSessionContext, 'kind' | 'moduleName' | 'docType' | 'knowledgeStore'> & { requests: NewFileRequest[] },
  ): Promise<OpenSession> {
    const sessionId = `ds_${randomUUID()}`;
    const [session] = initialTransition(documentationSessionMachine, { sessionId, repositoryId: repository.repositoryId, ...start });
    const tool = called(initialTransition(toolMachine, { sessionId })[0], toolName, parameters);
    const now = new Date();
    const created = await this.sessions.create(principal, {
      sessionId,
      repositoryId: repository.repositoryId,
      state: String(session.value),
      machine: persisted(session),
      toolMachine: persisted(tool),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.config.LORE_DOC_SESSION_IDLE_TIMEOUT).toISOString(),
    });
    if (!created) throw sessionErrors.sessionNotFound(sessionId);
    return { sessionId, version: 1, repositoryId: repository.repositoryId, session, tool };
  }

  /** The principal's session as stored (another principal's, or an expired one, is not found). */
  private async open(principal: Principal, sessionId: string): Promise<OpenSession> {
    const stored = await this.sessions.get(principal, sessionId, new Date().toISOString());
    if (!stored) throw sessionErrors.sessionNotFound(sessionId);
    return {
      sessionId,
      version: stored.version,
      repositoryId: stored.repositoryId,
      session: restored(documentationSessionMachine, stored.machine),
      tool: restored(toolMachine, stored.toolMachine),
    };
  }

  /** Refuses an event the session's state does not accept, changing nothing (INVALID_SESSION_STATE). */
  private expect(open: OpenSession, event: DocumentationSessionEvent, action: string): void {
    const session = this.expired(open).length > 0 ? advance(open.session, [this.expiry(open)]) : open.session;
    if (!session.can(event)) throw sessionErrors.invalidState(open.sessionId, String(session.value), EXPECTED_STATE[event.type], action);
  }

  /** The pending files whose request is older than MCP_CALLBACK_TIMEOUT. */
  private expired(open: OpenSession): string[] {
    const deadline = Date.now() - this.config.MCP_CALLBACK_TIMEOUT;
    return open.session.context.files
      .filter((file) => file.status === 'pending' && Date.parse(file.requestedAt) < deadline)
      .map((file) => file.path);
  }

  private expiry(open: OpenSession): DocumentationSessionEvent {
    return { type: 'REQUESTS_EXPIRED', paths: this.expired(open) };
  }

  /**
   * Runs a successful call through the session: expired requests fail first, then the call's events;
   * a session that is completed gets its documentation written; then both machines are saved, unless
   * another call saved the session meanwhile (conflict: nothing is saved, the caller calls again).
   */
  private async apply(
    principal: Principal,
    open: OpenSession,
    toolName: string,
    parameters: Record<string, unknown>,
    events: DocumentationSessionEvent[],
  ): Promise<OpenSession> {
    const expired = this.expired(open).length > 0 ? [this.expiry(open)] : [];
    let session = advance(open.session, [...expired, ...events]);
    if (session.value === 'completed' && session.context.documentationPath === '') {
      session = advance(session, [
        await writeModuleDocuments(
          { config: this.config, graph: this.graph, sources: this.sources, knowledge: this.knowledge },
          principal,
          session.context,
        ),
      ]);
    }
    const tool = called(open.tool, toolName, parameters);
    const now = new Date();
    const saved = await this.sessions.save(principal, open.sessionId, open.version, {
      state: String(session.value),
      machine: persisted(session),
      toolMachine: persisted(tool),
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.config.LORE_DOC_SESSION_IDLE_TIMEOUT).toISOString(),
    });
    if (!saved) {
      throw new ConflictError(`Documentation session ${open.sessionId} changed while this call ran; nothing was saved.`, {
        hint: 'Call again: the call is checked against the session as it is now.',
      });
    }
    return { ...open, version: open.version + 1, session, tool };
  }

  /** knowledge_store as asked, refused up front to a caller who may not write project knowledge. */
  private knowledgeStore(principal: Principal, asked: boolean | undefined): boolean {
    if (asked === true && !canPerformSideEffect(principal, 'create_knowledge_file')) {
      throw new PermissionDeniedError('knowledge_store writes project knowledge, which needs the knowledge:write permission.', {
        hint: 'Start the session without knowledge_store, or with a credential that holds knowledge:write.',
      });
    }
    return asked === true;
  }
}
