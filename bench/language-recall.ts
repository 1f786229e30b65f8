/**
 * Definitions recall against universal-ctags, per language, on real repositories nobody here
 * wrote (issue 45 item 4): for each set, ctags' definitions of the kinds Lore extracts (functions,
 * classes, structs, unions, enums, namespaces, typedefs, members), and how many of them Lore stores:
 * a symbol of the same name in the same file whose lines hold the tag's line. Also Lore's index
 * time and the process's peak RSS. Debian's `universal-ctags` (`apt-get install -y universal-ctags`).
 *
 *   npm run bench:language-recall -- [set name...] [--misses]
 *
 * (--misses prints every tag Lore does not store, to see what a language folder misses.)
 *
 * A set's repository is read from bench/.repos/<name>, checked out at the set's commit (the script
 * says how when it is not). The sets are frozen once measured: add a row, never move one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readRepository } from '@lore/indexer';

interface RecallSet {
  /** bench/.repos/<name>. */
  name: string;
  /** The Lore language ids whose symbols are compared. */
  languages: readonly string[];
  repository: string;
  commit: string;
  /** What is compared: these paths of the repository (files or folders). */
  paths: readonly string[];
  /** ctags' language names and the kinds compared, as `--kinds-<language>=` letters. */
  ctags: Readonly<Record<string, string>>;
}

const C_KINDS = 'fgmstu';
const CPP_KINDS = 'cfgmnstu';

const SETS: readonly RecallSet[] = [
  {
    name: 'cJSON',
    languages: ['c'],
    repository: 'DaveGamble/cJSON',
    commit: 'a29814f285cc531c00223743ad3c55cd38c0dc56',
    paths: ['cJSON.c', 'cJSON.h', 'cJSON_Utils.c', 'cJSON_Utils.h', 'tests', 'fuzzing'],
    ctags: { C: C_KINDS },
  },
  {
    name: 'leveldb',
    languages: ['c', 'cpp'],
    repository: 'google/leveldb',
    commit: '78a352f47ed6c1e9d750545e9b242289185b87e1',
    paths: ['db', 'table', 'util', 'include', 'helpers', 'port'],
    ctags: { 'C++': CPP_KINDS, C: C_KINDS },
  },
];

/** What ctags calls a kind whose definitions are compared, by its letter. */
const KIND_NAMES: Record<string, string> = {
  c: 'class',
  f: 'function',
  g: 'enum',
  m: 'member',
  n: 'namespace',
  s: 'struct',
  t: 'typedef',
  u: 'union',
};

interface Tag {
  name: string;
  path: string;
  line: number;
  kind: string;
}

function ctagsTags(root: string, set: RecallSet): Tag[] {
  const languages = Object.keys(set.ctags);
  const args = [
    '--output-format=json',
    '--fields=+nK',
    `--languages=${languages.join(',')}`,
    // A `.h` header is C++ to ctags by default; Lore reads it as the repository's language, so the map follows the set.
    ...(set.languages.includes('cpp') ? [] : ['--map-C=+.h', '--map-C++=-.h']),
    ...languages.map((language) => `--kinds-${language}=${set.ctags[language]}`),
    '-R',
    '-f',
    '-',
    ...set.paths,
  ];
  const output = execFileSync('ctags', args, { cwd: root, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const wanted = new Set(Object.values(set.ctags).flatMap((letters) => [...letters].map((letter) => KIND_NAMES[letter]!)));
  return (
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { _type: string; name: string; path: string; line: number; kind: string })
      .filter((tag) => tag._type === 'tag' && wanted.has(tag.kind) && !tag.name.startsWith('__anon'))
      // ctags writes `operator ==`, Lore `operator==`.
      .map(({ name, path, line, kind }) => ({ name: name.replace(/\s+/g, ''), path, line, kind }))
  );
}

async function measure(set: RecallSet, printMisses: boolean): Promise<void> {
  const root = resolve('bench/.repos', set.name);
  if (!existsSync(join(root, '.git'))) {
    console.log(
      `${set.name}: not checked out; git clone https://github.com/${set.repository} ${root} && git -C ${root} checkout ${set.commit}`,
    );
    return;
  }
  const head = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  if (head !== set.commit) throw new Error(`${set.name} is at ${head}, the set is frozen at ${set.commit}`);
  const tags = ctagsTags(root, set);
  const started = performance.now();
  const reading = await readRepository(root, {
    tenantId: 'bench',
    repositoryId: set.name,
    maxFileBytes: 4 * 1024 * 1024,
    cacheDir: undefined,
  });
  const indexMs = performance.now() - started;
  const inPaths = (path: string) => set.paths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  const symbols = new Map<string, { startLine: number; endLine: number }[]>();
  const tests = new Map<string, { startLine: number }[]>();
  for (const symbol of reading.snapshot.symbols) {
    if (!set.languages.includes(symbol.language) || !inPaths(symbol.path)) continue;
    if (symbol.kind === 'test') tests.set(symbol.path, [...(tests.get(symbol.path) ?? []), symbol]);
    const key = `${symbol.path}\u0000${symbol.name}`;
    symbols.set(key, [...(symbols.get(key) ?? []), symbol]);
  }
  const byKind = new Map<string, { tags: number; found: number; missed: string[] }>();
  for (const tag of tags) {
    // ctags names a test macro's expansion after the macro (`TEST`), Lore after the test: a test on the tag's line matches.
    const found =
      (symbols.get(`${tag.path}\u0000${tag.name}`) ?? []).some((symbol) => symbol.startLine <= tag.line && tag.line <= symbol.endLine) ||
      (tests.get(tag.path) ?? []).some((symbol) => symbol.startLine === tag.line);
    const row = byKind.get(tag.kind) ?? { tags: 0, found: 0, missed: [] };
    row.tags++;
    if (found) row.found++;
    else row.missed.push(`${tag.path}:${tag.line} ${tag.name}`);
    byKind.set(tag.kind, row);
  }
  const total = [...byKind.values()].reduce((sum, row) => ({ tags: sum.tags + row.tags, found: sum.found + row.found }), {
    tags: 0,
    found: 0,
  });
  const calls = reading.snapshot.calls.length;
  const skipped = reading.snapshot.skipped.filter((file) => inPaths(file.path)).length;
  console.log(
    `${set.name} (${set.repository}@${set.commit.slice(0, 12)}): recall ${(total.found / Math.max(1, total.tags)).toFixed(3)} ` +
      `(${total.found}/${total.tags}), ${calls} calls stored, ${skipped} files listed as skipped, index ${(indexMs / 1000).toFixed(1)} s, ` +
      `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  if (printMisses) for (const row of byKind.values()) for (const missed of row.missed) console.log(`  missed ${missed}`);
  for (const [kind, row] of [...byKind].sort(([a], [b]) => (a < b ? -1 : 1)))
    console.log(
      `  ${kind.padEnd(10)} ${(row.found / row.tags).toFixed(3)} (${row.found}/${row.tags})${row.missed.length ? `  missed e.g. ${row.missed.slice(0, 3).join('; ')}` : ''}`,
    );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.filter((arg) => !arg.startsWith('--'));
  for (const set of SETS) if (only.length === 0 || only.includes(set.name)) await measure(set, args.includes('--misses'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
