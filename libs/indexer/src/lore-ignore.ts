// Generated and vendored files left out of the graph: default rules, and a repository's .loreignore that adds to them or takes them back.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore from 'ignore';
import type { SkippedFile } from '@lore/domain';

/**
 * Build output and generated or minified code: what a person reads is the source it came from, and
 * a stale build would answer with code that no longer exists. `.gitignore` comes first (the listing
 * honours it); these apply to what git tracks or leaves untracked but unignored.
 */
export const DEFAULT_IGNORED = ['dist/', 'build/', '*.min.js', '*.generated.*'];

/** A file at the repository's root, in gitignore syntax: patterns added to the defaults, `!pattern` taking one back. */
export const LORE_IGNORE_FILE = '.loreignore';

/** The listed paths without those the rules leave out, and those as skipped files with the rule that left each out. */
export function applyLoreIgnore(rootPath: string, paths: readonly string[]): { paths: string[]; skipped: SkippedFile[] } {
  const ownRules = join(rootPath, LORE_IGNORE_FILE);
  const own = existsSync(ownRules) ? readFileSync(ownRules, 'utf8') : '';
  const defaults = new Set(DEFAULT_IGNORED);
  // One matcher, defaults first: the last matching rule decides, so .loreignore can take a default back.
  if (lastRules?.own !== own) lastRules = { own, matcher: ignore().add(DEFAULT_IGNORED).add(own), answers: new Map() };
  const { matcher, answers } = lastRules;
  const kept: string[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    seen.add(path);
    let answer = answers.get(path);
    if (answer === undefined) {
      const { ignored, rule } = matcher.test(path);
      answers.set(path, (answer = ignored ? (rule?.pattern ?? '') : null));
    }
    if (answer === null) {
      kept.push(path);
      continue;
    }
    const pattern = answer;
    const reason = defaults.has(pattern)
      ? `generated or build output (default rule "${pattern}"; "!${pattern}" in ${LORE_IGNORE_FILE} takes it back)`
      : `${LORE_IGNORE_FILE} (rule "${pattern}")`;
    skipped.push({ path, reason });
  }
  // Paths gone from the listing are forgotten: the answers stay as many as the repository's files.
  if (answers.size > seen.size) for (const path of answers.keys()) if (!seen.has(path)) answers.delete(path);
  return { paths: kept, skipped };
}

/**
 * The last rules this process applied and what they answered per path: the same for the same rules,
 * and a running lore lists the same paths run after run (`ignore` matches 7,300 paths of prisma in
 * 0.1 s). Only the last rules are kept: other rules start afresh.
 */
let lastRules: { own: string; matcher: ReturnType<typeof ignore>; answers: Map<string, string | null> } | null = null;
