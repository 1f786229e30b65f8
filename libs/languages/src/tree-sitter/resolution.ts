/** Helpers of the tree-sitter languages' resolvers, which follow names and types across a repository. */

/** An evaluation that ends outside the repository (a library, a builtin): a call through it gives no edge. */
export const EXTERNAL = { kind: 'external' } as const;

/** An evaluation the code does not settle: a call through it falls back to the callee's name. */
export const UNKNOWN = { kind: 'unknown' } as const;

/** Where an evaluation ends when it finds nothing in the repository. */
export type Unresolved = typeof EXTERNAL | typeof UNKNOWN;

/** How many steps (a name to its binding, a call to its result's type…) an evaluation takes before it gives up as unknown. */
export const MAX_EVAL_DEPTH = 12;

/**
 * What `own` finds on a type or, depth first, on the types it inherits from (`parents`, asked only
 * when the type itself has nothing), each type looked at once and no more than `maxDepth` levels up:
 * a member found through inheritance. Null when nothing is found.
 */
export function findInHierarchy<Type, Found>(
  type: Type,
  own: (type: Type) => Found | null,
  parents: (type: Type) => Iterable<Type>,
  maxDepth: number,
): Found | null {
  const seen = new Set<Type>();
  const search = (current: Type, depth: number): Found | null => {
    if (depth > maxDepth || seen.has(current)) return null;
    seen.add(current);
    const found = own(current);
    if (found !== null) return found;
    for (const parent of parents(current)) {
      const inherited = search(parent, depth + 1);
      if (inherited !== null) return inherited;
    }
    return null;
  };
  return search(type, 0);
}

/** A type whose fields are known by name, with their types as written. */
export interface WithFields {
  readonly fields: ReadonlyMap<string, string>;
}

/** A field's type as written and the type declaring it: the type's own field or, through `parents`, an inherited one. */
export function fieldInHierarchy<Type extends WithFields>(
  type: Type,
  name: string,
  parents: (type: Type) => Iterable<Type>,
  maxDepth: number,
): { text: string; owner: Type } | null {
  return findInHierarchy(
    type,
    (owner) => {
      const text = owner.fields.get(name);
      return text === undefined ? null : { text, owner };
    },
    parents,
    maxDepth,
  );
}
