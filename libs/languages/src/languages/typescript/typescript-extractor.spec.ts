import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CallRow, InheritanceRow, RepositorySnapshot } from '@lore/domain';
import { readRepository } from '@lore/indexer';
import type { SourceFile as RepoFile } from '../../repository-files';
import { programParts } from './script-extraction';
import { scratchRepository, short } from '../../../test/extraction-inputs';

/** Names resolved through re-exports, namespaces, defaults, `this`, statics, CommonJS and a type/value pair. */
const FILES: Record<string, string> = {
  'tsconfig.json': '{}',
  'src/lib/math.ts': [
    'export type OK<T> = { value: T };',
    'export const OK = <T>(value: T): OK<T> => ({ value });',
    'export function add(a: number, b: number): number {',
    '  return a + b;',
    '}',
    'export default function negate(a: number): number {',
    '  return -a;',
    '}',
    '',
  ].join('\n'),
  'src/lib/index.ts': [
    "export * from './math';",
    "export { default as negate } from './math';",
    "export * as strings from './strings';",
    "export * from './shapes';",
    '',
  ].join('\n'),
  'src/lib/strings.ts': 'export function shout(text: string): string {\n  return text.toUpperCase();\n}\n',
  'src/lib/shapes.ts': 'export interface Shape {\n  area(): number;\n}\nexport class Base {}\n',
  'src/calculator.ts': [
    "import { add, OK, negate, Base, type Shape } from './lib';",
    "import * as lib from './lib';",
    "import minus from './lib/math';",
    "import { readFileSync } from 'node:fs';",
    '',
    'export class Calculator extends Base implements Shape {',
    '  static create(): Calculator {',
    '    return new Calculator();',
    '  }',
    '  area(): number {',
    '    return [1, 2].reduce((sum, value) => this.plus(sum, value), 0);',
    '  }',
    '  plus(a: number, b: number): number {',
    '    return add(a, b);',
    '  }',
    '  describe(value: number): string {',
    "    readFileSync('x');",
    '    return lib.strings.shout(String(OK(negate(minus(value))).value));',
    '  }',
    '}',
    '',
    'export function make(): Calculator {',
    '  return Calculator.create();',
    '}',
    '',
  ].join('\n'),
  'src/legacy.js':
    "const { shout } = require('./lib/strings');\nfunction loud(text) {\n  return shout(text);\n}\nmodule.exports = { loud };\n",
};

const scratch = (files: Record<string, string>): string => scratchRepository(files, 'calc');

/** A directory import through a package.json entry point, and the edit that points it elsewhere. */
const PACKAGE_ENTRY: Record<string, string> = {
  'src/pkg/package.json': '{ "types": "./one.ts" }\n',
  'src/pkg/one.ts': 'export function pick(): number {\n  return 1;\n}\n',
  'src/pkg/two.ts': 'export function pick(): number {\n  return 2;\n}\n',
  'src/picker.ts': "import { pick } from './pkg';\nexport function choose(): number {\n  return pick();\n}\n",
};
/**
 * Types that flow between files without the files naming each other's changed declarations: through
 * names the changed class appears in, one after another (build, then make), a file re-exporting them
 * unnamed (all.ts), a default export imported under another name (flip.ts).
 */
const NAME_FLOW: Record<string, string> = {
  'src/flow/shapes.ts': 'export class A {\n  run(): void {}\n}\nexport class B extends A {}\n',
  'src/flow/make.ts': "import { B } from './shapes';\nconst build = () => new B();\nexport const make = () => build();\n",
  'src/flow/go.ts': "import { make } from './make';\nexport function go(): void {\n  make().run();\n}\n",
  'src/flow/all.ts': "export * from './make';\n",
  'src/flow/via.ts': "import { make } from './all';\nexport function via(): void {\n  make().run();\n}\n",
  'src/flow/flip.ts': "import flip from '../lib/math';\nexport function twice(a: number): number {\n  return flip(flip(a));\n}\n",
};
/** B gets its own run(): go and via now call it, through make's inferred type. */
const overrideRun = (root: string): void =>
  write(root, 'src/flow/shapes.ts', NAME_FLOW['src/flow/shapes.ts']!.replace('extends A {}', 'extends A {\n  run(): void {}\n}'));
/** math.ts's default export is another function: flip.ts calls it under its own name. */
const renameDefault = (root: string): void =>
  write(root, 'src/lib/math.ts', FILES['src/lib/math.ts']!.replace('function negate(', 'function opposite('));
const flowCalls = (calls: CallRow[]): [string, string, number, number, string][] =>
  callRows(calls).filter(([caller]) => caller.startsWith('src/flow/'));
const FLOW_CALLS_AFTER: [string, string, number, number, string][] = [
  ['src/flow/flip.ts#twice', 'src/lib/math.ts#opposite', 3, 2, 'exact'],
  ['src/flow/go.ts#go', 'src/flow/make.ts#make', 3, 1, 'exact'],
  ['src/flow/go.ts#go', 'src/flow/shapes.ts#B.run', 3, 1, 'exact'],
  ['src/flow/make.ts#build', 'src/flow/shapes.ts#B', 2, 1, 'exact'],
  ['src/flow/make.ts#make', 'src/flow/make.ts#build', 3, 1, 'exact'],
  ['src/flow/via.ts#via', 'src/flow/make.ts#make', 3, 1, 'exact'],
  ['src/flow/via.ts#via', 'src/flow/shapes.ts#B.run', 3, 1, 'exact'],
];
const anHourAgo = new Date(Date.now() - 3_600_000);
const ageFiles = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ageFiles(path);
    else utimesSync(path, anHourAgo, anHourAgo);
  }
};
const write = (root: string, path: string, text: string): void => writeFileSync(join(root, path), text);
const pointEntryAtTwo = (root: string): void => write(root, 'src/pkg/package.json', '{ "types": "./two.ts" }\n');
const callRows = (calls: CallRow[]): [string, string, number, number, string][] =>
  calls.map((call) => [short(call.callerUid), short(call.calleeUid), call.line, call.count, call.confidence]);
const inheritanceRows = (rows: InheritanceRow[]): [string, string, string][] =>
  rows.map((row) => [short(row.fromUid), row.kind, short(row.toUid)]);
/** Edits the repository's kept results on disk (every shard); the function returned puts them back as they were. */
function editCache(cacheDir: string, edit: (text: string) => string): () => void {
  const [key] = readdirSync(join(cacheDir, 'extraction'));
  const directory = join(cacheDir, 'extraction', key!);
  const files = readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((name) => join(directory, name))
    .filter((file) => statSync(file).isFile());
  const stored = files.map((file) => readFileSync(file, 'utf8'));
  files.forEach((file, i) => writeFileSync(file, edit(stored[i]!)));
  // A run in between may have removed a namespace's folder (one its layout no longer uses).
  return () =>
    files.forEach((file, i) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, stored[i]!);
    });
}

/** The calls both passes find; only their confidence differs (the callback area hands to reduce is ENCLOSES, no call). */
const CALLS: [string, string, number, number, 'exact'?][] = [
  ['src/calculator.ts#Calculator.area.reduce(0)', 'src/calculator.ts#Calculator.plus', 11, 1],
  ['src/calculator.ts#Calculator.create', 'src/calculator.ts#Calculator', 8, 1],
  ['src/calculator.ts#Calculator.describe', 'src/lib/math.ts#negate', 18, 2],
  // The value OK (the arrow function), not the type OK: the second declaration of the name.
  ['src/calculator.ts#Calculator.describe', 'src/lib/math.ts#OK~2', 18, 1],
  ['src/calculator.ts#Calculator.describe', 'src/lib/strings.ts#shout', 18, 1],
  ['src/calculator.ts#Calculator.plus', 'src/lib/math.ts#add', 14, 1],
  ['src/calculator.ts#make', 'src/calculator.ts#Calculator.create', 23, 1],
  ['src/legacy.js#loud', 'src/lib/strings.ts#shout', 3, 1],
];

const INHERITANCE: [string, string, string][] = [
  ['src/calculator.ts#Calculator', 'EXTENDS', 'src/lib/shapes.ts#Base'],
  ['src/calculator.ts#Calculator', 'IMPLEMENTS', 'src/lib/shapes.ts#Shape'],
];

describe('TypeScript in two passes', () => {
  it('resolves calls by scope from syntax alone (import), then the same calls with the checker (exact)', async () => {
    const reading = await readRepository(scratch(FILES), { tenantId: 't', maxFileBytes: 1 << 20 });

    // Calls into node:fs, Array#reduce and String are outside the repository: no edge, no guess.
    expect(callRows(reading.snapshot.calls)).toEqual(
      CALLS.map(([caller, callee, line, count, fixed]) => [caller, callee, line, count, fixed ?? 'import']),
    );
    expect(inheritanceRows(reading.snapshot.inheritance)).toEqual(INHERITANCE);

    const exact = await reading.resolveExactly!();
    expect(callRows(exact.calls)).toEqual(CALLS.map(([caller, callee, line, count]) => [caller, callee, line, count, 'exact']));
    expect(inheritanceRows(exact.inheritance)).toEqual(INHERITANCE);
    // Everything else is the first pass's, unchanged.
    expect(exact.symbols).toBe(reading.snapshot.symbols);
    expect(exact.imports).toBe(reading.snapshot.imports);
  });

  it('falls back to a unique name where scope does not say; where types do not either, the typed pass keeps candidates as ambiguous', async () => {
    const reading = await readRepository(
      scratch({
        'src/a.ts': 'export class A {\n  save(): void {}\n}\nexport class B {\n  save(): void {}\n  load(): void {}\n}\n',
        'src/use.ts': 'export function use(thing: any): void {\n  thing.save();\n  thing.load();\n}\n',
      }),
      { tenantId: 't', maxFileBytes: 1 << 20 },
    );
    expect(callRows(reading.snapshot.calls)).toEqual([['src/use.ts#use', 'src/a.ts#B.load', 3, 1, 'name']]);
    // The checker found no declaration for either: a unique name is then no surer than two.
    expect(callRows((await reading.resolveExactly!()).calls)).toEqual([
      ['src/use.ts#use', 'src/a.ts#A.save', 2, 1, 'ambiguous'],
      ['src/use.ts#use', 'src/a.ts#B.load', 3, 1, 'ambiguous'],
      ['src/use.ts#use', 'src/a.ts#B.save', 2, 1, 'ambiguous'],
    ]);
  });

  it("calls a component from each JSX element that names it, not from an intrinsic element's tag (<div>), by scope and then with either checker", async () => {
    const files = {
      'tsconfig.json': '{ "compilerOptions": { "jsx": "preserve" } }',
      'src/badge.tsx': 'export function Badge(props: { label: string }) {\n  return <span>{props.label}</span>;\n}\n',
      'src/app.tsx': [
        "import { Badge } from './badge';",
        'export function App() {',
        '  return (',
        '    <div>',
        '      <Badge label="one" />',
        '      <Panel>',
        '        <Badge label="two" />',
        '      </Panel>',
        '    </div>',
        '  );',
        '}',
        'function Panel(props: { children?: unknown }) {',
        '  return <section>{String(props.children)}</section>;',
        '}',
        '',
      ].join('\n'),
    };
    const expected = (confidence: string) => [
      ['src/app.tsx#App', 'src/app.tsx#Panel', 6, 1, confidence],
      ['src/app.tsx#App', 'src/badge.tsx#Badge', 5, 2, confidence],
    ];
    for (const typescriptChecker of ['typescript-6', 'typescript-7'] as const) {
      const reading = await readRepository(scratch(files), { tenantId: 't', maxFileBytes: 1 << 20, typescriptChecker });
      expect(callRows(reading.snapshot.calls)).toEqual(expected('import'));
      expect(callRows((await reading.resolveExactly!()).calls)).toEqual(expected('exact'));
    }
  });

  it("calls from the code that runs when a module loads (statements, a class's decorators) have the file as caller; a field's and an accessor's are theirs", async () => {
    const files = {
      'tsconfig.json': '{ "compilerOptions": { "experimentalDecorators": true } }',
      'src/setup.ts': [
        'export function register(): ClassDecorator {',
        '  return () => undefined;',
        '}',
        'export function initDocument(): void {}',
        'export function defaults(): number {',
        '  return 1;',
        '}',
        '',
      ].join('\n'),
      'src/page.ts': [
        "import { defaults, initDocument, register } from './setup';",
        "import { config } from 'dotenv';",
        '@register()',
        'export class Page {',
        '  static fallback = defaults();',
        '  size = defaults();',
        '  get area(): number {',
        '    return defaults();',
        '  }',
        '}',
        'initDocument();',
        'initDocument();',
        'config();',
        'export function load(): void {',
        '  config();',
        '}',
        '',
      ].join('\n'),
    };
    const expected = (confidence: string) => [
      ['src/page.ts', 'src/setup.ts#initDocument', 11, 2, confidence],
      ['src/page.ts', 'src/setup.ts#register', 3, 1, confidence],
      ['src/page.ts#Page.area', 'src/setup.ts#defaults', 8, 1, confidence],
      ['src/page.ts#Page.fallback', 'src/setup.ts#defaults', 5, 1, confidence],
      ['src/page.ts#Page.size', 'src/setup.ts#defaults', 6, 1, confidence],
    ];
    for (const typescriptChecker of ['typescript-6', 'typescript-7'] as const) {
      const reading = await readRepository(scratch(files), { tenantId: 't', maxFileBytes: 1 << 20, typescriptChecker });
      expect(callRows(reading.snapshot.calls)).toEqual(expected('import'));
      expect(callRows((await reading.resolveExactly!()).calls)).toEqual(expected('exact'));
      // Calls into other repositories' packages join symbols: `config()` at the top level is not kept, load's is.
      expect(reading.snapshot.externalReferences.calls.map((call) => [short(call.callerUid), call.target.path, call.line])).toEqual([
        ['src/page.ts#load', ['config'], 15],
      ]);
    }
  });

  it('checks a project of more files than one program takes in parts, each call exact across the parts, from the cache alike', async () => {
    // 300 files in one project of a repository of two: two programs of 150 files; f150 calls into the first.
    const name = (i: number): string => `f${String(i).padStart(3, '0')}`;
    const files: Record<string, string> = {
      'tsconfig.json': '{ "files": [], "references": [{ "path": "big" }, { "path": "small" }] }',
      'big/tsconfig.json': '{}',
      'small/tsconfig.json': '{}',
      'small/use.ts': `import { ${name(299)} } from '../big/${name(299)}';\n\nexport const last = (): number => ${name(299)}();\n`,
    };
    for (let i = 0; i < 300; i++)
      files[`big/${name(i)}.ts`] =
        i === 0
          ? `export function ${name(i)}(): number {\n  return 0;\n}\n`
          : `import { ${name(i - 1)} } from './${name(i - 1)}';\n\nexport function ${name(i)}(): number {\n  return ${name(i - 1)}() + 1;\n}\n`;
    const expected = [
      ...Array.from({ length: 299 }, (_, k): [string, string, number, number, string] => [
        `big/${name(k + 1)}.ts#${name(k + 1)}`,
        `big/${name(k)}.ts#${name(k)}`,
        4,
        1,
        'exact',
      ]),
      ['small/use.ts#last', `big/${name(299)}.ts#${name(299)}`, 3, 1, 'exact'],
    ];
    const bigFiles = Object.keys(files)
      .filter((path) => path.startsWith('big/f'))
      .map((path) => ({ path }) as RepoFile);
    expect(programParts(bigFiles, 'big').map((part) => [part.key, part.files.length, part.files[0]!.path])).toEqual([
      ['big#part 1 of 2', 150, 'big/f000.ts'],
      ['big#part 2 of 2', 150, 'big/f150.ts'],
    ]);
    const root = scratch(files);
    const cacheDir = mkdtempSync(join(tmpdir(), 'lore-parts-cache-'));
    for (const run of ['cold', 'from the cache']) {
      const exact = await (await readRepository(root, { tenantId: 't', maxFileBytes: 1 << 20, cacheDir })).resolveExactly!();
      expect([run, callRows(exact.calls)]).toEqual([run, expected]);
    }
  });

  it('takes machine-written depth: a 5,000-term expression is extracted, a file nested past the parser is skipped with the reason', async () => {
    const terms = Array.from({ length: 5000 }, () => 'one()').join(' + ');
    const reading = await readRepository(
      scratch({
        'tsconfig.json': '{}',
        'src/long.ts': `export function one(): number {\n  return 1;\n}\nexport function long(): number {\n  return ${terms};\n}\n`,
        'src/nested.ts': `export const nested = ${'['.repeat(3000)}${']'.repeat(3000)};\n`,
      }),
      { tenantId: 't', maxFileBytes: 1 << 20 },
    );
    expect(reading.snapshot.skipped).toEqual([
      { path: 'src/nested.ts', reason: 'nested too deeply to parse (Maximum call stack size exceeded)' },
    ]);
    expect(callRows(reading.snapshot.calls)).toEqual([['src/long.ts#long', 'src/long.ts#one', 5, 5000, 'import']]);
    const exact = await reading.resolveExactly!();
    expect(callRows(exact.calls)).toEqual([['src/long.ts#long', 'src/long.ts#one', 5, 5000, 'exact']]);
    expect(exact.skipped).toEqual(reading.snapshot.skipped);
  });

  it('counts the decision points of an expression-bodied arrow function once', async () => {
    const reading = await readRepository(
      scratch({ 'src/pick.ts': 'export const pick = (x: boolean, a: boolean, b: boolean): boolean => (x ? a && b : false);\n' }),
      { tenantId: 't', maxFileBytes: 1 << 20 },
    );
    // 1 + the conditional + the &&.
    expect(reading.snapshot.symbols.map((symbol) => [symbol.name, symbol.complexity])).toEqual([['pick', 3]]);
  });

  it('reads again only the files whose content changed, and answers as a run without a cache', async () => {
    const root = scratch(FILES);
    const cacheDir = mkdtempSync(join(tmpdir(), 'lore-cache-'));
    const options = { tenantId: 't', maxFileBytes: 1 << 20, cacheDir };
    // Kept once the first pass is done with, as the exact pass starts.
    await (
      await readRepository(root, options)
    ).resolveExactly!();
    // Proof that an unchanged file is taken from the cache: an entry edited on disk comes back as edited.
    const restoreCache = editCache(cacheDir, (text) => text.replace('"name":"shout"', '"name":"shoutFromCache"'));
    writeFileSync(
      join(root, 'src/lib/math.ts'),
      `${FILES['src/lib/math.ts']}export function sub(a: number, b: number): number {\n  return a - b;\n}\n`,
    );

    const cached = await readRepository(root, options);
    expect(cached.snapshot.symbols.find((symbol) => symbol.uid === 't:calc:src/lib/strings.ts#shout')?.name).toBe('shoutFromCache');
    restoreCache();
    const withCache = await readRepository(root, options);
    const withoutCache = await readRepository(root, { tenantId: 't', maxFileBytes: 1 << 20 });
    expect(withCache.snapshot.symbols.map((symbol) => symbol.uid)).toContain('t:calc:src/lib/math.ts#sub');
    expect(withCache.snapshot).toEqual(withoutCache.snapshot);
    expect(await withCache.resolveExactly!()).toEqual(await withoutCache.resolveExactly!());
  });

  // TypeScript 7's session is kept between runs too: told the changed files, its answers are a cold run's.
  describe.each(['typescript-6', 'typescript-7'] as const)(
    'a second run in the same process (the warm program), %s',
    (typescriptChecker) => {
      /** Exact answers after each edit, run warm in place, and cold in a copy (another path: nothing warm there). */
      async function warmAndCold(
        files: Record<string, string>,
        ...edits: ((root: string) => void)[]
      ): Promise<{ warm: RepositorySnapshot; cold: RepositorySnapshot }> {
        // A document that names symbols and files: its mentions follow the edit too.
        const root = scratch({ ...files, 'README.md': '# Calc\n\n`Calculator` uses `shout` and [math](src/lib/math.ts).\n' });
        // Written long ago, as most files are: what the last run read of an unchanged file is taken as it is.
        ageFiles(root);
        const options = { tenantId: 't', maxFileBytes: 1 << 20, typescriptChecker };
        await (
          await readRepository(root, options)
        ).resolveExactly!();
        let warm!: RepositorySnapshot;
        for (const edit of edits) {
          edit(root);
          ageFiles(root);
          warm = await (await readRepository(root, options)).resolveExactly!();
        }
        const copy = mkdtempSync(join(tmpdir(), 'lore-cold-'));
        cpSync(root, copy, { recursive: true });
        const cold = await (await readRepository(copy, { ...options, repositoryId: 'calc' })).resolveExactly!();
        return { warm, cold: { ...cold, rootPath: warm.rootPath } };
      }

      it('resolves by syntax again the files an edit reaches, by the files their names were looked up in and by the names they guessed, as a cold run does', async () => {
        const root = scratch({ ...FILES, 'src/guess.ts': 'export function guess(): void {\n  whistle();\n}\n' });
        ageFiles(root);
        // With a cache, an unchanged file's first pass is the same object run after run: what its rows are kept by.
        const options = { tenantId: 't', maxFileBytes: 1 << 20, cacheDir: mkdtempSync(join(tmpdir(), 'lore-cache-')), typescriptChecker };
        // Only the edited file is aged: ageing every file would change the tsconfig's stat, and with it the layout.
        const age = (path: string): void => utimesSync(join(root, path), anHourAgo, anHourAgo);
        const syntactic = async (path: string, repositoryId?: string): Promise<RepositorySnapshot> => {
          const reading = await readRepository(path, { ...options, repositoryId });
          // The exact pass completes each run, as in a running lore: its module resolutions are kept for the next.
          await reading.resolveExactly!();
          return reading.snapshot;
        };
        await syntactic(root);
        // guess.ts, unchanged, guesses whistle() by its name: declared now, in another file.
        write(root, 'src/lib/strings.ts', `${FILES['src/lib/strings.ts']}export function whistle(): void {}\n`);
        age('src/lib/strings.ts');
        const first = await syntactic(root);
        expect(callRows(first.calls).filter(([caller]) => caller === 'src/guess.ts#guess')).toEqual([
          ['src/guess.ts#guess', 'src/lib/strings.ts#whistle', 2, 1, 'name'],
        ]);
        // calculator.ts, unchanged, reaches add through index.ts's `export *` into math.ts, where it is gone.
        write(root, 'src/lib/math.ts', FILES['src/lib/math.ts']!.replace('function add(', 'function addUp('));
        age('src/lib/math.ts');
        const warm = await syntactic(root);
        expect(callRows(warm.calls).filter(([caller]) => caller === 'src/calculator.ts#Calculator.plus')).toEqual([]);
        const copy = mkdtempSync(join(tmpdir(), 'lore-cold-'));
        cpSync(root, copy, { recursive: true });
        const cold = await syntactic(copy, 'calc-cold');
        expect(callRows(warm.calls)).toEqual(callRows(cold.calls));
        expect(inheritanceRows(warm.inheritance)).toEqual(inheritanceRows(cold.inheritance));
      });

      it('answers again for the edited file and the files that depend on it, as a cold run does', async () => {
        const { warm, cold } = await warmAndCold(FILES, (root) => {
          write(root, 'src/lib/sum.ts', 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n');
          // An explicit export wins over `export *`: calculator.ts, unchanged, now calls sum through index.ts.
          write(root, 'src/lib/index.ts', `${FILES['src/lib/index.ts']}export { sum as add } from './sum';\n`);
        });
        expect(warm).toEqual(cold);
        expect(callRows(warm.calls).filter(([caller]) => caller === 'src/calculator.ts#Calculator.plus')).toEqual([
          ['src/calculator.ts#Calculator.plus', 'src/lib/sum.ts#sum', 14, 1, 'exact'],
        ]);
      });

      it('answers again everywhere when a changed file declares globals', async () => {
        const files = {
          ...FILES,
          'src/globals.d.ts': 'declare interface Thing {\n  run(): void;\n}\n',
          'src/runner.ts': 'export class Runner {\n  run(): void {}\n}\n',
          // Imports nothing: only the global Thing ties it to globals.d.ts.
          'src/use.ts': 'export function use(thing: Thing): void {\n  thing.run();\n}\n',
        };
        const { warm, cold } = await warmAndCold(files, (root) =>
          write(root, 'src/globals.d.ts', "declare type Thing = import('./runner').Runner;\n"),
        );
        expect(warm).toEqual(cold);
        expect(callRows(warm.calls).filter(([caller]) => caller === 'src/use.ts#use')).toEqual([
          ['src/use.ts#use', 'src/runner.ts#Runner.run', 2, 1, 'exact'],
        ]);
      });

      it('resolves again an import of a module that was missing when a file is added', async () => {
        const files = {
          ...FILES,
          'src/late.ts': "import { later } from './later';\nexport function useLater(): number {\n  return later();\n}\n",
        };
        const { warm, cold } = await warmAndCold(files, (root) =>
          write(root, 'src/later.ts', 'export function later(): number {\n  return 1;\n}\n'),
        );
        expect(warm).toEqual(cold);
        expect(warm.imports.map((row) => [short(row.fromUid), short(row.toUid)])).toContainEqual(['src/late.ts', 'src/later.ts']);
        expect(callRows(warm.calls).filter(([caller]) => caller === 'src/late.ts#useLater')).toEqual([
          ['src/late.ts#useLater', 'src/later.ts#later', 3, 1, 'exact'],
        ]);
      });

      it('resolves again through a package.json whose entry point changed', async () => {
        const { warm, cold } = await warmAndCold({ ...FILES, ...PACKAGE_ENTRY }, pointEntryAtTwo);
        expect(warm).toEqual(cold);
        expect(callRows(warm.calls).filter(([caller]) => caller === 'src/picker.ts#choose')).toEqual([
          ['src/picker.ts#choose', 'src/pkg/two.ts#pick', 3, 1, 'exact'],
        ]);
      });

      it('after a run that resolved a part of the program, answers for an edit elsewhere as a cold run does', async () => {
        const { warm, cold } = await warmAndCold(
          FILES,
          // Only legacy.js and what it imports are in the next program; calculator.ts's tree stays kept as it was.
          (root) => write(root, 'src/legacy.js', `${FILES['src/legacy.js']}loud('again');\n`),
          (root) => write(root, 'src/lib/math.ts', FILES['src/lib/math.ts']!.replace('return a + b;', 'return negate(-a) + b;')),
        );
        expect(warm).toEqual(cold);
        expect(callRows(warm.calls).filter(([caller]) => caller === 'src/lib/math.ts#add')).toEqual([
          ['src/lib/math.ts#add', 'src/lib/math.ts#negate', 4, 1, 'exact'],
        ]);
      });

      it('answers again where a change reaches by name: an inferred type, an unnamed re-export, a default under another name', async () => {
        const { warm, cold } = await warmAndCold({ ...FILES, ...NAME_FLOW }, overrideRun, renameDefault);
        expect(warm).toEqual(cold);
        expect(flowCalls(warm.calls)).toEqual(FLOW_CALLS_AFTER);
      });

      it('answers again past a body whose type is inferred, not past one whose type is declared', async () => {
        const { warm, cold } = await warmAndCold(
          { ...FILES, ...NAME_FLOW },
          // build's inferred type becomes A: make's too, so go and via now call A.run.
          (root) =>
            write(root, 'src/flow/make.ts', NAME_FLOW['src/flow/make.ts']!.replace('{ B }', '{ A, B }').replace('new B()', 'new A()')),
          // A declared return type: the body's calls move, nobody else's.
          (root) => write(root, 'src/lib/math.ts', FILES['src/lib/math.ts']!.replace('return a + b;', 'return negate(a) + b;')),
        );
        expect(warm).toEqual(cold);
        expect(callRows(warm.calls).filter(([caller]) => /^src\/flow\/(go|via|make)\.ts|math\.ts#add/.test(caller))).toEqual([
          ['src/flow/go.ts#go', 'src/flow/make.ts#make', 3, 1, 'exact'],
          ['src/flow/go.ts#go', 'src/flow/shapes.ts#A.run', 3, 1, 'exact'],
          ['src/flow/make.ts#build', 'src/flow/shapes.ts#A', 2, 1, 'exact'],
          ['src/flow/make.ts#make', 'src/flow/make.ts#build', 3, 1, 'exact'],
          ['src/flow/via.ts#via', 'src/flow/make.ts#make', 3, 1, 'exact'],
          ['src/flow/via.ts#via', 'src/flow/shapes.ts#A.run', 3, 1, 'exact'],
          ['src/lib/math.ts#add', 'src/lib/math.ts#negate', 4, 1, 'exact'],
        ]);
      });

      it('forgets a deleted file and answers again for the files that imported it', async () => {
        const { warm, cold } = await warmAndCold(FILES, (root) => rmSync(join(root, 'src/lib/strings.ts')));
        expect(warm).toEqual(cold);
        expect(callRows(warm.calls).map(([caller, callee]) => `${caller} -> ${callee}`)).not.toContain(
          'src/legacy.js#loud -> src/lib/strings.ts#shout',
        );
      });
    },
  );

  /** A run in a fresh copy of the modules: nothing kept in memory, as in a new `lore index` process. */
  const newProcessRunner = (root: string, cacheDir: string) => async (): Promise<RepositorySnapshot> => {
    let snapshot!: RepositorySnapshot;
    // The whole run inside: the compiler's half of the extractor is loaded by its first extraction.
    await jest.isolateModulesAsync(async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const read = (require('@lore/indexer') as { readRepository: typeof readRepository }).readRepository;
      snapshot = await (await read(root, { tenantId: 't', maxFileBytes: 1 << 20, cacheDir })).resolveExactly!();
    });
    return snapshot;
  };
  const coldRun = async (root: string): Promise<RepositorySnapshot> => {
    const copy = mkdtempSync(join(tmpdir(), 'lore-cold-'));
    cpSync(root, copy, { recursive: true });
    const cold = await (await readRepository(copy, { tenantId: 't', maxFileBytes: 1 << 20, repositoryId: 'calc' })).resolveExactly!();
    return { ...cold, rootPath: root };
  };

  it('in a new process, takes the exact answers kept for files none of whose dependencies changed, and answers as a cold run', async () => {
    const root = scratch(FILES);
    const cacheDir = mkdtempSync(join(tmpdir(), 'lore-cache-'));
    const runInNewProcess = newProcessRunner(root, cacheDir);
    await runInNewProcess();
    write(root, 'src/lib/sum.ts', 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n');
    write(root, 'src/lib/index.ts', `${FILES['src/lib/index.ts']}export { sum as add } from './sum';\n`);

    // Proof that legacy.js (which imports nothing that changed) is answered from the cache: an answer edited there comes back.
    const restoreCache = editCache(cacheDir, (text) => text.replaceAll('src/lib/strings.ts#shout"', 'src/lib/strings.ts#shoutFromCache"'));
    const fromCache = await runInNewProcess();
    expect(
      callRows(fromCache.calls).filter(([caller]) => caller === 'src/legacy.js#loud' || caller === 'src/calculator.ts#Calculator.plus'),
    ).toEqual([
      ['src/calculator.ts#Calculator.plus', 'src/lib/sum.ts#sum', 14, 1, 'exact'],
      ['src/legacy.js#loud', 'src/lib/strings.ts#shoutFromCache', 3, 1, 'exact'],
    ]);

    restoreCache();
    expect(await runInNewProcess()).toEqual(await coldRun(root));
  });

  it('in a new process, takes what the imports of each unchanged file resolve to from the cache while the layout holds', async () => {
    const root = scratch(FILES);
    const cacheDir = mkdtempSync(join(tmpdir(), 'lore-cache-'));
    const runInNewProcess = newProcessRunner(root, cacheDir);
    const importsOfCalculator = (snapshot: RepositorySnapshot): string[] =>
      snapshot.imports.filter((row) => short(row.fromUid) === 'src/calculator.ts').map((row) => short(row.toUid));
    expect(importsOfCalculator(await runInNewProcess())).toEqual(['src/lib/index.ts', 'src/lib/math.ts']);

    // Proof that the resolution is not done again: a target edited in the cache comes back.
    const restoreCache = editCache(cacheDir, (text) =>
      text.replaceAll('"./lib/math":"src/lib/math.ts"', '"./lib/math":"src/lib/strings.ts"'),
    );
    expect(importsOfCalculator(await runInNewProcess())).toEqual(['src/lib/index.ts', 'src/lib/strings.ts']);
    restoreCache();
    // A file added changes the layout: everything is resolved again.
    write(root, 'src/lib/sum.ts', 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n');
    editCache(cacheDir, (text) => text.replaceAll('"./lib/math":"src/lib/math.ts"', '"./lib/math":"src/lib/strings.ts"'));
    expect(importsOfCalculator(await runInNewProcess())).toEqual(['src/lib/index.ts', 'src/lib/math.ts']);
  });

  /** After one edit, a run in a new process (with the cache of one before it) and a cold run. */
  async function newProcessAndCold(
    files: Record<string, string>,
    edit: (root: string) => void,
  ): Promise<{ fresh: RepositorySnapshot; cold: RepositorySnapshot }> {
    const root = scratch(files);
    const runInNewProcess = newProcessRunner(root, mkdtempSync(join(tmpdir(), 'lore-cache-')));
    await runInNewProcess();
    edit(root);
    return { fresh: await runInNewProcess(), cold: await coldRun(root) };
  }

  it('in a new process, keeps the answers of a dependent that mentions no name an edit changed', async () => {
    const root = scratch({ ...FILES, ...NAME_FLOW });
    const cacheDir = mkdtempSync(join(tmpdir(), 'lore-cache-'));
    const runInNewProcess = newProcessRunner(root, cacheDir);
    await runInNewProcess();
    // A new export: calculator.ts imports math.ts (through index.ts), and does not name it.
    write(root, 'src/lib/math.ts', `${FILES['src/lib/math.ts']}export function sub(a: number, b: number): number {\n  return a - b;\n}\n`);
    const restoreCache = editCache(cacheDir, (text) => text.replaceAll('src/lib/strings.ts#shout"', 'src/lib/strings.ts#shoutFromCache"'));
    const fromCache = await runInNewProcess();
    expect(callRows(fromCache.calls).filter(([, callee]) => callee.startsWith('src/lib/strings.ts#'))).toEqual([
      ['src/calculator.ts#Calculator.describe', 'src/lib/strings.ts#shoutFromCache', 18, 1, 'exact'],
      ['src/legacy.js#loud', 'src/lib/strings.ts#shoutFromCache', 3, 1, 'exact'],
    ]);
    restoreCache();
    expect(await runInNewProcess()).toEqual(await coldRun(root));
  });

  it('in a new process, answers again where a change reaches by name, as a cold run', async () => {
    const { fresh, cold } = await newProcessAndCold({ ...FILES, ...NAME_FLOW }, (root) => {
      overrideRun(root);
      renameDefault(root);
    });
    expect(flowCalls(fresh.calls)).toEqual(FLOW_CALLS_AFTER);
    expect(fresh).toEqual(cold);
  });

  it('in a new process, resolves again through a package.json whose entry point changed', async () => {
    const { fresh, cold } = await newProcessAndCold({ ...FILES, ...PACKAGE_ENTRY }, pointEntryAtTwo);
    expect(callRows(fresh.calls).filter(([caller]) => caller === 'src/picker.ts#choose')).toEqual([
      ['src/picker.ts#choose', 'src/pkg/two.ts#pick', 3, 1, 'exact'],
    ]);
    expect(fresh).toEqual(cold);
  });

  it('in a new process, gives the files resolved again the global declarations of files they do not import', async () => {
    const files = {
      ...FILES,
      'src/globals.d.ts': "declare type Thing = import('./runner').Runner;\n",
      'src/runner.ts': 'export class Runner {\n  run(): void {}\n}\n',
      // Imports nothing: only the global Thing ties it to globals.d.ts and runner.ts.
      'src/use.ts': 'export function use(thing: Thing): void {\n  thing.run();\n}\n',
    };
    const { fresh, cold } = await newProcessAndCold(files, (root) =>
      write(root, 'src/use.ts', 'export function use(thing: Thing): void {\n  thing.run();\n  thing.run();\n}\n'),
    );
    expect(callRows(fresh.calls).filter(([caller]) => caller === 'src/use.ts#use')).toEqual([
      ['src/use.ts#use', 'src/runner.ts#Runner.run', 2, 2, 'exact'],
    ]);
    expect(fresh).toEqual(cold);
  });
});
