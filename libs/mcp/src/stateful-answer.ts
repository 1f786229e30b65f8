import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type ErrorBody, countTokens, toLoreError } from '@lore/domain';

/**
 * The answer of a stateful tool (the documentation sessions), in the standard response format of the
 * MCP Code Analysis foundations: `{data, metadata{tool, version, executionTime, timestamp},
 * status{success, code, message}, context{sessionId, relatedResults}}`, with Lore's requestId and
 * token count beside them in metadata. Lore's other tools keep their own envelope (tool-answer.ts).
 */
export function statefulAnswerSchema<Data extends z.ZodType>(data: Data) {
  return z.object({
    data,
    metadata: z.object({
      tool: z.string(),
      version: z.string(),
      executionTime: z.number().describe('Milliseconds in the server for this call.'),
      timestamp: z.string().describe('When the answer was made (ISO-8601 UTC).'),
      requestId: z.string(),
      tokens: z.number().int().describe('Tokens of this answer as text (o200k_base).'),
      maxTokens: z.number().int(),
    }),
    status: z.object({ success: z.boolean(), code: z.number().int(), message: z.string().optional() }),
    context: z
      .object({
        sessionId: z.string().optional(),
        relatedResults: z.array(z.string()).optional().describe('The analysis requests this answer made or lists (their request ids).'),
      })
      .optional(),
  });
}

interface StatefulCall {
  tool: string;
  version: string;
  requestId: string;
  startedAt: number;
  maxTokens: number;
}

/** The answer around a session's data; past the token budget, pending requests are left out from the last (their count stays in the data). */
export function statefulEnvelope(call: StatefulCall, data: Record<string, unknown>): StatefulEnvelope {
  let shaped = { ...data };
  let omitted = 0;
  for (;;) {
    const answer = envelope(call, shaped, omitted);
    const tokens = countTokens(JSON.stringify(answer));
    const pending = shaped.pending_requests;
    if (tokens <= call.maxTokens || !Array.isArray(pending) || pending.length === 0) {
      answer.metadata.tokens = tokens;
      return answer;
    }
    shaped = { ...shaped, pending_requests: pending.slice(0, -1) };
    omitted++;
  }
}

/** The stateful answer as a tool result: the format's JSON as structuredContent and as text. */
export function statefulAnswer(call: StatefulCall, data: Record<string, unknown>): CallToolResult {
  const answer = statefulEnvelope(call, data);
  return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
}

export type StatefulEnvelope = ReturnType<typeof envelope>;

function envelope(call: StatefulCall, data: Record<string, unknown>, omitted: number) {
  const sessionId = typeof data.session_id === 'string' ? data.session_id : undefined;
  const requests = [
    ...(Array.isArray(data.requests) ? data.requests : []),
    ...(Array.isArray(data.pending_requests) ? data.pending_requests : []),
  ] as { request_id: string }[];
  return {
    data,
    metadata: {
      tool: call.tool,
      version: call.version,
      executionTime: Math.round(performance.now() - call.startedAt),
      timestamp: new Date().toISOString(),
      requestId: call.requestId,
      tokens: 0,
      maxTokens: call.maxTokens,
    },
    status: {
      success: true,
      code: 200,
      ...(omitted > 0
        ? { message: `${omitted} pending request(s) left out to stay under the token limit: answer the listed ones first.` }
        : {}),
    },
    context: { ...(sessionId ? { sessionId } : {}), relatedResults: requests.map((request) => request.request_id) },
  };
}

/**
 * An error in the CodeDoc server's shape: isError, the text "ERROR: <title>\n\n<explanation>", and
 * `_meta` {error, title, explanation, details} (Lore adds `code`, the CodeDoc code, and `requestId`). A
 * Lore error raised before the service (authorization, limits) is told the same way, its code upper-cased.
 */
export function statefulError(error: unknown, requestId: string): CallToolResult {
  const body: ErrorBody = toLoreError(error).toBody();
  const seed = body.details?.seedError as
    { code: string; title: string; explanation: string; details: Record<string, unknown> } | undefined;
  const title = seed?.title ?? body.message;
  const explanation = seed?.explanation ?? body.hint ?? body.message;
  return {
    isError: true,
    content: [{ type: 'text', text: `ERROR: ${title}\n\n${explanation}` }],
    _meta: {
      error: true,
      code: seed?.code ?? body.code.toUpperCase(),
      title,
      explanation,
      details: seed?.details ?? { ...(body.details ?? {}), ...(body.hint ? { hint: body.hint } : {}), retryable: body.retryable },
      requestId,
    },
  };
}
