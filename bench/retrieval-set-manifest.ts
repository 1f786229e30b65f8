/**
 * The query sets of bench/retrieval.ts, frozen: each file's sha256 was recorded in
 * bench/retrieval-sets.manifest.json when the set was committed, before it was first measured. A set
 * edited after it has steered a choice no longer tells whether the choice generalises, so a set that
 * no longer matches its digest is refused (write a new set instead).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface EvalQuery {
  repo: string;
  type: 'nl' | 'id';
  query: string;
  expected: string[];
}

export interface FrozenSet {
  name: string;
  file: string;
  sha256: string;
}

export const BENCH_DIR = join(__dirname, '..', '..', 'bench');

export function manifest(benchDir = BENCH_DIR): FrozenSet[] {
  return (JSON.parse(readFileSync(join(benchDir, 'retrieval-sets.manifest.json'), 'utf8')) as { sets: FrozenSet[] }).sets;
}

export interface QuerySet {
  name: string;
  /** The repository the set was written on and its commit, for a set on one repository Lore did not write. */
  repository?: { name: string; commit: string };
  queries: EvalQuery[];
}

/** Every set of the manifest with its queries; throws naming the first file that is unlisted or does not match its digest. */
export function frozenQuerySets(benchDir = BENCH_DIR): QuerySet[] {
  const sets = manifest(benchDir);
  const unlisted = readdirSync(benchDir).filter(
    (file) => /^retrieval-queries.*\.json$/.test(file) && !sets.some((set) => set.file === file),
  );
  if (unlisted.length > 0) throw new Error(`bench/${unlisted[0]} has no digest in bench/retrieval-sets.manifest.json`);
  return sets.map(({ name, file, sha256 }) => {
    const bytes = readFileSync(join(benchDir, file));
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha256)
      throw new Error(`bench/${file} changed after it was first measured (sha256 ${actual}, frozen ${sha256}); add a new set instead`);
    return { name, ...(JSON.parse(bytes.toString('utf8')) as Omit<QuerySet, 'name'>) };
  });
}
