import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** Results of one extractor per file, valid for one content hash. */
export interface FileResultCache {
  get(path: string, contentHash: string): unknown;
  set(path: string, contentHash: string, value: unknown): void;
}

const FORMAT = 1;

interface StoredResults {
  format: number;
  /** Namespace (an extractor and its version) -> path -> [content hash, result]. */
  results: Record<string, Record<string, [string, unknown]>>;
}

type Results = Map<string, Map<string, [string, unknown]>>;

/**
 * The results last read or written by this process, per cache file, while the file is as it left
 * it (same modification time and size): a long-lived process (lore serve, watch mode) does not parse
 * its own cache again on every run. A few repositories at most.
 */
const REMEMBERED_FILES = 4;
const remembered = new Map<string, { mtimeMs: number; size: number; results: Results }>();

function remember(file: string, results: Results): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  remembered.delete(file);
  if (!stat) return;
  remembered.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, results });
  if (remembered.size > REMEMBERED_FILES) remembered.delete(remembered.keys().next().value!);
}

/**
 * Per-file extraction results of a repository's last run, kept on disk so that a file whose content
 * did not change is not parsed again. Saved after secrets are redacted: the snippets kept are the
 * ones the graph stores. A missing, unreadable or older-format file is an empty cache; only the
 * entries this run used are saved again, so deleted files drop out.
 */
export class FileResultStore {
  private readonly loaded: Results;
  private readonly kept: Results = new Map();
  /** Whether this run added or dropped an entry: an unchanged cache is not written again. */
  private changed = false;

  private constructor(private readonly file: string | null) {
    this.loaded = new Map();
    if (file === null) return;
    const stat = statSync(file, { throwIfNoEntry: false });
    const known = remembered.get(file);
    if (stat && known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) {
      this.loaded = known.results;
      return;
    }
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredResults;
      if (stored.format !== FORMAT) return;
      for (const [namespace, byPath] of Object.entries(stored.results)) this.loaded.set(namespace, new Map(Object.entries(byPath)));
      remember(file, this.loaded);
    } catch {
      // No cache yet, or one we cannot trust: every file is read afresh.
    }
  }

  /** `directory` "off" (or undefined) keeps nothing. */
  static open(directory: string | undefined, tenantId: string, repositoryId: string): FileResultStore {
    if (directory === undefined || directory === 'off') return new FileResultStore(null);
    const key = createHash('sha256').update(`${tenantId}\0${repositoryId}`).digest('hex').slice(0, 32);
    return new FileResultStore(join(directory, 'extraction', `${key}.json`));
  }

  scope(namespace: string): FileResultCache {
    const loaded = this.loaded.get(namespace);
    const kept = new Map<string, [string, unknown]>();
    this.kept.set(namespace, kept);
    return {
      get: (path, contentHash) => {
        const entry = loaded?.get(path);
        if (!entry || entry[0] !== contentHash) return undefined;
        kept.set(path, entry);
        return entry[1];
      },
      set: (path, contentHash, value) => {
        kept.set(path, [contentHash, value]);
        this.changed = true;
      },
    };
  }

  /** Writes the entries of this run; a failure to write costs the next run its head start, nothing else. */
  save(): void {
    if (this.file === null) return;
    const dropped = [...this.loaded].some(([namespace, byPath]) => byPath.size !== (this.kept.get(namespace)?.size ?? 0));
    if (!this.changed && !dropped) return;
    const stored: StoredResults = { format: FORMAT, results: {} };
    for (const [namespace, byPath] of this.kept) stored.results[namespace] = Object.fromEntries(byPath);
    try {
      mkdirSync(join(this.file, '..'), { recursive: true });
      // Whole or not at all: a reader never meets half a file. No fsync: a cache lost to a power cut costs a re-read.
      writeFileAtomic.sync(this.file, JSON.stringify(stored), { fsync: false });
      remember(this.file, this.kept);
    } catch {
      // Read-only home, full disk: the cache is an optimisation.
    }
  }
}
