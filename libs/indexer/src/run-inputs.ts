// What a run's snapshot is made from, as one digest: equal digests, equal snapshots (see runInputs).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FileRow, SkippedFile } from '@lore/domain';
import type { GitInfo } from '@lore/languages/git';

/** Installing packages rewrites these (the TypeScript pass keys its answers on them too: warmKey). */
const INSTALL_STAMPS = [
  'node_modules/.package-lock.json',
  'node_modules/.modules.yaml',
  'node_modules/.yarn-state.yml',
  'node_modules/.yarn-integrity',
];

export interface RunInputsParts {
  tenantId: string;
  repositoryId: string;
  rootPath: string;
  gitInfo: GitInfo | null;
  /** Every file read, with its content hash; and those left out, with why. */
  files: readonly FileRow[];
  skipped: readonly SkippedFile[];
  /** The run's settings that reach the snapshot (the largest file read, pyright's and the language servers'), as JSON. */
  settings: unknown;
  /** Where the language servers are installed: installing one changes which calls are exact. */
  languageServersDirectory: string | undefined;
}

/**
 * A digest of everything a run's snapshot is made from: the repository's commit, branch and remote,
 * each file's path and content hash (and each file left out, with its reason), `.loreignore`, the
 * run's settings, the packages installed (their install stamps), the language servers installed and
 * PATH (where pyright's interpreter is found), and this build of Lore (its extractors' code). A run
 * whose digest is the one of the last complete run of the graph it writes makes the same snapshot,
 * exact pass included: it has nothing to parse, resolve, write or embed.
 */
export function runInputs(parts: RunInputsParts): string {
  const hash = createHash('sha256');
  const line = (...fields: unknown[]): void => void hash.update(`${JSON.stringify(fields)}\n`);
  line(parts.tenantId, parts.repositoryId, parts.rootPath, parts.gitInfo, parts.settings, process.env.PATH ?? '', buildStamp());
  for (const stamp of INSTALL_STAMPS) line(stamp, statSync(join(parts.rootPath, stamp), { throwIfNoEntry: false })?.mtimeMs ?? null);
  line('.loreignore', readOrNull(join(parts.rootPath, '.loreignore')));
  line('language servers', parts.languageServersDirectory ?? null, listing(parts.languageServersDirectory));
  for (const file of parts.files) line(file.path, file.contentHash, file.language, file.blocked, file.isTest);
  for (const file of parts.skipped) line('skipped', file.path, file.reason);
  return hash.digest('hex');
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** A directory's entries one level down, with their modification times (an install adds or rewrites one). */
function listing(directory: string | undefined): [string, number][] {
  if (directory === undefined) return [];
  try {
    return readdirSync(directory)
      .sort()
      .map((name) => [name, statSync(join(directory, name), { throwIfNoEntry: false })?.mtimeMs ?? 0]);
  } catch {
    return [];
  }
}

let stamp: string | undefined;

/**
 * This build of Lore: the number of files under the `libs` folder this code runs from (dist/libs once
 * built, the sources under the tests) and the newest of their modification times. A build writes them
 * all again, an edit one: either way the digest changes, and the next run does its work again.
 * Computed once per process (its code does not change while it runs).
 */
function buildStamp(): string {
  if (stamp !== undefined) return stamp;
  let libs = __dirname;
  while (basename(libs) !== 'libs' && dirname(libs) !== libs) libs = dirname(libs);
  let files = 0;
  let newest = 0;
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
        continue;
      }
      files += 1;
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(libs);
  stamp = `${libs} ${files} ${newest}`;
  return stamp;
}
