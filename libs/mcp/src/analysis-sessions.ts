import { randomUUID } from 'node:crypto';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { InvalidInputError } from '@lore/domain';

/**
 * The sessions of the MCP Code Analysis server (seed 004): its `createStatefulTool` adds a
 * `sessionId` parameter to a tool, `createToolExecutionService(sessionId?)` opens a session (a new id
 * when none is given) and keeps its history of results, and every answer's `context` names the
 * session and its `relatedResults`. Here a session's results are Lore's request ids (each answer's
 * `_meta["lore/requestId"]`): `relatedResults` lists the session's earlier ones, oldest first.
 */

/** The parameter createStatefulTool adds, advertised on every tool of /mcp/analysis. */
export const SESSION_ID_PROPERTY = {
  type: 'string',
  description: "The session to continue: an earlier answer's context.sessionId. Without it, the MCP session's, or a new one.",
};

/** Sessions kept per server process; past it the least recently used is forgotten. */
const MAX_SESSIONS = 1000;
/** Earlier results a session keeps (and an answer lists), the newest. */
const MAX_RELATED_RESULTS = 20;
/** A longer sessionId is no id this server gave (its own are UUIDs). */
const MAX_SESSION_ID_LENGTH = 128;

export interface AnalysisContext {
  sessionId: string;
  relatedResults: string[];
}

/** Where a call's session comes from: its sessionId argument, else the MCP session (or stdio connection). */
export interface SessionSource {
  given: unknown;
  mcpSession: string | undefined;
}

export class AnalysisSessions {
  /** By holder and session id, in order of last use. */
  private readonly histories = new Map<string, string[]>();

  /** The context of an answer: its session and that session's earlier results; this answer joins them. */
  record(holder: string, source: SessionSource, requestId: string): AnalysisContext {
    const sessionId = sessionIdOf(source);
    // A session belongs to its holder: the same id from another credential is another session.
    const key = `${holder}\u0000${sessionId}`;
    const earlier = this.histories.get(key) ?? [];
    this.histories.delete(key);
    this.histories.set(key, [...earlier, requestId].slice(-MAX_RELATED_RESULTS));
    if (this.histories.size > MAX_SESSIONS) this.histories.delete(this.histories.keys().next().value!);
    return { sessionId, relatedResults: earlier };
  }
}

function sessionIdOf({ given, mcpSession }: SessionSource): string {
  if (given === undefined) return mcpSession ?? randomUUID();
  if (typeof given !== 'string' || given.length === 0 || given.length > MAX_SESSION_ID_LENGTH) {
    throw new InvalidInputError(`sessionId must be a non-empty string of at most ${MAX_SESSION_ID_LENGTH} characters.`, {
      hint: "Give an earlier answer's context.sessionId, or leave it out for a new session.",
    });
  }
  return given;
}

/** An advertised input schema that takes `sessionId` too (the server takes it off before the service). */
export function withSessionParameter<S extends StandardSchemaWithJSON<unknown, unknown>>(schema: S): S {
  const standard = schema['~standard'];
  const withSession = (jsonSchema: Record<string, unknown>): Record<string, unknown> => ({
    ...jsonSchema,
    properties: { ...(jsonSchema.properties as Record<string, unknown>), sessionId: SESSION_ID_PROPERTY },
  });
  return {
    ...schema,
    '~standard': {
      ...standard,
      jsonSchema: {
        input: (options) => withSession(standard.jsonSchema.input(options)),
        output: (options) => withSession(standard.jsonSchema.output(options)),
      },
    },
  };
}
