import { assign, setup } from 'xstate';
import type { DocumentationSessionState, FileAnalysis } from '@lore/domain/schemas/documentation-sessions';

/** One file of a session: asked for (pending), answered (analyzed), or not answered in time (failed). */
export interface SessionFile {
  path: string;
  theme: string;
  status: 'pending' | 'analyzed' | 'failed';
  requestId: string;
  requestedAt: string;
  prompt: string;
  analysis: FileAnalysis | null;
}

export interface SessionGrouping {
  theme: string;
  description: string;
}

export interface DocumentationSessionContext {
  sessionId: string;
  /** full: the assistant groups the whole workspace by theme; files: create_documentation's set of files. */
  kind: 'full' | 'files';
  repositoryId: string;
  moduleName: string;
  docType: 'module' | 'component' | 'system';
  groupings: SessionGrouping[];
  files: SessionFile[];
  /** Dependencies the assistant named (provide_dependency_files and each analysis's own). */
  relationships: number;
  documentationPath: string;
  claims: { supported: number; contradicted: number; unknown: number };
  /** Whether the documentation also goes into the workspace's project knowledge (knowledge_store). */
  knowledgeStore: boolean;
  /** Where it went there, once written: the project, its knowledge files, the commit. */
  knowledge: { project_id: string; files: string[]; commit: string } | null;
}

export type NewFileRequest = Omit<SessionFile, 'status' | 'analysis'>;

export type DocumentationSessionEvent =
  | { type: 'GROUPINGS_PROVIDED'; groupings: SessionGrouping[]; requests: NewFileRequest[] }
  | { type: 'DEPENDENCIES_PROVIDED'; requests: NewFileRequest[]; relationships: number }
  | { type: 'FILE_ANALYZED'; path: string; analysis: FileAnalysis }
  | { type: 'REQUESTS_EXPIRED'; paths: string[] }
  | {
      type: 'DOCUMENTATION_WRITTEN';
      documentationPath: string;
      claims: DocumentationSessionContext['claims'];
      knowledge: DocumentationSessionContext['knowledge'];
    };

export type DocumentationSessionInput = Pick<
  DocumentationSessionContext,
  'sessionId' | 'kind' | 'repositoryId' | 'moduleName' | 'docType' | 'knowledgeStore'
> & {
  requests: NewFileRequest[];
};

/** The state each event is accepted in, for the INVALID_SESSION_STATE answer ("expected_state"). */
export const EXPECTED_STATE: Record<DocumentationSessionEvent['type'], string> = {
  GROUPINGS_PROVIDED: 'awaiting_groupings',
  DEPENDENCIES_PROVIDED: 'started or processing',
  FILE_ANALYZED: 'started or processing',
  REQUESTS_EXPIRED: 'started or processing',
  DOCUMENTATION_WRITTEN: 'completed',
};

const settled = ({ context }: { context: DocumentationSessionContext }) =>
  context.files.length > 0 && context.files.every((file) => file.status !== 'pending');

/**
 * A documentation session, as the CodeDoc documentation server runs it. full_documentation starts in
 * awaiting_groupings (the assistant groups the workspace's files by theme), create_documentation in
 * started (its files are known); the first groupings or analysis make it processing; it is completed
 * when no file is pending any more (each analysed, or failed when unanswered in time), after which
 * Lore writes the documentation and records where. An event the state does not accept is refused
 * (the service checks `snapshot.can(event)` and answers INVALID_SESSION_STATE, changing nothing).
 */
export const documentationSessionMachine = setup({
  types: {
    context: {} as DocumentationSessionContext,
    events: {} as DocumentationSessionEvent,
    input: {} as DocumentationSessionInput,
  },
  guards: { isFull: ({ context }) => context.kind === 'full', settled },
  actions: {
    addGroupings: assign(({ context, event }) => {
      const { groupings, requests } = event as Extract<DocumentationSessionEvent, { type: 'GROUPINGS_PROVIDED' }>;
      return { groupings: [...context.groupings, ...groupings], files: [...context.files, ...requests.map(pending)] };
    }),
    addDependencies: assign(({ context, event }) => {
      const { requests, relationships } = event as Extract<DocumentationSessionEvent, { type: 'DEPENDENCIES_PROVIDED' }>;
      return { files: [...context.files, ...requests.map(pending)], relationships: context.relationships + relationships };
    }),
    recordAnalysis: assign(({ context, event }) => {
      const { path, analysis } = event as Extract<DocumentationSessionEvent, { type: 'FILE_ANALYZED' }>;
      return {
        files: context.files.map((file) => (file.path === path ? { ...file, status: 'analyzed' as const, analysis } : file)),
        relationships: context.relationships + (analysis.dependencies?.length ?? 0),
      };
    }),
    expireRequests: assign(({ context, event }) => {
      const paths = new Set((event as Extract<DocumentationSessionEvent, { type: 'REQUESTS_EXPIRED' }>).paths);
      return {
        files: context.files.map((file) =>
          file.status === 'pending' && paths.has(file.path) ? { ...file, status: 'failed' as const } : file,
        ),
      };
    }),
    recordDocumentation: assign(({ event }) => {
      const { documentationPath, claims, knowledge } = event as Extract<DocumentationSessionEvent, { type: 'DOCUMENTATION_WRITTEN' }>;
      return { documentationPath, claims, knowledge };
    }),
  },
}).createMachine({
  id: 'documentationSession',
  initial: 'new',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    kind: input.kind,
    repositoryId: input.repositoryId,
    moduleName: input.moduleName,
    docType: input.docType,
    groupings: input.kind === 'files' ? [{ theme: input.moduleName, description: '' }] : [],
    files: input.requests.map(pending),
    relationships: 0,
    documentationPath: '',
    claims: { supported: 0, contradicted: 0, unknown: 0 },
    knowledgeStore: input.knowledgeStore,
    knowledge: null,
  }),
  states: {
    new: { always: [{ guard: 'isFull', target: 'awaiting_groupings' }, { target: 'started' }] },
    awaiting_groupings: { on: { GROUPINGS_PROVIDED: { target: 'processing', actions: 'addGroupings' } } },
    started: {
      on: {
        DEPENDENCIES_PROVIDED: { target: 'processing', actions: 'addDependencies' },
        FILE_ANALYZED: { target: 'processing', actions: 'recordAnalysis' },
        REQUESTS_EXPIRED: { target: 'processing', actions: 'expireRequests' },
      },
    },
    processing: {
      always: { guard: 'settled', target: 'completed' },
      on: {
        DEPENDENCIES_PROVIDED: { actions: 'addDependencies' },
        FILE_ANALYZED: { actions: 'recordAnalysis' },
        REQUESTS_EXPIRED: { actions: 'expireRequests' },
      },
    },
    completed: { on: { DOCUMENTATION_WRITTEN: { actions: 'recordDocumentation' } } },
  },
});

function pending(request: NewFileRequest): SessionFile {
  return { ...request, status: 'pending', analysis: null };
}

/** The state a client sees (the transient `new` is never at rest). */
export function clientState(value: unknown): DocumentationSessionState {
  return value as DocumentationSessionState;
}
