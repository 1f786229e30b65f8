import { type AnyActorLogic, type SnapshotFrom, createActor, transition } from 'xstate';
import type { DocumentationStatus, PendingAnalysisRequest } from '@lore/domain/schemas/documentation-sessions';
import { type DocumentationSessionEvent, type NewFileRequest, documentationSessionMachine } from './documentation-session-machine';
import { type ToolMachineEvent, toolMachine } from './tool-machine';

// A documentation session's two machines as a call reads, advances and persists them.

export type SessionSnapshot = SnapshotFrom<typeof documentationSessionMachine>;
export type ToolSnapshot = SnapshotFrom<typeof toolMachine>;

/** A session as one call works on it: its machines' snapshots and the stored version they were read at. */
export interface OpenSession {
  sessionId: string;
  version: number;
  repositoryId: string;
  session: SessionSnapshot;
  tool: ToolSnapshot;
}

export function stateOf(open: OpenSession) {
  return open.session.value as DocumentationStatus['status'];
}

export function requestRef(request: NewFileRequest) {
  return { request_id: request.requestId, file_path: request.path };
}

export function pendingRequest(file: NewFileRequest): PendingAnalysisRequest {
  return { request_id: file.requestId, file_path: file.path, requested_at: file.requestedAt, prompt: file.prompt };
}

/** A session's or a call's machine from its persisted snapshot (as stored in the graph). */
export function restored<T extends AnyActorLogic>(logic: T, persisted: string): SnapshotFrom<T> {
  return createActor(logic as AnyActorLogic, {
    snapshot: JSON.parse(persisted) as never,
    input: undefined,
  }).getSnapshot() as SnapshotFrom<T>;
}

export function persisted(snapshot: SessionSnapshot | ToolSnapshot): string {
  return JSON.stringify(snapshot.machine.getPersistedSnapshot(snapshot as never));
}

/** The session after the events, in order (each one accepted: the callers checked). */
export function advance(session: SessionSnapshot, events: DocumentationSessionEvent[]): SessionSnapshot {
  return events.reduce((current, event) => transition(documentationSessionMachine, current, event)[0], session);
}

/** The tool machine after one successful call of `toolName`: selected, parameters set, executed, succeeded. */
export function called(tool: ToolSnapshot, toolName: string, parameters: Record<string, unknown>): ToolSnapshot {
  const events: ToolMachineEvent[] = [
    { type: 'SELECT_TOOL', toolName },
    { type: 'SET_PARAMETERS', parameters },
    { type: 'EXECUTE' },
    { type: 'SUCCEED', code: null, at: new Date().toISOString() },
  ];
  return events.reduce((current, event) => transition(toolMachine, current, event)[0], tool);
}
