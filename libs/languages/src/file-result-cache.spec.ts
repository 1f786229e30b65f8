import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileResultStore } from './file-result-cache';

const PATHS = Array.from({ length: 200 }, (_, i) => `src/file-${i}.ts`);
const NAMESPACE = 'first-pass@1';

/** The store class of a fresh copy of the module: nothing remembered in memory, as in a new process. */
function inNewProcess(): typeof FileResultStore {
  let store!: typeof FileResultStore;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    store = (require('./file-result-cache') as { FileResultStore: typeof FileResultStore }).FileResultStore;
  });
  return store;
}

function cacheDir(): string {
  return mkdtempSync(join(tmpdir(), 'lore-result-store-'));
}

/** The repository's cache directory (one repository per test). */
function repositoryDir(dir: string): string {
  const [key] = readdirSync(join(dir, 'extraction'));
  return join(dir, 'extraction', key!);
}

/** The repository's cache files, relative to its directory: the manifest and each namespace's shards. */
function cacheFiles(dir: string): string[] {
  return readdirSync(repositoryDir(dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(repositoryDir(dir), name)).isFile())
    .sort();
}

/** The first shard file whose text holds the given text. */
function shardContaining(dir: string, text: string): string {
  const shard = cacheFiles(dir).find(
    (name) => name !== 'manifest.json' && readFileSync(join(repositoryDir(dir), name), 'utf8').includes(text),
  );
  return join(repositoryDir(dir), shard!);
}

/** The shard file holding a path's entries. */
const shardHolding = (dir: string, path: string): string => shardContaining(dir, `"${path}"`);

/** A store with every path set to a value of its own under `hash-<path>`. */
function populated(dir: string, store = FileResultStore): void {
  const kept = store.open(dir, 't', 'r');
  const scope = kept.scope(NAMESPACE);
  for (const path of PATHS) scope.set(path, `hash-${path}`, { symbols: [path] });
  kept.save();
}

/** What a store now opened answers for every path under its hash. */
function answers(dir: string, store = FileResultStore): unknown[] {
  const scope = store.open(dir, 't', 'r').scope(NAMESPACE);
  return PATHS.map((path) => scope.get(path, `hash-${path}`));
}

const values = (paths: readonly string[]): unknown[] => paths.map((path) => ({ symbols: [path] }));

/** Every file of the repository's cache dated long ago, so that a rewrite shows in its modification time. */
function age(dir: string): void {
  for (const name of cacheFiles(dir)) utimesSync(join(repositoryDir(dir), name), 1000, 1000);
}

const rewritten = (dir: string): string[] =>
  cacheFiles(dir).filter((name) => statSync(join(repositoryDir(dir), name)).mtimeMs !== 1_000_000);

/** A shard file's name relative to the repository's cache directory, as cacheFiles lists it. */
const relative = (dir: string, file: string): string => file.slice(repositoryDir(dir).length + 1);

describe('FileResultStore', () => {
  it('answers in a new process what an earlier one saved, per namespace, for the same content hash only', () => {
    const dir = cacheDir();
    const kept = FileResultStore.open(dir, 't', 'r');
    kept.scope(NAMESPACE).set('a.ts', 'h1', { symbols: ['a'] });
    kept.scope('secrets@1').set('a.ts', 'h1', []);
    kept.save();

    const again = inNewProcess().open(dir, 't', 'r');
    expect(again.scope(NAMESPACE).get('a.ts', 'h1')).toEqual({ symbols: ['a'] });
    expect(again.scope('secrets@1').get('a.ts', 'h1')).toEqual([]);
    expect(again.scope(NAMESPACE).get('a.ts', 'h2')).toBeUndefined();
    expect(again.scope('other@1').get('a.ts', 'h1')).toBeUndefined();
    expect(inNewProcess().open(dir, 't', 'another').scope(NAMESPACE).get('a.ts', 'h1')).toBeUndefined();
  });

  it('keeps no entry holding a secret the run found, on disk or in memory, and the others as they are', () => {
    const dir = cacheDir();
    const kept = FileResultStore.open(dir, 't', 'r');
    kept.scope(NAMESPACE).set('a.test.ts', 'h1', { symbols: ['accepts ghp_secretValue1 as a token'] });
    kept.scope(NAMESPACE).set('b.ts', 'h2', { symbols: ['b'] });
    kept.save(['ghp_secretValue1']);

    expect(
      cacheFiles(dir)
        .map((name) => readFileSync(join(repositoryDir(dir), name), 'utf8'))
        .join('\n'),
    ).not.toContain('ghp_secretValue1');
    for (const store of [FileResultStore, inNewProcess()]) {
      const scope = store.open(dir, 't', 'r').scope(NAMESPACE);
      expect([scope.get('a.test.ts', 'h1'), scope.get('b.ts', 'h2')]).toEqual([undefined, { symbols: ['b'] }]);
    }
  });

  it('keeps nothing when off', () => {
    const kept = FileResultStore.open('off', 't', 'r');
    kept.scope(NAMESPACE).set('a.ts', 'h1', 1);
    kept.save();
    expect(FileResultStore.open('off', 't', 'r').scope(NAMESPACE).get('a.ts', 'h1')).toBeUndefined();
  });

  it('saves only the entries this run used: a file neither read nor set drops out', () => {
    const dir = cacheDir();
    populated(dir);
    const kept = FileResultStore.open(dir, 't', 'r');
    const scope = kept.scope(NAMESPACE);
    for (const path of PATHS.slice(1)) scope.get(path, `hash-${path}`);
    scope.get(PATHS[0]!, 'another hash');
    kept.save();
    expect(answers(dir, inNewProcess())).toEqual([undefined, ...values(PATHS.slice(1))]);
  });

  it('on a one-entry change, rewrites the shard holding it and the manifest, nothing else', () => {
    const dir = cacheDir();
    populated(dir);
    expect(cacheFiles(dir)).toHaveLength(65);
    age(dir);
    const changedPath = PATHS[7]!;
    const kept = FileResultStore.open(dir, 't', 'r');
    const scope = kept.scope(NAMESPACE);
    for (const path of PATHS) if (path !== changedPath) scope.get(path, `hash-${path}`);
    scope.set(changedPath, 'new hash', { symbols: ['changed'] });
    kept.save();
    expect(rewritten(dir)).toEqual(['manifest.json', relative(dir, shardHolding(dir, changedPath))].sort());

    // A run that changes nothing writes nothing.
    age(dir);
    const unchanged = FileResultStore.open(dir, 't', 'r');
    const unchangedScope = unchanged.scope(NAMESPACE);
    for (const path of PATHS) unchangedScope.get(path, path === changedPath ? 'new hash' : `hash-${path}`);
    unchanged.save();
    expect(rewritten(dir)).toEqual([]);
    expect(inNewProcess().open(dir, 't', 'r').scope(NAMESPACE).get(changedPath, 'new hash')).toEqual({ symbols: ['changed'] });
  });

  it('on a dropped entry, rewrites only the shard that held it', () => {
    const dir = cacheDir();
    populated(dir);
    age(dir);
    const droppedShard = shardHolding(dir, PATHS[3]!);
    const kept = FileResultStore.open(dir, 't', 'r');
    const scope = kept.scope(NAMESPACE);
    for (const path of PATHS) if (path !== PATHS[3]) scope.get(path, `hash-${path}`);
    kept.save();
    expect(rewritten(dir)).toEqual(['manifest.json', relative(dir, droppedShard)].sort());
  });

  it('reads a corrupt shard as an empty one, and writes it again', () => {
    const dir = cacheDir();
    populated(dir);
    const corrupt = shardHolding(dir, PATHS[0]!);
    const lost = PATHS.filter((path) => readFileSync(corrupt, 'utf8').includes(`"${path}"`));
    writeFileSync(corrupt, '{"save":');
    const expected = PATHS.map((path) => (lost.includes(path) ? undefined : { symbols: [path] }));
    expect(answers(dir, inNewProcess())).toEqual(expected);
    expect(answers(dir)).toEqual(expected);

    populated(dir);
    expect(answers(dir, inNewProcess())).toEqual(values(PATHS));
  });

  it('reads a shard the manifest does not name (a save cut short before its manifest) as empty', () => {
    const dir = cacheDir();
    populated(dir);
    const manifest = readFileSync(join(repositoryDir(dir), 'manifest.json'), 'utf8');
    const shard = shardHolding(dir, PATHS[0]!);
    const inShard = PATHS.filter((path) => readFileSync(shard, 'utf8').includes(`"${path}"`));
    const kept = FileResultStore.open(dir, 't', 'r');
    const scope = kept.scope(NAMESPACE);
    for (const path of PATHS) scope.get(path, `hash-${path}`);
    scope.set(PATHS[0]!, `hash-${PATHS[0]}`, { symbols: ['again'] });
    kept.save();
    writeFileSync(join(repositoryDir(dir), 'manifest.json'), manifest);

    expect(answers(dir, inNewProcess())).toEqual(PATHS.map((path) => (inShard.includes(path) ? undefined : { symbols: [path] })));
  });

  it('reads a namespace when it is first asked for, not when the store opens', () => {
    const dir = cacheDir();
    const kept = FileResultStore.open(dir, 't', 'r');
    kept.scope(NAMESPACE).set('a.ts', 'h1', 'first');
    kept.scope('exact@1').set('a.ts', 'h1', 'exact');
    kept.save();

    const opened = inNewProcess().open(dir, 't', 'r');
    expect(opened.scope(NAMESPACE).get('a.ts', 'h1')).toBe('first');
    // Garbage written after the store opened and before the namespace is asked for is what it reads.
    writeFileSync(shardContaining(dir, '"exact"'), '{"save":');
    expect(opened.scope('exact@1').get('a.ts', 'h1')).toBeUndefined();
  });

  it('drops a namespace no run asked for, files and all', () => {
    const dir = cacheDir();
    const kept = FileResultStore.open(dir, 't', 'r');
    kept.scope(NAMESPACE).set('a.ts', 'h1', 'first');
    kept.scope('retired@1').set('a.ts', 'h1', 'old');
    kept.save();
    expect(cacheFiles(dir)).toHaveLength(3);

    const next = inNewProcess().open(dir, 't', 'r');
    expect(next.scope(NAMESPACE).get('a.ts', 'h1')).toBe('first');
    next.save();
    expect(cacheFiles(dir)).toEqual([relative(dir, shardHolding(dir, 'a.ts')), 'manifest.json'].sort());
    expect(inNewProcess().open(dir, 't', 'r').scope('retired@1').get('a.ts', 'h1')).toBeUndefined();
  });

  it('ignores and removes the shards of the older format beside the new ones', () => {
    const dir = cacheDir();
    const key = createHash('sha256').update('t\0r').digest('hex').slice(0, 32);
    const older = join(dir, 'extraction', key);
    mkdirSync(older, { recursive: true });
    writeFileSync(join(older, 'manifest.json'), JSON.stringify({ format: 3, shards: Array(64).fill('s') }));
    writeFileSync(join(older, '2a.json'), JSON.stringify({ save: 's', results: { [NAMESPACE]: { 'a.ts': ['h1', 'old'] } } }));
    const kept = FileResultStore.open(dir, 't', 'r');
    expect(kept.scope(NAMESPACE).get('a.ts', 'h1')).toBeUndefined();
    kept.scope(NAMESPACE).set('a.ts', 'h1', 'new');
    kept.save();
    expect(existsSync(join(older, '2a.json'))).toBe(false);
    expect(inNewProcess().open(dir, 't', 'r').scope(NAMESPACE).get('a.ts', 'h1')).toBe('new');
  });

  it('ignores and removes the single file of the older format', () => {
    const dir = cacheDir();
    const key = createHash('sha256').update('t\0r').digest('hex').slice(0, 32);
    const single = join(dir, 'extraction', `${key}.json`);
    mkdirSync(join(dir, 'extraction'));
    writeFileSync(single, JSON.stringify({ format: 1, results: { [NAMESPACE]: { 'a.ts': ['h1', 'old'] } } }));
    const kept = FileResultStore.open(dir, 't', 'r');
    expect(kept.scope(NAMESPACE).get('a.ts', 'h1')).toBeUndefined();
    kept.scope(NAMESPACE).set('a.ts', 'h1', 'new');
    kept.save();
    expect(existsSync(single)).toBe(false);
    expect(inNewProcess().open(dir, 't', 'r').scope(NAMESPACE).get('a.ts', 'h1')).toBe('new');
  });

  describe('in a long-lived process', () => {
    it('takes a shard unchanged on disk from memory, without reading it again', () => {
      const dir = cacheDir();
      const store = inNewProcess();
      populated(dir, store);
      // Dated by hand, so that the garbage below keeps the date and size the process last saw.
      age(dir);
      expect(answers(dir, store)).toEqual(values(PATHS));
      const shard = shardHolding(dir, PATHS[0]!);
      const inShard = PATHS.filter((path) => readFileSync(shard, 'utf8').includes(`"${path}"`));
      writeFileSync(shard, ' '.repeat(statSync(shard).size));
      utimesSync(shard, 1000, 1000);

      expect(answers(dir, store)).toEqual(values(PATHS));
      // Proof that the garbage is on disk.
      expect(answers(dir, inNewProcess())).toEqual(PATHS.map((path) => (inShard.includes(path) ? undefined : { symbols: [path] })));
    });

    it('reads again a shard another process rewrote', () => {
      const dir = cacheDir();
      const store = inNewProcess();
      populated(dir, store);
      expect(answers(dir, store)).toEqual(values(PATHS));

      const other = inNewProcess().open(dir, 't', 'r');
      const scope = other.scope(NAMESPACE);
      for (const path of PATHS) scope.get(path, `hash-${path}`);
      scope.set(PATHS[5]!, `hash-${PATHS[5]}`, { symbols: ['from another process'] });
      other.save();

      expect(answers(dir, store)).toEqual(PATHS.map((path, i) => (i === 5 ? { symbols: ['from another process'] } : { symbols: [path] })));
    });
  });
});
