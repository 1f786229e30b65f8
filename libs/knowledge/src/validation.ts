import type { z } from 'zod';
import { InvalidInputError } from '@lore/domain';

/** Every service validates its own input, so each door gets the same invalid_input answer. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || '(input)', message: issue.message }));
  throw new InvalidInputError(`Invalid input: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, {
    details: { issues },
  });
}
