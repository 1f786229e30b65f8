import type { ClaimKind, StaleChange, StaleFinding } from '@lore/domain/schemas/documentation-trust';
import type { NameRemoval } from '@lore/indexer';

/**
 * Names shorter than this are never read as renamed: one edit turns a short name into many others
 * (`run` and `Run`, `get` and `set`), and a wrong "renamed" is worse than none.
 */
const MIN_RENAMED_LENGTH = 6;
/** At most this many single-character edits between a name and its new name (GenBashCompletionV3 → …V2). */
const MAX_RENAME_EDITS = 1;

/** The claim kinds a contradicted claim says a signature with (its parameters, its return, `async`), and the one it says a default with. */
const SIGNATURE_CLAIMS: ReadonlySet<ClaimKind> = new Set<ClaimKind>([
  'parameter_count',
  'has_parameter',
  'parameter_optional',
  'returns',
  'is_async',
]);
const DEFAULT_CLAIMS: ReadonlySet<ClaimKind> = new Set<ClaimKind>(['parameter_default']);

/**
 * The one name of `names` that `missing` was most likely renamed to: the same name in another case
 * (SetHelpCommandGroupId → SetHelpCommandGroupID) or one edit away, ignoring case. Null unless
 * exactly one name is that close: two candidates mean the rename cannot be told.
 */
export function renamedTo(missing: string, names: Iterable<string>): string | null {
  if (missing.length < MIN_RENAMED_LENGTH) return null;
  const folded = missing.toLowerCase();
  const candidates = new Set<string>();
  for (const name of names) {
    if (name === missing || name.length < MIN_RENAMED_LENGTH || Math.abs(name.length - missing.length) > MAX_RENAME_EDITS) continue;
    if (withinEdits(folded, name.toLowerCase(), MAX_RENAME_EDITS)) candidates.add(name);
  }
  return candidates.size === 1 ? [...candidates][0]! : null;
}

/** The change a contradicted claim of `kind` says: its signature or a default differs; null for other claims (a base class, a file). */
export function changeOfClaim(kind: ClaimKind): StaleChange | null {
  if (SIGNATURE_CLAIMS.has(kind)) return 'signature';
  if (DEFAULT_CLAIMS.has(kind)) return 'default';
  return null;
}

/** The sentence a finding's reason ends with, saying its change in words. */
export function changeSentence(change: StaleChange, name: string, newName: string | null = null): string {
  switch (change) {
    case 'renamed':
      return `${name} was renamed: the code at the indexed commit has ${newName} instead.`;
    case 'removed':
      return `${name} was removed: the code at the indexed commit has no such name.`;
    case 'signature':
      return 'The signature at the indexed commit is different.';
    case 'default':
      return 'The default value at the indexed commit is different.';
  }
}

/** The identifiers of a line of code, whatever its language: what a removal's replacement is looked for among. */
const IDENTIFIERS = /[A-Za-z_$][\w$]*/g;

/** The code's side of a removed name, said in words: where it last was, and the commit that took it out. */
export function removalSentence(removal: NameRemoval): string {
  return `It was last in the code at ${removal.path}:${removal.line}, taken out by commit ${removal.commitSha.slice(0, 12)} on ${removal.date}.`;
}

/** What a finding cites of a removal: the commit, its date, and where the name was. */
export function removalSite({ commitSha, date, path, line }: NameRemoval): NonNullable<StaleFinding['removedIn']> {
  return { commitSha, date, path, line };
}

/**
 * The name a removal put in the removed name's place: the one identifier of the lines its change
 * added that the removed line lacks and the code declares (`ExecuteWithContext(ctx)` replaced by
 * `ExecuteContext(ctx)`). Null when there is none or more than one: then it cannot be told.
 */
export function replacedBy(removal: NameRemoval, declared: Iterable<string>): string | null {
  const before = new Set(removal.removedLine.match(IDENTIFIERS) ?? []);
  const added = new Set(removal.addedLines.flatMap((line) => line.match(IDENTIFIERS) ?? []).filter((word) => !before.has(word)));
  const candidates = [...declared].filter((name) => added.has(name));
  return candidates.length === 1 ? candidates[0]! : null;
}

/** Whether `a` becomes `b` with at most `bound` insertions, deletions or substitutions (a banded Levenshtein distance). */
function withinEdits(a: string, b: string, bound: number): boolean {
  if (Math.abs(a.length - b.length) > bound) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMinimum = Math.min(rowMinimum, current[j]!);
    }
    if (rowMinimum > bound) return false;
    previous = current;
  }
  return previous[b.length]! <= bound;
}
