import leven from 'leven';
import type { z } from 'zod';

/**
 * One vocabulary for every door. A capability's input names its fields once (`maxResults`,
 * `scope.repositoryId`, `pathPrefix`), but callers bring the names other doors taught them: the
 * CLI's flags (`--limit`, `--repo`, `--path`, `--kind`), the REST query's flat `repositoryId`, the
 * `limit` of one capability on another that says `maxResults`. Each name here stands for the first of
 * its fields that the capability's input has; a name the input has itself is never taken for another.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  repo: ['repositoryId', 'scope.repositoryId'],
  repository: ['repositoryId', 'scope.repositoryId'],
  repositoryId: ['scope.repositoryId'],
  commit: ['scope.commitSha'],
  commitSha: ['scope.commitSha'],
  branch: ['scope.branch'],
  limit: ['maxResults'],
  maxResults: ['limit'],
  kind: ['kinds'],
  path: ['pathPrefix'],
  prefix: ['pathPrefix'],
  lang: ['language'],
  edges: ['edgeTypes'],
  edgeType: ['edgeTypes'],
};

/** The other names of a field, wherever it is nested (repositoryId: repo, repository). */
export function aliasesOf(field: string): string[] {
  return Object.keys(ALIASES).filter((name) => name !== field && ALIASES[name]!.some((target) => target.split('.').at(-1) === field));
}

/** The field (its path from the input's root) a name stands for in this input, or null when the name is not an alias here. */
export function aliasTarget(schema: z.ZodType, name: string): string[] | null {
  const shape = objectShape(schema);
  if (!shape || name in shape) return null;
  for (const target of ALIASES[name] ?? []) {
    const path = target.split('.');
    if (fieldAt(schema, path)) return path;
  }
  return null;
}

/** The field at a path of an object schema (through optional and default wrappers), or null. */
export function fieldAt(schema: z.ZodType, path: readonly string[]): z.ZodType | null {
  let field: z.ZodType | null = schema;
  for (const key of path) {
    const shape: Record<string, z.ZodType> | null = field ? objectShape(field) : null;
    field = shape?.[key] ?? null;
  }
  return field;
}

/** An input with its aliases moved to the fields they stand for, and which name the caller used for each field moved. */
export interface InputInCanonicalNames {
  input: unknown;
  /** Field path ('maxResults', 'scope.repositoryId') → the name the caller gave it ('limit'). */
  givenAs: Map<string, string>;
}

/**
 * Moves each alias of the input's top level to its field (a single value to a list field as a
 * one-item list). An alias whose field is also given stays where it is, for the strict schema to
 * refuse: which of the two the caller meant is not for the server to guess.
 */
export function inCanonicalNames(schema: z.ZodType, input: unknown): InputInCanonicalNames {
  const givenAs = new Map<string, string>();
  if (!isPlainObject(input)) return { input, givenAs };
  const moved: Record<string, unknown> = { ...input };
  for (const [name, value] of Object.entries(input)) {
    const path = aliasTarget(schema, name);
    if (path && value === undefined) delete moved[name];
    if (!path || value === undefined || valueAt(moved, path) !== undefined || !parentsAreObjects(moved, path)) continue;
    const field = fieldAt(schema, path)!;
    delete moved[name];
    setAt(moved, path, isArrayField(field) && !Array.isArray(value) ? [value] : value);
    givenAs.set(path.join('.'), name);
  }
  return { input: moved, givenAs };
}

/** The field names an object at this path of the input has, for "did you mean". */
export function knownNames(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const field = fieldAt(schema, path.map(String));
  const shape = field ? objectShape(field) : null;
  return shape ? Object.keys(shape) : [];
}

/**
 * The known name closest to an unknown one, when it is close enough to be a slip (a typo, a case or
 * a plural): at most a third of its letters apart, compared without case.
 */
export function closestName(unknown: string, known: readonly string[]): string | null {
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = leven(unknown.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(Math.max(unknown.length, best.name.length) / 3)) ? best.name : null;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  const inner = unwrap(schema);
  return inner._zod.def.type === 'object' ? (inner._zod.def as unknown as { shape: Record<string, z.ZodType> }).shape : null;
}

function isArrayField(field: z.ZodType): boolean {
  return unwrap(field)._zod.def.type === 'array';
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    const def = inner._zod.def as unknown as { type: string; innerType?: z.ZodType };
    if (def.type !== 'optional' && def.type !== 'nullable' && def.type !== 'default') return inner;
    inner = def.innerType!;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(input: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = input;
  for (const key of path) value = isPlainObject(value) ? value[key] : undefined;
  return value;
}

/** Whether each object on the way to the path's last key is absent or an object: a value there is never replaced. */
function parentsAreObjects(input: Record<string, unknown>, path: readonly string[]): boolean {
  let value: unknown = input;
  for (const key of path.slice(0, -1)) {
    value = (value as Record<string, unknown> | undefined)?.[key];
    if (value !== undefined && !isPlainObject(value)) return false;
  }
  return true;
}

function setAt(input: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let object = input;
  for (const key of path.slice(0, -1)) {
    const next = isPlainObject(object[key]) ? { ...object[key] } : {};
    object[key] = next;
    object = next;
  }
  object[path[path.length - 1]!] = value;
}
