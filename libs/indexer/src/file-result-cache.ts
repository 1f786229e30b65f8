import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** Results of one extractor per file, valid for one content hash. */
export interface FileResultCache {
  get(path: string, contentHash: string): unknown;
  set(path: string, contentHash: string, value: unknown): void;
  /** What the last run kept for a path, whatever content it was for: what an edit changed is told from it. */
  previous(path: string): unknown;
}

/** Bumped whenever the layout changes, SHARDS included: it decides which file holds a path. */
const FORMAT = 3;
/** Files per repository: a one-file change rewrites one of them, 1/64 of the cache. */
const SHARDS = 64;

type Entry = [contentHash: string, result: unknown];
/** Namespace (an extractor and its version) -> path -> entry. */
type Entries = Map<string, Map<string, Entry>>;

/** Written last by a save: the save that wrote each shard, null for none. */
interface Manifest {
  format: number;
  shards: (string | null)[];
}

interface StoredShard {
  save: string;
  results: Record<string, Record<string, Entry>>;
}

interface Shard {
  /** The save that wrote what was loaded; null when nothing was. */
  save: string | null;
  loaded: Entries;
  kept: Entries;
  /** Whether this run set an entry here: its file is written again. */
  changed: boolean;
}

/** FNV-1a: cheap (it runs on every get) and the same in every process. */
function shardOf(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % SHARDS;
}

function entryCount(entries: Entries): number {
  let count = 0;
  for (const byPath of entries.values()) count += byPath.size;
  return count;
}

/**
 * The shards last read or written by this process, per file, while the file is as it left it (same
 * modification time and size): a long-lived process (lore serve, watch mode) parses again only the
 * shards that changed on disk, not its own cache on every run. A few repositories at most.
 */
const REMEMBERED_SHARDS = 4 * SHARDS;
const remembered = new Map<string, { mtimeMs: number; size: number; save: string; entries: Entries }>();

function remember(file: string, save: string, entries: Entries): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  remembered.delete(file);
  if (!stat) return;
  remembered.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, save, entries });
  if (remembered.size > REMEMBERED_SHARDS) remembered.delete(remembered.keys().next().value!);
}

function readManifest(directory: string): (string | null)[] {
  try {
    const manifest = JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8')) as Manifest;
    return manifest.format === FORMAT && manifest.shards.length === SHARDS ? manifest.shards : [];
  } catch {
    return [];
  }
}

/** The shard's entries if its file is the one the manifest names, else null. */
function readShard(file: string, save: string): Entries | null {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return null;
  const known = remembered.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) {
    remembered.delete(file);
    remembered.set(file, known);
    return known.save === save ? known.entries : null;
  }
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredShard;
    if (stored.save !== save) return null;
    const entries: Entries = new Map();
    for (const [namespace, byPath] of Object.entries(stored.results)) entries.set(namespace, new Map(Object.entries(byPath)));
    remember(file, save, entries);
    return entries;
  } catch {
    return null;
  }
}

/**
 * Per-file extraction results of a repository's last run, kept on disk so that a file whose content
 * did not change is not parsed again. Saved after secrets are redacted: the snippets kept are the
 * ones the graph stores. Only the entries this run used are saved again, so deleted files drop out.
 *
 * Split by path into shards, one file each: a save writes the shards whose entries changed, then the
 * manifest naming the save that wrote each shard. A shard the manifest does not name (a save cut
 * short) is empty, as is a missing, unreadable or older-format one, so what is read is all from one
 * complete save: the exact pass needs that, a file's answers depending on other files' content.
 */
export class FileResultStore {
  private readonly shards: Shard[];

  private constructor(private readonly directory: string | null) {
    const saves = directory === null ? [] : readManifest(directory);
    this.shards = Array.from({ length: SHARDS }, (_, index) => {
      const save = saves[index] ?? null;
      const loaded = save === null ? null : readShard(this.shardFile(index), save);
      return { save: loaded ? save : null, loaded: loaded ?? new Map(), kept: new Map(), changed: false };
    });
  }

  /** `directory` "off" (or undefined) keeps nothing. */
  static open(directory: string | undefined, tenantId: string, repositoryId: string): FileResultStore {
    if (directory === undefined || directory === 'off') return new FileResultStore(null);
    const key = createHash('sha256').update(`${tenantId}\0${repositoryId}`).digest('hex').slice(0, 32);
    return new FileResultStore(join(directory, 'extraction', key));
  }

  scope(namespace: string): FileResultCache {
    const loaded = this.shards.map((shard) => shard.loaded.get(namespace));
    const kept = this.shards.map((shard) => {
      const byPath = shard.kept.get(namespace) ?? new Map<string, Entry>();
      shard.kept.set(namespace, byPath);
      return byPath;
    });
    return {
      get: (path, contentHash) => {
        const index = shardOf(path);
        const entry = loaded[index]?.get(path);
        if (!entry || entry[0] !== contentHash) return undefined;
        kept[index]!.set(path, entry);
        return entry[1];
      },
      previous: (path) => loaded[shardOf(path)]?.get(path)?.[1],
      set: (path, contentHash, value) => {
        const index = shardOf(path);
        kept[index]!.set(path, [contentHash, value]);
        this.shards[index]!.changed = true;
      },
    };
  }

  /**
   * Writes the shards whose entries changed; a failure to write costs the next run its head start,
   * nothing else. `secretValues`: the secrets this run found, which no kept entry may hold.
   */
  save(secretValues: readonly string[] = []): void {
    if (this.directory === null) return;
    const save = randomUUID();
    // Nothing set and nothing dropped: what is kept is what was loaded.
    const saves = this.shards.map((shard) =>
      !shard.changed && entryCount(shard.kept) === entryCount(shard.loaded) ? shard.save : entryCount(shard.kept) === 0 ? null : save,
    );
    const rewritten = this.shards.flatMap((shard, index) => (saves[index] === shard.save ? [] : [index]));
    if (rewritten.length === 0) return;
    try {
      mkdirSync(this.directory, { recursive: true });
      // Each file whole or not at all: a reader never meets half a file. No fsync: a cache lost to a power cut costs a re-read.
      for (const index of rewritten) {
        if (saves[index] === null) {
          rmSync(this.shardFile(index), { force: true });
          continue;
        }
        const stored: StoredShard = { save, results: {} };
        for (const [namespace, byPath] of this.shards[index]!.kept)
          if (byPath.size > 0) stored.results[namespace] = Object.fromEntries(byPath);
        let text = JSON.stringify(stored);
        // A result holding a secret (a test named after one, before the snapshot renames it) is not kept:
        // the next run reads its file again.
        if (secretValues.some((value) => text.includes(value))) {
          for (const [namespace, byPath] of this.shards[index]!.kept)
            for (const [path, entry] of byPath)
              if (secretValues.some((value) => JSON.stringify(entry).includes(value))) {
                byPath.delete(path);
                delete stored.results[namespace]![path];
              }
          text = JSON.stringify(stored);
        }
        writeFileAtomic.sync(this.shardFile(index), text, { fsync: false });
      }
      const manifest: Manifest = { format: FORMAT, shards: saves };
      writeFileAtomic.sync(join(this.directory, 'manifest.json'), JSON.stringify(manifest), { fsync: false });
      for (const index of rewritten) if (saves[index] !== null) remember(this.shardFile(index), save, this.shards[index]!.kept);
      // The single file of format 1, if still there.
      rmSync(`${this.directory}.json`, { force: true });
    } catch {
      // Read-only home, full disk: the cache is an optimisation.
    }
  }

  private shardFile(index: number): string {
    return join(this.directory!, `${index.toString(16).padStart(2, '0')}.json`);
  }
}
