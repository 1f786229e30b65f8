import { createHash } from 'node:crypto';
import { InvalidInputError, NotFoundError, canonicalJson } from '@lore/domain';

/**
 * The cursor of a truncated answer: which tool, a hash of the arguments it was asked with, how many
 * items of its paged lists were already returned, and whose it is (accessFingerprint of the
 * principal that was answered). Opaque to the caller; a cursor brought to another tool or other
 * arguments is refused rather than answered with another query's items, and one brought by another
 * principal is not found.
 */
interface Continuation {
  tool: string;
  query: string;
  offset: number;
  holder: string;
}

export function continuationOf(tool: string, args: Record<string, unknown>, offset: number, holder: string): string {
  const continuation: Continuation = { tool, query: queryHash(args), offset, holder };
  return Buffer.from(JSON.stringify(continuation)).toString('base64url');
}

/**
 * The offset a continuation resumes at (0 without one); invalid_input for one that is not this
 * query's, not_found for one made for another principal (`holder`).
 */
export function offsetOf(continuation: unknown, tool: string, args: Record<string, unknown>, holder: string): number {
  if (continuation === undefined) return 0;
  if (typeof continuation !== 'string' || continuation.length > 500) {
    throw new InvalidInputError('continuation must be the continuation string of a truncated answer.');
  }
  let parsed: Partial<Continuation>;
  try {
    parsed = JSON.parse(Buffer.from(continuation, 'base64url').toString('utf8')) as Partial<Continuation>;
  } catch {
    throw new InvalidInputError('continuation is not one this server issued.');
  }
  if (parsed.tool !== tool || parsed.query !== queryHash(args) || !Number.isSafeInteger(parsed.offset) || parsed.offset! < 0) {
    throw new InvalidInputError('continuation belongs to another query: ask again with exactly the arguments of the truncated answer.', {
      hint: 'A continuation only continues the call that returned it.',
    });
  }
  if (parsed.holder !== holder) {
    throw new NotFoundError(
      'No such continuation: a continuation continues only the answer it came with, for the caller it was given to.',
      {
        hint: 'Ask again without continuation.',
      },
    );
  }
  return parsed.offset!;
}

function queryHash(args: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(args)).digest('base64url').slice(0, 22);
}
