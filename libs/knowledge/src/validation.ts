import type { z } from 'zod';
import { InvalidInputError, aliasTarget, closestName, inCanonicalNames, knownNames } from '@lore/domain';

/**
 * Every service validates its own input, so each door gets the same invalid_input answer. The
 * input may use the other names of its fields (`limit` for `maxResults`, `repo` for `repositoryId`:
 * see input-vocabulary.ts); an error names a field as the caller did, and an unknown field is
 * answered with the known one it is closest to.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const { input: canonical, givenAs } = inCanonicalNames(schema, input);
  const parsed = schema.safeParse(canonical);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') return [{ path: pathAsGiven(issue.path, givenAs), message: issue.message }];
    const known = knownNames(schema, issue.path);
    return issue.keys.map((key) => {
      const path = pathAsGiven([...issue.path, key], givenAs);
      const aliased = issue.path.length === 0 ? aliasTarget(schema, key) : null;
      if (aliased) return { path, message: `Another name of ${aliased.join('.')}, which is given too: give one of them.` };
      const closest = closestName(key, known);
      return closest
        ? { path, message: `Unrecognized key "${key}": did you mean ${closest}?`, didYouMean: closest }
        : { path, message: `Unrecognized key "${key}"; the known keys are ${known.join(', ')}.` };
    });
  });
  throw new InvalidInputError(`Invalid input: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, {
    details: { issues },
  });
}

/** An issue's path as the caller wrote it: a field moved from an alias is named by that alias. */
function pathAsGiven(path: readonly PropertyKey[], givenAs: ReadonlyMap<string, string>): string {
  const names = path.map(String);
  for (let length = names.length; length > 0; length--) {
    const alias = givenAs.get(names.slice(0, length).join('.'));
    if (alias !== undefined) return [alias, ...names.slice(length)].join('.');
  }
  return names.join('.') || '(input)';
}
