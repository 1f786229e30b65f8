import { createHash, randomUUID } from 'node:crypto';
import type { CallContext } from '@lore/access';
import type { Principal } from '@lore/domain';
import { type AuditEntry, MAX_AUDIT_REFS } from '@lore/domain/schemas/audit';

/** How a call ended, as the audit stage saw it. */
export interface CallOutcome {
  status: AuditEntry['status'];
  latencyMs: number;
  /** The answer, when there is one: only its size and top-level ids are kept. */
  result?: unknown;
}

/** Input fields that name an artifact: kept as refs. */
const REF_FIELDS = ['uid', 'uri'] as const;
/** Input fields of free text typed by a person or a model: only their sha256 is kept. */
const QUERY_FIELDS = ['query'] as const;

/**
 * The audit entry of one operation call: who, through which door, what it named (repository, uids,
 * URIs) and how it ended, never what it read. A free-text query is kept as its sha256 (it is user
 * input and may be sensitive); the answer only as its size in bytes and its top-level ids.
 */
export function operationEntry(
  operation: string,
  input: unknown,
  principal: Principal,
  context: CallContext,
  outcome: CallOutcome,
  now: Date = new Date(),
): AuditEntry {
  const fields = isRecord(input) ? input : {};
  const refs = new Set<string>();
  for (const field of REF_FIELDS) if (typeof fields[field] === 'string') refs.add(fields[field] as string);
  const knowledge = knowledgeRef(fields);
  if (knowledge !== null) refs.add(knowledge);
  // An agent memory call names its memory by the memory:// URI a client reads it by, refused or not.
  if (typeof fields.memoryId === 'string') refs.add(`memory://${fields.memoryId}`);
  if (outcome.result !== undefined) for (const ref of resultRefs(outcome.result)) refs.add(ref);
  const query = QUERY_FIELDS.map((field) => fields[field]).find((value): value is string => typeof value === 'string');
  return {
    id: randomUUID(),
    tenantId: principal.tenantId,
    timestamp: now.toISOString(),
    subject: principal.subject,
    door: context.door,
    operation,
    repository: repositoryOf(fields),
    refs: [...refs].slice(0, MAX_AUDIT_REFS),
    queryHash: query === undefined ? null : sha256(query),
    status: outcome.status,
    httpStatus: null,
    latencyMs: roundMs(outcome.latencyMs),
    resultBytes: outcome.result === undefined ? null : jsonBytes(outcome.result),
    requestId: context.requestId,
    agentRunId: context.agentRunId,
  };
}

/** A request an HTTP door refused before any operation (401, 403, 413, 429): who is unknown, so "anonymous". */
export interface RefusedRequestFacts {
  tenantId: string;
  subject: string;
  door: AuditEntry['door'];
  route: string;
  httpStatus: number;
  status: AuditEntry['status'];
  requestId: string;
  agentRunId: string | null;
}

export function refusalEntry(facts: RefusedRequestFacts, now: Date = new Date()): AuditEntry {
  return {
    id: randomUUID(),
    tenantId: facts.tenantId,
    timestamp: now.toISOString(),
    subject: facts.subject,
    door: facts.door,
    operation: facts.route,
    repository: null,
    refs: [],
    queryHash: null,
    status: facts.status,
    httpStatus: facts.httpStatus,
    latencyMs: 0,
    resultBytes: null,
    requestId: facts.requestId,
    agentRunId: facts.agentRunId,
  };
}

/** repositoryId, or search_code's scope.repositoryId. */
/**
 * A project knowledge call names the document it reads or writes by the knowledge:// URI a client
 * reads it by (the project's main for main.md and whole-project calls), as the caller wrote it.
 */
function knowledgeRef(fields: Record<string, unknown>): string | null {
  if (typeof fields.project_id !== 'string') return null;
  const project = encodeURIComponent(fields.project_id);
  const filename = typeof fields.filename === 'string' && fields.filename !== 'main.md' ? fields.filename : null;
  return filename === null
    ? `knowledge://projects/${project}/main`
    : `knowledge://projects/${project}/chapters/${encodeURIComponent(filename)}`;
}

function repositoryOf(fields: Record<string, unknown>): string | null {
  if (typeof fields.repositoryId === 'string') return fields.repositoryId;
  const scope = fields.scope;
  return isRecord(scope) && typeof scope.repositoryId === 'string' ? scope.repositoryId : null;
}

/** The uid (or uri) of the answer's top-level objects and of the items of its top-level lists, in order. */
function resultRefs(result: unknown): string[] {
  if (!isRecord(result)) return [];
  const refs: string[] = [];
  const add = (value: unknown): void => {
    if (!isRecord(value)) return;
    const ref = typeof value.uid === 'string' ? value.uid : typeof value.uri === 'string' ? value.uri : null;
    if (ref !== null) refs.push(ref);
  };
  if (typeof result.uri === 'string') refs.push(result.uri);
  for (const value of Object.values(result)) {
    if (refs.length >= MAX_AUDIT_REFS) break;
    if (Array.isArray(value)) value.slice(0, MAX_AUDIT_REFS).forEach(add);
    else add(value);
  }
  return refs;
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
