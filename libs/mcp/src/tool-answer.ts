import { z } from 'zod';
import { type ErrorBody, RESOURCE_SCHEMES, WarningSchema, countTokens, parseResourceUri } from '@lore/domain';
import type { Warning } from '@lore/domain';
import { continuationOf } from './continuation';
import type { NextCall } from './mcp-tool';

/**
 * The one shape of every tool's answer (docs/specification.md, Answer envelope): the service's
 * answer as `data`, what answered it (`metadata`), whether it is whole (`status`), the MCP-level
 * warnings (output_truncated), the calls that sensibly follow (`next`), and a continuation when cut.
 */
export const NextCallSchema = z.object({
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  why: z.string(),
});

export const ToolMetadataSchema = z.object({
  tool: z.string(),
  version: z.string(),
  executionTimeMs: z.number().describe('Time in the server for this call, the service and the envelope.'),
  requestId: z.string().describe('Unique per call: quote it when reporting a problem.'),
  snapshot: z
    .array(z.object({ repositoryId: z.string(), commitSha: z.string() }))
    .describe('The indexed commits the answer was read from (those its resource URIs name).'),
  tokens: z.number().int().describe('Tokens of this answer as text (o200k_base).'),
  maxTokens: z.number().int().describe('The budget an answer is kept under.'),
});
export type ToolMetadata = z.infer<typeof ToolMetadataSchema>;

export const ANSWER_STATUSES = ['ok', 'truncated'] as const;

/** Items of the paged lists a page holds at most, by detail_level: full is bounded by the token budget only. */
export const DETAIL_LEVELS = { summary: 5, normal: 20, full: Number.MAX_SAFE_INTEGER } as const;
export type DetailLevel = keyof typeof DETAIL_LEVELS;

export function toolAnswerSchema<Data extends z.ZodType>(data: Data) {
  return z.object({
    data,
    metadata: ToolMetadataSchema,
    status: z
      .enum(ANSWER_STATUSES)
      .describe('truncated: some list items were left out, to stay under the token budget or detail_level; see continuation.'),
    warnings: z.array(WarningSchema).describe('About the answer as a whole (output_truncated); the data carries its own warnings.'),
    next: z.object({ recommended: z.array(NextCallSchema).describe('Calls that sensibly follow this answer, most useful first.') }),
    continuation: z
      .string()
      .nullable()
      .describe('Call the same tool again with the same arguments plus this continuation for the items left out; null when whole.'),
  });
}

export type ToolAnswer = Omit<z.infer<ReturnType<typeof toolAnswerSchema<z.ZodType>>>, 'data'> & { data: Record<string, unknown> };

/** What the server knows of a call when it shapes the answer. */
export interface AnsweredCall {
  tool: string;
  version: string;
  requestId: string;
  startedAt: number;
  maxTokens: number;
  /** The arguments as the caller gave them, without the continuation. */
  args: Record<string, unknown>;
  /** Whose answer it is (accessFingerprint of the principal): its continuation is good for that principal only. */
  holder: string;
  /** Items of the paged lists already returned by earlier pages. */
  offset: number;
  pagedLists: readonly string[];
  /** At most this many items of the paged lists on a page (detail_level), besides the token budget. */
  maxItems: number;
  /** Recomputes the fields that are views of the paged lists from a page's items (LoreMcpTool.viewsOfPage). */
  viewsOfPage?: (page: Record<string, unknown>) => Record<string, unknown>;
}

/** An answer and its text mirror: the JSON the text content carries, measured against the budget. */
export interface ShapedAnswer {
  answer: ToolAnswer;
  text: string;
}

/**
 * Shapes a service's answer: from `offset` on, as many items of the paged lists (in their order, as
 * one sequence) as keep the text under the budget; a continuation when some were left out.
 */
export function shapeAnswer(
  call: AnsweredCall,
  data: Record<string, unknown>,
  next: NextCall[],
  snapshot: ToolMetadata['snapshot'],
): ShapedAnswer {
  const lists = call.pagedLists.map((field) => (Array.isArray(data[field]) ? (data[field] as unknown[]) : []));
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const remaining = Math.min(Math.max(0, total - call.offset), call.maxItems);
  // The time and the count are filled in after the cut: leave room for their digits.
  const budget = call.maxTokens - 16;
  const build = (kept: number, countAlways = true): ShapedAnswer => {
    const end = call.offset + kept;
    const paged: Record<string, unknown> = { ...data };
    let start = 0;
    call.pagedLists.forEach((field, index) => {
      const list = lists[index]!;
      if (Array.isArray(data[field])) paged[field] = list.slice(clamp(call.offset - start, list.length), clamp(end - start, list.length));
      start += list.length;
    });
    const truncated = end < total;
    const continuation = truncated ? continuationOf(call.tool, call.args, end, call.holder) : null;
    const warnings: Warning[] = truncated
      ? [
          {
            code: 'output_truncated',
            message: `Items ${call.offset + 1}-${end} of ${total} (${call.pagedLists.join(', ')}) on this page (${end - call.offset === call.maxItems ? `detail_level's ${call.maxItems} items` : `the ${call.maxTokens}-token budget`}). Call ${call.tool} again with the same arguments and "continuation" for the rest, or narrow the question.`,
          },
        ]
      : [];
    const recommended = truncated
      ? [{ tool: call.tool, arguments: { ...call.args, continuation }, why: 'The items left out of this answer.' }, ...next]
      : next;
    const answer: ToolAnswer = {
      data: call.viewsOfPage ? call.viewsOfPage(paged) : paged,
      metadata: {
        tool: call.tool,
        version: call.version,
        executionTimeMs: 0,
        requestId: call.requestId,
        snapshot,
        tokens: 0,
        maxTokens: call.maxTokens,
      },
      status: truncated ? 'truncated' : 'ok',
      warnings,
      next: { recommended },
      continuation,
    };
    const text = JSON.stringify(answer);
    answer.metadata.tokens = !countAlways && Buffer.byteLength(text) <= budget ? 0 : countTokens(text);
    return { answer, text: '' };
  };
  const whole = build(remaining, false);
  // A token is at least one byte of UTF-8: an answer of fewer bytes than the budget is under it, uncounted until finished.
  if (whole.answer.metadata.tokens <= budget || remaining === 0) return finished(whole.answer, call.startedAt);
  // The most items that fit: the token count grows with the items kept, so a binary search finds it.
  let fits = 0;
  let tooMany = remaining;
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (build(middle).answer.metadata.tokens <= budget) fits = middle;
    else tooMany = middle;
  }
  // At least one item per page, so that a continuation always moves on.
  return finished(build(Math.max(fits, 1)).answer, call.startedAt);
}

/** An error as a tool answers it, the JSON text of its content: Lore's error body, with the metadata of the call. */
export function errorAnswer(
  call: Pick<AnsweredCall, 'tool' | 'version' | 'requestId' | 'startedAt' | 'maxTokens'>,
  error: ErrorBody,
): string {
  const answer = {
    error,
    metadata: {
      tool: call.tool,
      version: call.version,
      executionTimeMs: 0,
      requestId: call.requestId,
      snapshot: [],
      tokens: 0,
      maxTokens: call.maxTokens,
    },
  };
  answer.metadata.tokens = countTokens(JSON.stringify(answer));
  answer.metadata.executionTimeMs = elapsedMs(call.startedAt);
  return JSON.stringify(answer);
}

/** Fills in the answer's time and its exact token count: the count's own digits are in the text too. */
function finished(answer: ToolAnswer, startedAt: number): ShapedAnswer {
  answer.metadata.executionTimeMs = elapsedMs(startedAt);
  answer.metadata.tokens = countTokens(JSON.stringify(answer));
  return { answer, text: JSON.stringify(answer) };
}

function elapsedMs(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 10) / 10;
}

function clamp(value: number, length: number): number {
  return Math.min(Math.max(value, 0), length);
}

/**
 * The snapshots an answer names: the repository and commit of each of its resource URIs, and the
 * ids of the repositories it names without one (their indexed commit is looked up).
 */
export function snapshotOf(data: unknown): { named: ToolMetadata['snapshot']; repositoriesWithout: string[] } {
  const found = new Map<string, { repositoryId: string; commitSha: string }>();
  const repositories = new Set<string>();
  const visit = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (key === 'repositoryId') repositories.add(value);
      if (!RESOURCE_SCHEMES.some((scheme) => value.startsWith(`${scheme}://`))) return;
      try {
        const { repositoryId, commitSha } = parseResourceUri(value);
        found.set(`${repositoryId}\u0000${commitSha}`, { repositoryId, commitSha });
      } catch {
        // Not a URI of ours after all (say, text that starts like one): it names no snapshot.
      }
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key));
    else if (value !== null && typeof value === 'object') Object.entries(value).forEach(([field, item]) => visit(item, field));
  };
  visit(data, '');
  const named = [...found.values()];
  return { named, repositoriesWithout: [...repositories].filter((id) => !named.some((snapshot) => snapshot.repositoryId === id)) };
}

/** Snapshots in one order: by repository, then commit. */
export function sortedSnapshot(snapshot: ToolMetadata['snapshot']): ToolMetadata['snapshot'] {
  return [...snapshot].sort((a, b) => a.repositoryId.localeCompare(b.repositoryId) || a.commitSha.localeCompare(b.commitSha));
}
