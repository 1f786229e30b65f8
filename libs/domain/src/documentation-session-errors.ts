import { ConflictError, InvalidInputError, type LoreError, NotFoundError } from './errors';
import type { DocumentationSessionErrorCode } from './schemas/documentation-sessions';

/**
 * The documentation tools' errors as Lore errors: each door maps the Lore code as usual (REST status,
 * GraphQL extensions.code, CLI exit code), and the CodeDoc server's error rides along in
 * `details.seedError` ({code, title, explanation, details}), which the MCP door answers in that
 * server's shape (isError, "ERROR: <title>\n\n<explanation>", meta {error, title, explanation, details}).
 */
export interface SeedError {
  code: DocumentationSessionErrorCode;
  title: string;
  explanation: string;
  details: Record<string, unknown>;
}

const LORE_ERROR_OF: Record<
  DocumentationSessionErrorCode,
  new (message: string, options: { hint?: string; details?: Record<string, unknown> }) => LoreError
> = {
  MISSING_PARAMETER: InvalidInputError,
  INVALID_PARAMETER: InvalidInputError,
  WORKSPACE_NOT_FOUND: NotFoundError,
  PATH_NOT_FOUND: NotFoundError,
  SESSION_NOT_FOUND: NotFoundError,
  INVALID_SESSION_STATE: ConflictError,
  INVALID_GROUPING: InvalidInputError,
  INVALID_DEPENDENCY_TYPE: InvalidInputError,
  FILE_NOT_FOUND: NotFoundError,
  TOO_MANY_FILES: InvalidInputError,
  INVALID_ANALYSIS: InvalidInputError,
  TOKEN_LIMIT_EXCEEDED: InvalidInputError,
};

export function sessionError(
  code: DocumentationSessionErrorCode,
  title: string,
  explanation: string,
  details: Record<string, unknown> & { hint?: string },
): LoreError {
  const seedError: SeedError = { code, title, explanation, details };
  return new LORE_ERROR_OF[code](`${title}. ${explanation}`, { hint: details.hint, details: { seedError } });
}

/** The CodeDoc error a Lore error carries, if it is one. */
export function seedErrorOf(details: Record<string, unknown> | null): SeedError | null {
  const seedError = details?.seedError as SeedError | undefined;
  return seedError && typeof seedError.code === 'string' ? seedError : null;
}

export const sessionErrors = {
  missingParameter: (param: string, requiredType: string, example: Record<string, unknown>) =>
    sessionError('MISSING_PARAMETER', `Missing required parameter: ${param}`, `The parameter '${param}' is required.`, {
      missing_param: param,
      required_type: requiredType,
      example,
      hint: `Add ${param} (${requiredType}) to the arguments.`,
    }),
  invalidParameter: (param: string, expected: string, actual: unknown, hint: string) =>
    sessionError('INVALID_PARAMETER', `Invalid parameter: ${param}`, `Expected ${expected}.`, {
      validation_type: 'parameter',
      param,
      expected,
      actual,
      hint,
    }),
  sessionNotFound: (sessionId: string) =>
    sessionError('SESSION_NOT_FOUND', 'Session not found', `The session '${sessionId}' does not exist.`, {
      session_id: sessionId,
      resource_type: 'session',
      identifier: sessionId,
      hint: 'Start a session with full_documentation or create_documentation; sessions expire when left idle.',
    }),
  invalidState: (sessionId: string, currentState: string, expectedState: string, action: string) =>
    sessionError(
      'INVALID_SESSION_STATE',
      'Invalid session state',
      `The session '${sessionId}' is ${currentState}; ${action} needs it ${expectedState}.`,
      {
        session_id: sessionId,
        current_state: currentState,
        expected_state: expectedState,
        hint: 'Call get_documentation_status to see what the session is waiting for.',
      },
    ),
  tokenLimit: (estimatedTokens: number, limit: number, contentSize: number) =>
    sessionError(
      'TOKEN_LIMIT_EXCEEDED',
      'Token limit exceeded',
      `The request is about ${estimatedTokens} tokens; the limit per exchange is ${limit}.`,
      {
        estimated_tokens: estimatedTokens,
        limit,
        content_size: contentSize,
        hint: 'Send less at once: fewer files per call, or shorter documentation per file.',
      },
    ),
};
