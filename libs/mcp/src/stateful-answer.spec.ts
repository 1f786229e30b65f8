import { RateLimitedError } from '@lore/domain';
import { sessionErrors } from '@lore/domain/documentation-session-errors';
import { statefulAnswer, statefulError } from './stateful-answer';

interface Answer {
  data: { pending_requests: unknown[]; pending_total: number };
  metadata: { timestamp: string; tokens: number };
  status: { message?: string };
}

const call = (maxTokens: number) => ({
  tool: 'get_documentation_status',
  version: '1',
  requestId: 'r1',
  startedAt: performance.now(),
  maxTokens,
});

describe('the answer of a stateful tool', () => {
  it('wraps the data in the standard response format, the session and its requests in context', () => {
    const result = statefulAnswer(call(25_000), {
      session_id: 'ds_1',
      status: 'processing',
      requests: [{ request_id: 'req_1', file_path: 'a.ts' }],
    });
    const answer = result.structuredContent as unknown as Answer;
    expect(answer).toMatchObject({
      data: { session_id: 'ds_1', status: 'processing' },
      metadata: { tool: 'get_documentation_status', version: '1', requestId: 'r1', maxTokens: 25_000 },
      status: { success: true, code: 200 },
      context: { sessionId: 'ds_1', relatedResults: ['req_1'] },
    });
    expect(answer.metadata.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(answer);
  });

  it('leaves pending requests out from the last to stay under the token budget, and says how many', () => {
    const pending = Array.from({ length: 6 }, (_, index) => ({
      request_id: `req_${index}`,
      file_path: `f${index}.ts`,
      prompt: 'symbol '.repeat(300),
    }));
    const result = statefulAnswer(call(1_200), { session_id: 'ds_1', pending_requests: pending, pending_total: 6 });
    const answer = result.structuredContent as unknown as Answer;
    expect(answer.metadata.tokens).toBeLessThanOrEqual(1_200);
    const kept = answer.data.pending_requests.length as number;
    expect(kept).toBeGreaterThan(0);
    expect(answer.data.pending_requests).toEqual(pending.slice(0, kept));
    expect(answer.data.pending_total).toBe(6);
    expect(answer.status.message).toBe(
      `${6 - kept} pending request(s) left out to stay under the token limit: answer the listed ones first.`,
    );
  });
});

describe('the error of a stateful tool', () => {
  it("is the CodeDoc server's shape: ERROR: title, explanation, and _meta with the seed's details", () => {
    expect(
      statefulError(sessionErrors.invalidState('ds_1', 'awaiting_groupings', 'started or processing', 'analyze_file_callback'), 'r1'),
    ).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: "ERROR: Invalid session state\n\nThe session 'ds_1' is awaiting_groupings; analyze_file_callback needs it started or processing.",
        },
      ],
      _meta: {
        error: true,
        code: 'INVALID_SESSION_STATE',
        title: 'Invalid session state',
        explanation: "The session 'ds_1' is awaiting_groupings; analyze_file_callback needs it started or processing.",
        details: {
          session_id: 'ds_1',
          current_state: 'awaiting_groupings',
          expected_state: 'started or processing',
          hint: 'Call get_documentation_status to see what the session is waiting for.',
        },
        requestId: 'r1',
      },
    });
  });

  it('tells a Lore error raised before the service the same way, its code upper-cased', () => {
    const result = statefulError(new RateLimitedError('Too many calls.', { hint: 'Wait 2 s.', details: { retryAfterSeconds: 2 } }), 'r2');
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'ERROR: Too many calls.\n\nWait 2 s.' }],
      _meta: {
        error: true,
        code: 'RATE_LIMITED',
        title: 'Too many calls.',
        explanation: 'Wait 2 s.',
        details: { retryAfterSeconds: 2, hint: 'Wait 2 s.', retryable: true },
      },
    });
  });
});
