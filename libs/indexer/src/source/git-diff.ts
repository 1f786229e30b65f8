/** The lines a change touched in one file, on the side the graph knows (the new side; the old one for a deleted file). */
export interface ChangedFile {
  path: string;
  /** Inclusive line ranges; a pure deletion is the line after which lines went. */
  ranges: { startLine: number; endLine: number }[];
  deleted: boolean;
}

/** A revision range as `git diff` takes it: `base..head`, `base...head` (from their merge base), or one ref against the working tree. */
export interface RevisionRange {
  base: string;
  head: string | null;
  mergeBase: boolean;
}

export function parseRevisionRange(range: string): RevisionRange {
  const symmetric = range.indexOf('...');
  if (symmetric >= 0) return { base: range.slice(0, symmetric), head: range.slice(symmetric + 3), mergeBase: true };
  const twoDot = range.indexOf('..');
  if (twoDot >= 0) return { base: range.slice(0, twoDot), head: range.slice(twoDot + 2), mergeBase: false };
  return { base: range, head: null, mergeBase: false };
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The changed line ranges per file of `git diff --unified=0` output, paths relative to the
 * repository root. Renames are read as a deletion and an addition (run git with --no-renames).
 */
export function parseUnifiedDiff(diff: string): ChangedFile[] {
  const files: ChangedFile[] = [];
  let oldPath: string | null = null;
  let current: ChangedFile | null = null;
  for (const line of diff.split('\n')) {
    if (line.startsWith('--- ')) {
      oldPath = stripPrefix(line.slice(4), 'a/');
      current = null;
    } else if (line.startsWith('+++ ')) {
      const newPath = stripPrefix(line.slice(4), 'b/');
      const deleted = newPath === null;
      current = { path: (deleted ? oldPath : newPath) ?? '', ranges: [], deleted };
      files.push(current);
    } else if (current) {
      const hunk = HUNK.exec(line);
      if (!hunk) continue;
      const [start, count] = current.deleted ? [hunk[1], hunk[2]] : [hunk[3], hunk[4]];
      const startLine = Number(start);
      const lines = count === undefined ? 1 : Number(count);
      current.ranges.push({ startLine: Math.max(startLine, 1), endLine: Math.max(startLine + Math.max(lines, 1) - 1, 1) });
    }
  }
  return files.filter((file) => file.path !== '');
}

/** `a/src/x.ts` -> `src/x.ts`; `/dev/null` -> null. Paths git quoted (unusual characters) are unquoted. */
function stripPrefix(path: string, prefix: string): string | null {
  const unquoted = path.startsWith('"') ? (JSON.parse(path) as string) : path;
  if (unquoted === '/dev/null') return null;
  return unquoted.startsWith(prefix) ? unquoted.slice(prefix.length) : unquoted;
}
