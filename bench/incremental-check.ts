/**
 * Does an incremental exact pass answer as a full one, on a real repository? Makes edits that change
 * where other files' calls land, one after another, in a copy of the repository: a class method
 * renamed, a method added to a subclass over its base's, an exported function renamed, a method added
 * to a class, a function or method made to return any (which moves the calls through its result where
 * its return type is inferred, and nothing where it is declared). After each, compares the graph
 * (every node and relationship with the hash of its properties, as snapshotGraph makes them) that the
 * incremental run answers with a full run in a new process over the same files, without a cache.
 * Prints each edit, both times and the differences; exits 1 on any difference.
 *
 * The incremental run is this process's (a running lore: the files resolved again are those a changed
 * name reaches) or, with --cache, a new process each time with the per-file cache of the runs before
 * it (a commit hook's `lore index`: only the cache on disk to go on).
 *
 *   npm run bench:incremental -- bench/.repos/zod --edits 8 --seed 1 [--cache] [--only 'inferred'] [--together 3]
 *
 * (`--only` keeps the edits whose description contains the text; `--together n` makes n edits before
 * each run.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import type { RepositorySnapshot, SymbolRow } from '@lore/domain';
import { readRepository } from '@lore/indexer';
import { seededRandom } from './seeded-random';
import { answers } from './snapshot-answers';

const OPTIONS = { tenantId: 'check', repositoryId: 'check', maxFileBytes: 1024 * 1024 };

async function exactAnswers(root: string, cacheDir?: string): Promise<{ rows: string[]; seconds: number; snapshot: RepositorySnapshot }> {
  const started = performance.now();
  const reading = await readRepository(root, { ...OPTIONS, cacheDir });
  const snapshot = reading.resolveExactly ? await reading.resolveExactly() : reading.snapshot;
  return { rows: answers(snapshot), seconds: (performance.now() - started) / 1000, snapshot };
}

/** A run in a new process (with the cache given, or none), its rows and wall time. */
function exactAnswersInNewProcess(root: string, cacheDir?: string): { rows: string[]; seconds: number } {
  const out = join(root, '..', `${root.split('/').pop()}-${cacheDir ? 'cached' : 'full'}.json`);
  const started = performance.now();
  const child = spawnSync(process.execPath, [__filename, '--run', root, out, ...(cacheDir ? [cacheDir] : [])], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the run in a new process failed (${child.status})`);
  const rows: string[] = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out);
  return { rows, seconds: (performance.now() - started) / 1000 };
}

interface Edit {
  describe: string;
  apply(root: string): void;
}

/** Replaces `length` characters at `start` of a file. */
function splice(root: string, path: string, start: number, length: number, text: string): void {
  const content = readFileSync(join(root, path), 'utf8');
  writeFileSync(join(root, path), content.slice(0, start) + text + content.slice(start + length));
}

function parse(root: string, path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, true);
}

function findClass(sourceFile: ts.SourceFile, name: string): ts.ClassDeclaration | undefined {
  let found: ts.ClassDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isClassDeclaration(node) && node.name?.text === name) found = node;
    else if (!found) ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function methodOf(cls: ts.ClassDeclaration, name: string): ts.MethodDeclaration | undefined {
  return cls.members.find((member): member is ts.MethodDeclaration => ts.isMethodDeclaration(member) && member.name.getText() === name);
}

/** Edits worth making: each moves calls from other files, or would if a dependent were not resolved again. */
function candidateEdits(source: string, snapshot: RepositorySnapshot): Edit[] {
  const byUid = new Map(snapshot.symbols.map((symbol) => [symbol.uid, symbol]));
  const calledFromElsewhere = new Set(
    snapshot.calls.filter((call) => byUid.get(call.callerUid)?.path !== byUid.get(call.calleeUid)?.path).map((call) => call.calleeUid),
  );
  const typescript = (symbol: SymbolRow): boolean => /\.tsx?$/.test(symbol.path) && !symbol.path.endsWith('.d.ts');
  const parentOf = (symbol: SymbolRow): SymbolRow | undefined => (symbol.parentUid ? byUid.get(symbol.parentUid) : undefined);
  const edits: Edit[] = [];
  const trees = new Map<string, ts.SourceFile>();
  const parseOnce = (path: string): ts.SourceFile => trees.get(path) ?? trees.set(path, parse(source, path)).get(path)!;
  for (const symbol of snapshot.symbols) {
    if (!typescript(symbol) || !calledFromElsewhere.has(symbol.uid)) continue;
    const owner = parentOf(symbol);
    if (symbol.kind === 'method' && owner?.kind === 'class') {
      edits.push({
        describe: `rename method ${owner.name}.${symbol.name} (${symbol.path})`,
        apply: (root) => {
          const method = methodOf(findClass(parse(root, symbol.path), owner.name)!, symbol.name);
          if (method) splice(root, symbol.path, method.name.getStart(), method.name.getWidth(), `${symbol.name}Renamed`);
        },
      });
      edits.push({
        describe: `add method ${owner.name}.${symbol.name}Twin (${symbol.path})`,
        apply: (root) => {
          const cls = findClass(parse(root, symbol.path), owner.name);
          if (cls) splice(root, symbol.path, cls.members.pos, 0, `\n  ${symbol.name}Twin(): number {\n    return 1;\n  }\n`);
        },
      });
    }
    if ((symbol.kind === 'method' && owner?.kind === 'class') || (symbol.kind === 'function' && !owner)) {
      // Another return in the body: the inferred return type becomes any, and calls through the result
      // move (to nothing), wherever they are; with a declared return type, nothing moves.
      const find = (sourceFile: ts.SourceFile): ts.FunctionLikeDeclaration | undefined =>
        owner
          ? methodOf(findClass(sourceFile, owner.name)!, symbol.name)
          : sourceFile.statements.find(
              (statement): statement is ts.FunctionDeclaration =>
                ts.isFunctionDeclaration(statement) && statement.name?.text === symbol.name,
            );
      const declared = find(parseOnce(symbol.path));
      if (declared?.body)
        edits.push({
          describe: `return any from ${owner ? `${owner.name}.` : ''}${symbol.name}, its return type ${declared.type ? 'declared' : 'inferred'} (${symbol.path})`,
          apply: (root) => {
            const declaration = find(parse(root, symbol.path));
            if (declaration?.body)
              splice(root, symbol.path, declaration.body.getStart() + 1, 0, '\n    if (Math.random() > 2) return undefined as any;');
          },
        });
    }
    if (symbol.kind === 'function' && !owner && symbol.exported) {
      edits.push({
        describe: `rename function ${symbol.name} (${symbol.path})`,
        apply: (root) => {
          const sourceFile = parse(root, symbol.path);
          const declaration = sourceFile.statements.find(
            (statement): statement is ts.FunctionDeclaration => ts.isFunctionDeclaration(statement) && statement.name?.text === symbol.name,
          );
          if (declaration?.name && declaration.body)
            splice(root, symbol.path, declaration.name.getStart(), declaration.name.getWidth(), `${symbol.name}Renamed`);
        },
      });
    }
  }
  // A subclass gets its own copy of a method of its base that other files call: their calls through it move.
  for (const row of snapshot.inheritance) {
    const sub = byUid.get(row.fromUid);
    const base = byUid.get(row.toUid);
    if (row.kind !== 'EXTENDS' || !sub || !base || sub.kind !== 'class' || !typescript(sub)) continue;
    const inherited = snapshot.symbols.find(
      (symbol) => symbol.parentUid === base.uid && symbol.kind === 'method' && calledFromElsewhere.has(symbol.uid),
    );
    if (!inherited) continue;
    edits.push({
      describe: `override ${base.name}.${inherited.name} in ${sub.name} (${sub.path})`,
      apply: (root) => {
        const cls = findClass(parse(root, sub.path), sub.name);
        if (cls && !methodOf(cls, inherited.name))
          splice(root, sub.path, cls.members.pos, 0, `\n  ${inherited.name}(...args: any[]): any {\n    return undefined;\n  }\n`);
      },
    });
  }
  return edits;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--run') {
    // The new process: a run (full, or with the cache given), its answers written for the parent.
    writeFileSync(args[2]!, JSON.stringify((await exactAnswers(args[1]!, args[3])).rows));
    return;
  }
  const source = resolve(args[0] ?? '.');
  const option = (name: string, fallback: number): number => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  const count = option('--edits', 8);
  const together = option('--together', 1);
  const next = seededRandom(option('--seed', 1));
  const root = mkdtempSync(join(tmpdir(), 'lore-incremental-check-'));
  const git = join(source, '.git');
  cpSync(source, root, { recursive: true, filter: (path) => path !== git && !path.startsWith(`${git}/`) });
  const cacheDir = args.includes('--cache') ? mkdtempSync(join(tmpdir(), 'lore-incremental-check-cache-')) : undefined;
  const first = await exactAnswers(root, cacheDir);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1]! : '';
  const edits = candidateEdits(root, first.snapshot).filter((edit) => edit.describe.includes(only));
  console.log(`${source}: first run ${first.seconds.toFixed(2)} s; ${edits.length} candidate edits, making ${count}`);
  let failures = 0;
  for (let i = 0; i < count && edits.length > 0; i++) {
    // Several edits before one run: a checkout, a rebase, a formatter over many files.
    const made = Array.from({ length: Math.min(together, edits.length) }, () => edits.splice(Math.floor(next() * edits.length), 1)[0]!);
    for (const edit of made) edit.apply(root);
    const incremental = cacheDir ? exactAnswersInNewProcess(root, cacheDir) : await exactAnswers(root);
    const { rows: full, seconds: fullSeconds } = exactAnswersInNewProcess(root);
    const fullRows = new Set(full);
    const incrementalRows = new Set(incremental.rows);
    const missing = full.filter((row) => !incrementalRows.has(row));
    const extra = incremental.rows.filter((row) => !fullRows.has(row));
    const same = missing.length === 0 && extra.length === 0;
    if (!same) failures++;
    console.log(
      `${i + 1}. ${made.map((edit) => edit.describe).join('; ')}: incremental${cacheDir ? ' (new process, cache)' : ''} ${incremental.seconds.toFixed(2)} s, full (new process) ${fullSeconds.toFixed(2)} s; ${
        same ? `same ${full.length} rows` : `DIFFERENT: ${missing.length} missing, ${extra.length} extra`
      }`,
    );
    for (const row of missing.slice(0, 10)) console.log(`   missing ${row}`);
    for (const row of extra.slice(0, 10)) console.log(`   extra   ${row}`);
  }
  rmSync(root, { recursive: true, force: true });
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  if (failures > 0) {
    console.log(`${failures} edit(s) answered differently`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
