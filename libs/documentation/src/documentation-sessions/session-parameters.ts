import type { z } from 'zod';
import { sessionError, sessionErrors } from '@lore/domain/documentation-session-errors';

// The documentation tools' arguments, checked as the CodeDoc server checks them (MISSING_PARAMETER, INVALID_PARAMETER, INVALID_GROUPING).

/** Parses loose input; an argument of the wrong type is INVALID_PARAMETER, naming it. */
export function parseSessionInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const param = issue!.path.join('.') || (issue!.code === 'unrecognized_keys' ? issue!.keys.join(', ') : '(arguments)');
  throw sessionErrors.invalidParameter(param, issue!.message, null, "See the tool's input schema.");
}

export function required<T>(value: T | undefined, param: string, requiredType: string, example: Record<string, unknown>): T {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw sessionErrors.missingParameter(param, requiredType, example);
  }
  return value;
}

export function invalidGrouping(field: string, expected: string, actual: unknown, explanation = `${field} must be ${expected}.`) {
  return sessionError('INVALID_GROUPING', 'Invalid grouping', explanation, {
    validation_type: 'grouping',
    field,
    expected,
    actual,
    hint: 'Each grouping needs a theme and the paths of indexed files inside the workspace.',
  });
}
