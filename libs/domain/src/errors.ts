/**
 * The one error hierarchy of Lore. Every door maps these codes once (REST: HTTP status and an
 * RFC 9457 problem body; GraphQL: extensions.code; MCP: isError result or JSON-RPC error).
 * Messages are written for the caller: no stack traces, queries, host names or secrets.
 */
export const ERROR_CODES = [
  'invalid_input',
  'not_found',
  'permission_denied',
  'snapshot_not_indexed',
  'ambiguous_target',
  'timeout',
  'rate_limited',
  'tool_budget_exceeded',
  'sensitive_content_blocked',
  'quality_gate_failed',
  'conflict',
  'unavailable',
  'resource_exhausted',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  hint: string | null;
  details: Record<string, unknown> | null;
}

export abstract class LoreError extends Error {
  abstract readonly code: ErrorCode;
  readonly retryable: boolean = false;
  readonly hint: string | null;
  readonly details: Record<string, unknown> | null;

  constructor(message: string, options: { hint?: string; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = new.target.name;
    this.hint = options.hint ?? null;
    this.details = options.details ?? null;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      hint: this.hint,
      details: this.details,
    };
  }
}

export class InvalidInputError extends LoreError {
  readonly code = 'invalid_input';
}
export class NotFoundError extends LoreError {
  readonly code = 'not_found';
}
export class PermissionDeniedError extends LoreError {
  readonly code = 'permission_denied';
}
export class SnapshotNotIndexedError extends LoreError {
  readonly code = 'snapshot_not_indexed';
  override readonly retryable = true;
}
export class AmbiguousTargetError extends LoreError {
  readonly code = 'ambiguous_target';
}
export class TimeoutError extends LoreError {
  readonly code = 'timeout';
  override readonly retryable = true;
}
/** Too many calls too fast: `details.retryAfterSeconds` says when the next one is admitted (REST: 429 with Retry-After). */
export class RateLimitedError extends LoreError {
  readonly code = 'rate_limited';
  override readonly retryable = true;
}
/** A tool budget (docs/specification.md, Budgets) is spent: retrying does not help until its window ends or a new run starts. */
export class ToolBudgetExceededError extends LoreError {
  readonly code = 'tool_budget_exceeded';
}
/** A document's quality is below the minimum asked for; details carry the report. */
export class QualityGateFailedError extends LoreError {
  readonly code = 'quality_gate_failed';
}
export class ConflictError extends LoreError {
  readonly code = 'conflict';
  override readonly retryable = true;
}
export class SensitiveContentBlockedError extends LoreError {
  readonly code = 'sensitive_content_blocked';
}
export class UnavailableError extends LoreError {
  readonly code = 'unavailable';
  override readonly retryable = true;
}
/**
 * A server-side limit was reached (the graph database's memory for a transaction, say): retrying the
 * same work will fail the same way until the limit named in the hint is raised.
 */
export class ResourceExhaustedError extends LoreError {
  readonly code = 'resource_exhausted';
}
/** Anything unexpected: the original error is logged by the door, never shown to the caller. */
export class InternalError extends LoreError {
  readonly code = 'internal';
}

/** Turns any thrown value into a LoreError that is safe to show to a caller. */
export function toLoreError(error: unknown): LoreError {
  if (error instanceof LoreError) return error;
  return new InternalError('An internal error occurred.');
}
