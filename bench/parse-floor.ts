/**
 * The floor under a full index's first pass: how long parsing a repository's TypeScript and
 * JavaScript and walking every node once take, before any extraction, in a new process (as
 * `lore index` and `lore up` parse) and again in the same process (a JIT that has parsed before, as
 * in a running `lore serve`).
 *
 *   npm run bench:parse -- <repository path> [runs]
 *
 * Each way runs in a fresh Node process, `runs` times (default 3), alternating:
 * - `typescript, walk sets parents`: `ts.createSourceFile` without parent pointers, then the first
 *   pass's own walk over every node (`walkPreorder`, visiting and nothing else), which sets them;
 * - `typescript, parser sets parents`: the parser sets them (a walk of its own), then the same walk;
 * - `typescript, parse only`: without parent pointers, and no walk;
 * - `tree-sitter`: web-tree-sitter's TypeScript/TSX grammars (WebAssembly, as the other languages
 *   are parsed), then one tree-cursor visit of every node reading its type and start.
 * Prints, per way, the fastest and the median of the first round and of the second, in ms.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { Language, Parser } from 'web-tree-sitter';
import { isScriptLanguage, languageOf, listRepositoryFiles, walkPreorder } from '@lore/indexer';

const WAYS = ['typescript, walk sets parents', 'typescript, parser sets parents', 'typescript, parse only', 'tree-sitter'] as const;
type Way = (typeof WAYS)[number];

interface Rounds {
  first: number;
  second: number;
  files: number;
  bytes: number;
}

async function scripts(root: string): Promise<[path: string, text: string][]> {
  const paths = await listRepositoryFiles(root);
  const texts: [string, string][] = [];
  for (const path of paths) {
    if (!isScriptLanguage(languageOf(path))) continue;
    try {
      texts.push([path, readFileSync(join(root, path), 'utf8')]);
    } catch {
      // Listed but gone or unreadable: the indexer skips it too.
    }
  }
  return texts;
}

async function parser(way: Way): Promise<(path: string, text: string) => void> {
  if (way === 'typescript, parse only') return (path, text) => void ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  if (way !== 'tree-sitter') {
    const parserSetsParents = way === 'typescript, parser sets parents';
    // The first pass's own walk, visiting each node and doing nothing else (it sets parent pointers either way).
    return (path, text) => walkPreorder(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, parserSetsParents), null, () => null);
  }
  await Parser.init();
  const grammars = dirname(require.resolve('tree-sitter-typescript/package.json'));
  const load = async (file: string): Promise<Parser> => {
    const made = new Parser();
    made.setLanguage(await Language.load(new Uint8Array(readFileSync(join(grammars, file)))));
    return made;
  };
  const typescript = await load('tree-sitter-typescript.wasm');
  const tsx = await load('tree-sitter-tsx.wasm');
  return (path, text) => {
    const tree = (/x$/.test(path) ? tsx : typescript).parse(text);
    if (!tree) throw new Error(`${path}: no tree`);
    const cursor = tree.walk();
    for (let more = true; more;) {
      void cursor.nodeType;
      void cursor.startPosition;
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          more = false;
          break;
        }
      }
    }
    cursor.delete();
    tree.delete();
  };
}

/** In a child process: two rounds of one way over the repository's scripts. */
async function measure(way: Way, root: string): Promise<Rounds> {
  const texts = await scripts(root);
  const parse = await parser(way);
  const round = (): number => {
    const started = performance.now();
    for (const [path, text] of texts) parse(path, text);
    return performance.now() - started;
  };
  const first = round();
  const second = round();
  return { first, second, files: texts.length, bytes: texts.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0) };
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `fastest ${Math.round(sorted[0]!)}, median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)}`;
}

async function main(): Promise<void> {
  const [first, second, third] = process.argv.slice(2);
  if (first === '--child') {
    process.stdout.write(JSON.stringify(await measure(second as Way, third!)));
    return;
  }
  const root = resolve(first ?? '.');
  const runs = Number(second ?? 3);
  const results = new Map<Way, Rounds[]>(WAYS.map((way) => [way, []]));
  for (let run = 0; run < runs; run++) {
    for (const way of WAYS) {
      const child = spawnSync(process.execPath, [__filename, '--child', way, root], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (child.status !== 0) throw new Error(`${way}: ${child.stderr}`);
      results.get(way)!.push(JSON.parse(child.stdout) as Rounds);
    }
  }
  const { files, bytes } = results.get(WAYS[0])![0]!;
  console.log(`${root}: ${files} scripts, ${(bytes / 1e6).toFixed(1)} MB; ${runs} new processes per way, alternating (ms)`);
  for (const way of WAYS) {
    const rounds = results.get(way)!;
    console.log(
      `  ${way.padEnd(32)} first round ${summary(rounds.map((r) => r.first))}; second round ${summary(rounds.map((r) => r.second))}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
