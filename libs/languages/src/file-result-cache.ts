import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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
const FORMAT = 4;
/** Files per namespace and repository: a one-file change rewrites one of them, 1/64 of the namespace. */
const SHARDS = 64;

type Entry = [contentHash: string, result: unknown];
/** Path -> entry. */
type Entries = Map<string, Entry>;

/** Written last by a save: per namespace, the save that wrote each shard, null for none. */
interface Manifest {
  format: number;
  namespaces: Record<string, (string | null)[]>;
}

interface StoredShard {
  save: string;
  results: Record<string, Entry>;
}

interface Shard {
  /** The save the manifest names for this shard; null once it is known that nothing was kept. */
  save: string | null;
  /** What that save kept, read from disk the first time a path of this shard is asked for. */
  loaded: Entries | null;
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

/** A namespace's folder: namespaces hold slashes and versions, so the folder is named by a hash of it. */
function namespaceFolder(namespace: string): string {
  return createHash('sha256').update(namespace).digest('hex').slice(0, 16);
}

/**
 * The shards last read or written by this process, per file, while the file is as it left it (same
 * modification time and size): a long-lived process (lore serve, watch mode) parses again only the
 * shards that changed on disk, not its own cache on every run. Bounded by the size of the files, the
 * least recently used let go first: a monorepo's exact pass has a namespace per project (88 on
 * prisma/prisma), and a bound by count let those push out the first pass's shards, which every run
 * then parsed again (97 MB of JSON, 0.6 s and as much again in garbage collection, issue 16).
 */
const REMEMBERED_BYTES = 384 * 1024 ** 2;
const remembered = new Map<string, { mtimeMs: number; size: number; save: string; entries: Entries }>();
let rememberedBytes = 0;

function remember(file: string, save: string, entries: Entries): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  forget(file);
  if (!stat) return;
  remembered.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, save, entries });
  rememberedBytes += stat.size;
  while (rememberedBytes > REMEMBERED_BYTES && remembered.size > 1) forget(remembered.keys().next().value!);
}

function forget(file: string): void {
  const known = remembered.get(file);
  if (!known) return;
  remembered.delete(file);
  rememberedBytes -= known.size;
}

/** The manifest's namespaces, or null when there is none of this format. */
function readManifest(directory: string): Manifest['namespaces'] | null {
  try {
    const manifest = JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT) return null;
    return Object.values(manifest.namespaces).every((saves) => saves.length === SHARDS) ? manifest.namespaces : null;
  } catch {
    return null;
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
    const entries: Entries = new Map(Object.entries(stored.results));
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
 * Split by namespace and then by path into shards, one file each: a save writes the shards whose
 * entries changed, then the manifest naming the save that wrote each shard. A shard the manifest does
 * not name (a save cut short) is empty, as is a missing, unreadable or older-format one, so what is
 * read is all from one complete save: the exact pass needs that, a file's answers depending on other
 * files' content. A shard is read when a path of it is first asked for: the first, syntactic pass of
 * a new process does not wait for the exact answers (half the cache on a TypeScript repository).
 */
export class FileResultStore {
  private readonly saves: Manifest['namespaces'];
  /** Whether the directory holds a manifest of this format: if not, what else it holds is of an older one. */
  private readonly current: boolean;
  private readonly namespaces = new Map<string, Shard[]>();

  private constructor(private readonly directory: string | null) {
    const saves = directory === null ? null : readManifest(directory);
    this.current = saves !== null;
    this.saves = saves ?? {};
  }

  /** `directory` "off" (or undefined) keeps nothing. */
  static open(directory: string | undefined, tenantId: string, repositoryId: string): FileResultStore {
    if (directory === undefined || directory === 'off') return new FileResultStore(null);
    const key = createHash('sha256').update(`${tenantId}\0${repositoryId}`).digest('hex').slice(0, 32);
    return new FileResultStore(join(directory, 'extraction', key));
  }

  scope(namespace: string): FileResultCache {
    const shards = this.shardsOf(namespace);
    const loaded = (index: number): Entries => {
      const shard = shards[index]!;
      if (shard.loaded === null) {
        shard.loaded = (shard.save === null ? null : readShard(this.shardFile(namespace, index), shard.save)) ?? new Map();
        if (shard.loaded.size === 0) shard.save = null;
      }
      return shard.loaded;
    };
    return {
      get: (path, contentHash) => {
        const index = shardOf(path);
        const entry = loaded(index).get(path);
        if (!entry || entry[0] !== contentHash) return undefined;
        shards[index]!.kept.set(path, entry);
        return entry[1];
      },
      previous: (path) => loaded(shardOf(path)).get(path)?.[1],
      set: (path, contentHash, value) => {
        const index = shardOf(path);
        shards[index]!.kept.set(path, [contentHash, value]);
        shards[index]!.changed = true;
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
    const saves: Manifest['namespaces'] = {};
    const rewritten: [namespace: string, index: number][] = [];
    for (const [namespace, shards] of this.namespaces) {
      saves[namespace] = shards.map((shard, index) => {
        // Nothing set and nothing dropped: what is kept is what was loaded. A shard never asked for kept nothing.
        const unchanged = !shard.changed && shard.loaded !== null && shard.kept.size === shard.loaded.size;
        const now = shard.kept.size === 0 ? null : unchanged ? shard.save : save;
        if (now !== shard.save) rewritten.push([namespace, index]);
        return now;
      });
    }
    // A namespace no extractor asked for this run kept nothing.
    const dropped = Object.keys(this.saves).filter((namespace) => !this.namespaces.has(namespace));
    if (rewritten.length === 0 && dropped.length === 0 && this.current) return;
    try {
      mkdirSync(this.directory, { recursive: true });
      // Each file whole or not at all: a reader never meets half a file. No fsync: a cache lost to a power cut costs a re-read.
      for (const [namespace, index] of rewritten) {
        const file = this.shardFile(namespace, index);
        if (saves[namespace]![index] === null) {
          rmSync(file, { force: true });
          continue;
        }
        const kept = this.namespaces.get(namespace)![index]!.kept;
        const stored: StoredShard = { save, results: Object.fromEntries(kept) };
        let text = JSON.stringify(stored);
        // A result holding a secret (a test named after one, before the snapshot renames it) is not kept:
        // the next run reads its file again.
        if (secretValues.some((value) => text.includes(value))) {
          for (const [path, entry] of kept)
            if (secretValues.some((value) => JSON.stringify(entry).includes(value))) {
              kept.delete(path);
              delete stored.results[path];
            }
          text = JSON.stringify(stored);
        }
        mkdirSync(join(this.directory, namespaceFolder(namespace)), { recursive: true });
        writeFileAtomic.sync(file, text, { fsync: false });
      }
      const manifest: Manifest = { format: FORMAT, namespaces: saves };
      writeFileAtomic.sync(join(this.directory, 'manifest.json'), JSON.stringify(manifest), { fsync: false });
      for (const namespace of dropped) rmSync(join(this.directory, namespaceFolder(namespace)), { recursive: true, force: true });
      for (const [namespace, index] of rewritten)
        if (saves[namespace]![index] !== null)
          remember(this.shardFile(namespace, index), save, this.namespaces.get(namespace)![index]!.kept);
      if (!this.current) this.removeOlderFormats();
    } catch {
      // Read-only home, full disk: the cache is an optimisation.
    }
  }

  private shardsOf(namespace: string): Shard[] {
    let shards = this.namespaces.get(namespace);
    if (!shards) {
      const saves = this.saves[namespace];
      shards = Array.from({ length: SHARDS }, (_, index) => ({
        save: saves?.[index] ?? null,
        loaded: null,
        kept: new Map(),
        changed: false,
      }));
      this.namespaces.set(namespace, shards);
    }
    return shards;
  }

  /** Format 1's single file beside the directory, format 2 and 3's shards in it (the new manifest is written). */
  private removeOlderFormats(): void {
    rmSync(`${this.directory}.json`, { force: true });
    for (const name of readdirSync(this.directory!))
      if (/^[0-9a-f]{2}\.json$/.test(name)) rmSync(join(this.directory!, name), { force: true });
  }

  private shardFile(namespace: string, index: number): string {
    return join(this.directory!, namespaceFolder(namespace), `${index.toString(16).padStart(2, '0')}.json`);
  }
}
