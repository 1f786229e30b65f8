import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallRow, ImportRow, RepositorySnapshot } from '@lore/domain';
import { gitFixture } from '../../../../../test/support/fixtures';
import { scratchRepository, short } from '../../../test/extraction-inputs';
import { readRepository, type RepositoryReading } from '@lore/indexer';

const calls = (rows: CallRow[]): string[] => rows.map((row) => `${short(row.callerUid)} -> ${short(row.calleeUid)} ${row.confidence}`);
const imports = (rows: ImportRow[]): string[] => rows.map((row) => `${short(row.fromUid)} -> ${short(row.toUid)} ${row.names.join(',')}`);

describe('a monorepo: npm workspaces, project references, a tsconfig per package (test/fixtures/acme-monorepo)', () => {
  let reading: RepositoryReading;
  let exact: RepositorySnapshot;

  beforeAll(async () => {
    reading = await readRepository(gitFixture('acme-monorepo').path, { tenantId: 't', maxFileBytes: 1_000_000 });
    exact = await reading.resolveExactly!();
  }, 60_000);

  it("resolves a package's name and subpath to its source files, and each package's own aliases, in the first pass", () => {
    expect(imports(reading.snapshot.imports)).toEqual([
      'packages/app/src/checkout.ts -> packages/core/src/index.ts OrderLine,orderTotal',
      'packages/app/src/checkout.ts -> packages/core/src/money.ts formatMoney',
      'packages/app/src/total-badge.tsx -> packages/core/src/index.ts OrderLine,orderTotal',
      'packages/app/src/total-badge.tsx -> packages/core/src/money.ts formatMoney',
      'packages/cli/src/main.ts -> packages/app/src/checkout.ts checkout',
      'packages/cli/src/main.ts -> packages/cli/src/build/bundle.ts bundleName',
      // `~/commands/print`: a paths alias of packages/cli/tsconfig.json only.
      'packages/cli/src/main.ts -> packages/cli/src/commands/print.ts printLine',
    ]);
    expect(calls(reading.snapshot.calls)).toEqual([
      'packages/app/src/checkout.ts#checkout -> packages/core/src/index.ts#orderTotal import',
      'packages/app/src/checkout.ts#checkout -> packages/core/src/money.ts#formatMoney import',
      'packages/app/src/total-badge.tsx#TotalBadge -> packages/core/src/index.ts#orderTotal import',
      'packages/app/src/total-badge.tsx#TotalBadge -> packages/core/src/money.ts#formatMoney import',
      'packages/cli/src/main.ts#main -> packages/app/src/checkout.ts#checkout import',
      'packages/cli/src/main.ts#main -> packages/cli/src/build/bundle.ts#bundleName import',
      'packages/cli/src/main.ts#main -> packages/cli/src/commands/print.ts#printLine import',
    ]);
  });

  // core and cli parse as the root config does and share the first pass's trees; app's JSX runtime
  // (react-jsx) makes it parse its own.
  it("checks each package with its own tsconfig: calls into another package are exact and land on that package's source", () => {
    expect(calls(exact.calls)).toEqual([
      'packages/app/src/checkout.ts#checkout -> packages/core/src/index.ts#orderTotal exact',
      'packages/app/src/checkout.ts#checkout -> packages/core/src/money.ts#formatMoney exact',
      'packages/app/src/total-badge.tsx#TotalBadge -> packages/core/src/index.ts#orderTotal exact',
      'packages/app/src/total-badge.tsx#TotalBadge -> packages/core/src/money.ts#formatMoney exact',
      'packages/cli/src/main.ts#main -> packages/app/src/checkout.ts#checkout exact',
      'packages/cli/src/main.ts#main -> packages/cli/src/build/bundle.ts#bundleName exact',
      'packages/cli/src/main.ts#main -> packages/cli/src/commands/print.ts#printLine exact',
    ]);
  });

  it('skips build output, generated and minified files and what .loreignore adds, with the rule that did; a re-included folder stays', () => {
    expect(exact.skipped).toEqual([
      // Not a skipped file: the run's account of how the workspace's export subpaths mapped to source.
      { path: 'package.json', reason: 'workspace: 2 of 2 export subpaths resolved to source' },
      { path: 'packages/app/src/legacy/old-checkout.ts', reason: '.loreignore (rule "packages/app/src/legacy/")' },
      {
        path: 'packages/cli/vendor/analytics.min.js',
        reason: 'generated or build output (default rule "*.min.js"; "!*.min.js" in .loreignore takes it back)',
      },
      {
        path: 'packages/core/dist/index.d.ts',
        reason: 'generated or build output (default rule "dist/"; "!dist/" in .loreignore takes it back)',
      },
      {
        path: 'packages/core/dist/index.js',
        reason: 'generated or build output (default rule "dist/"; "!dist/" in .loreignore takes it back)',
      },
      {
        path: 'packages/core/src/schema.generated.ts',
        reason: 'generated or build output (default rule "*.generated.*"; "!*.generated.*" in .loreignore takes it back)',
      },
    ]);
    const paths = exact.files.map((file) => file.path);
    expect(paths).toContain('packages/cli/src/build/bundle.ts');
    expect(paths.filter((path) => /dist\/|generated|min\.js|legacy/.test(path))).toEqual([]);
    expect(exact.symbols.map((symbol) => symbol.name)).not.toContain('validateOrderLine');
  });
});

describe('a monorepo read again from the per-file cache', () => {
  it('after an edit in one package, answers in the other packages as a run without the cache', async () => {
    const { path } = gitFixture('acme-monorepo');
    const options = { tenantId: 't', maxFileBytes: 1_000_000, cacheDir: mkdtempSync(join(tmpdir(), 'lore-monorepo-cache-')) };
    await (
      await readRepository(path, options)
    ).resolveExactly!();
    // orderTotal becomes another name of a renamed function: app's unchanged checkout.ts now lands on orderSum.
    const core = join(path, 'packages/core/src/index.ts');
    writeFileSync(
      core,
      readFileSync(core, 'utf8').replace('export function orderTotal(', 'export function orderSum(') +
        'export { orderSum as orderTotal };\n',
    );
    const cached = await (await readRepository(path, options)).resolveExactly!();
    const fresh = await (await readRepository(path, { ...options, cacheDir: undefined })).resolveExactly!();
    expect(calls(cached.calls)).toEqual(calls(fresh.calls));
    expect(calls(cached.calls)).toContain('packages/app/src/checkout.ts#checkout -> packages/core/src/index.ts#orderSum exact');
  }, 60_000);

  it('an unchanged commit takes every exact answer from the cache, a call into another package included', async () => {
    const { path } = gitFixture('acme-monorepo');
    const options = { tenantId: 't', maxFileBytes: 1_000_000, cacheDir: mkdtempSync(join(tmpdir(), 'lore-monorepo-cache-')) };
    const first = await (await readRepository(path, options)).resolveExactly!();
    const intoCore = (rows: CallRow[]): string[] =>
      calls(rows)
        .filter((call) => call.includes('-> packages/core/'))
        .sort();
    expect(intoCore(first.calls)).toContain('packages/app/src/checkout.ts#checkout -> packages/core/src/index.ts#orderTotal exact');
    // Proof that app's call into core (checked by core's program, and app's) comes from the cache: an answer edited there comes back.
    for (const file of readdirSync(options.cacheDir, { recursive: true, encoding: 'utf8' }).map((name) => join(options.cacheDir, name)))
      if (statSync(file).isFile())
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace(/("resolution":\{"kind":"repository","uid":"[^"]*#orderTotal)"/g, '$1FromCache"'),
        );
    const again = await (await readRepository(path, options)).resolveExactly!();
    expect(intoCore(again.calls)).toEqual(
      intoCore(first.calls)
        .map((call) => call.replace(/#orderTotal (\w+)$/, '#orderTotalFromCache $1'))
        .sort(),
    );
  }, 60_000);

  it("reaches another program's file through an unchanged re-export of the edited file's program, as a run without the cache", async () => {
    const files: Record<string, string> = {
      'tsconfig.json': '{ "files": [], "references": [{ "path": "lib" }, { "path": "app" }] }',
      'lib/tsconfig.json': '{}',
      'app/tsconfig.json': '{}',
      'lib/shapes.ts':
        'export class A {\n  run(): number {\n    return 1;\n  }\n}\nexport class B {\n  run(): number {\n    return 2;\n  }\n}\n',
      'lib/make.ts': "import { A } from './shapes';\n\nexport function make(): A {\n  return new A();\n}\n",
      'lib/index.ts': "export { make } from './make';\n",
      'app/use.ts': "import { make } from '../lib/index';\n\nexport function use(): number {\n  return make().run();\n}\n",
    };
    const path = scratchRepository(files, 'reach');
    const options = { tenantId: 't', maxFileBytes: 1_000_000, cacheDir: mkdtempSync(join(tmpdir(), 'lore-monorepo-cache-')) };
    const fromUse = (rows: CallRow[]): string[] => calls(rows).filter((call) => call.startsWith('app/use.ts#use '));
    expect(fromUse((await (await readRepository(path, options)).resolveExactly!()).calls)).toEqual([
      'app/use.ts#use -> lib/make.ts#make exact',
      'app/use.ts#use -> lib/shapes.ts#A.run exact',
    ]);
    // make now returns a B: app's file (another program) sees it through lib/index.ts, which did not change.
    writeFileSync(join(path, 'lib/make.ts'), "import { B } from './shapes';\n\nexport function make(): B {\n  return new B();\n}\n");
    const cached = await (await readRepository(path, options)).resolveExactly!();
    const fresh = await (await readRepository(path, { ...options, cacheDir: undefined })).resolveExactly!();
    expect(calls(cached.calls)).toEqual(calls(fresh.calls));
    expect(fromUse(cached.calls)).toEqual(['app/use.ts#use -> lib/make.ts#make exact', 'app/use.ts#use -> lib/shapes.ts#B.run exact']);
  }, 60_000);
});

describe('workspace declarations', () => {
  /** Two packages in the workspace and one outside it; `b` imports both by name. */
  const packages = (root: Record<string, string>): Record<string, string> => ({
    ...root,
    'packages/a/package.json': JSON.stringify({ name: '@w/a', main: 'lib/index.js' }),
    'packages/a/src/index.ts': 'export function hello(): string {\n  return "a";\n}\n',
    'packages/b/package.json': JSON.stringify({ name: 'b' }),
    'packages/b/index.ts':
      "import { hello } from '@w/a';\nimport { outside } from 'tool';\nexport function greet(): string {\n  return hello() + outside();\n}\n",
    'tools/tool/package.json': JSON.stringify({ name: 'tool', main: 'index.js' }),
    'tools/tool/index.ts': 'export function outside(): string {\n  return "";\n}\n',
  });

  it.each([
    ['pnpm-workspace.yaml', { 'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n  # not tools/\n" }],
    [
      'package.json workspaces as { packages }',
      { 'package.json': JSON.stringify({ private: true, workspaces: { packages: ['packages/*'] } }) },
    ],
    ['package.json workspaces as an array', { 'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }) }],
  ])('%s: a member imported by name resolves to its source, a package outside the workspace does not', async (_, root) => {
    const reading = await readRepository(scratchRepository(packages(root), 'workspace'), { tenantId: 't', maxFileBytes: 1_000_000 });
    const exact = await reading.resolveExactly!();
    expect(imports(exact.imports)).toEqual(['packages/b/index.ts -> packages/a/src/index.ts hello']);
    // Without a tsconfig the checker's answers are `import`; `tool` is found by its name only, among
    // the packages b's file imports: the checker could not place it, so the guess is `ambiguous`.
    expect(calls(exact.calls)).toEqual([
      'packages/b/index.ts#greet -> packages/a/src/index.ts#hello import',
      'packages/b/index.ts#greet -> tools/tool/index.ts#outside ambiguous',
    ]);
  });
});

describe('a workspace built every way a monorepo builds, with twin packages (test/fixtures/twin-monorepo)', () => {
  let reading: RepositoryReading;
  let exact: RepositorySnapshot;
  const appCalls = (rows: CallRow[]): string[] => calls(rows).filter((row) => row.startsWith('packages/app/'));

  beforeAll(async () => {
    reading = await readRepository(gitFixture('twin-monorepo').path, { tenantId: 't', maxFileBytes: 1_000_000 });
    exact = await reading.resolveExactly!();
  }, 120_000);

  it('maps each export subpath to the source its build starts from: a custom condition, bundler entries, outDir/rootDir, tsconfig paths', () => {
    expect(imports(exact.imports).filter((row) => row.startsWith('packages/app/'))).toEqual([
      // The custom `@twin/source` condition names the TS file; the others name builds traced back to their entries.
      'packages/app/src/main.ts -> packages/postgres/lib/postgres-client.ts openClient',
      'packages/app/src/main.ts -> packages/report/lib-src/summary.ts summarize',
      'packages/app/src/main.ts -> packages/sql/src/exports/query.ts runQuery',
      'packages/app/src/main.ts -> packages/sql/src/format/index.ts formatRows',
      'packages/app/src/main.ts -> packages/utils/source/strings.ts shout',
      'packages/app/src/main.ts -> packages/widgets/src/entry/widgets.ts renderWidget',
    ]);
  });

  it("keeps the checker's answer: cross-package calls exact, built-ins without an edge, an untyped receiver guessed only among the packages app reaches", () => {
    expect(appCalls(exact.calls)).toEqual([
      'packages/app/src/main.ts#main -> packages/postgres/lib/postgres-client.ts#Client.close exact',
      'packages/app/src/main.ts#main -> packages/postgres/lib/postgres-client.ts#openClient exact',
      'packages/app/src/main.ts#main -> packages/report/lib-src/summary.ts#summarize exact',
      'packages/app/src/main.ts#main -> packages/sql/src/format/index.ts#formatRows exact',
      'packages/app/src/main.ts#main -> packages/sql/src/query.ts#runQuery exact',
      'packages/app/src/main.ts#main -> packages/utils/source/strings.ts#shout exact',
      'packages/app/src/main.ts#main -> packages/widgets/src/entry/widgets.ts#renderWidget exact',
      // `handle: any`: no answer from the checker. mongo's and sqlite's `connect` are not app's dependencies.
      'packages/app/src/main.ts#untyped -> packages/postgres/lib/postgres-client.ts#connect ambiguous',
      'packages/app/src/main.ts#untyped -> packages/sql/src/query.ts#connect ambiguous',
      // labels: `ids.map(String).join(', ')` and `iterator.next()` are the standard library's: no edge to SqlPath.join or Cursor.next.
    ]);
    expect(calls(exact.calls).filter((row) => /mongo|sqlite/.test(row) && !/^packages\/(mongo|sqlite)\//.test(row))).toEqual([]);
    // Inside sql: its own `join` call is the standard library's too.
    expect(calls(exact.calls).filter((row) => row.includes('#SqlPath.') || row.includes('#Cursor.'))).toEqual([]);
  });

  it('completes on bad input, naming each file and reason, and reports how many export subpaths resolved to source', () => {
    const findings = [
      {
        path: 'package.json',
        reason: 'workspace: 8 of 9 export subpaths resolved to source; the others are listed with their package.json',
      },
      { path: 'packages/broken/package.json', reason: 'exports: "./bad" has a number where a target or conditions belong' },
      { path: 'packages/broken/package.json', reason: 'exports: target "@twin/sql/query" of "./self" does not start with "./"' },
      { path: 'packages/broken/package.json', reason: 'workspace export "@twin/broken/gone" (./dist/gone.js): no source file found' },
      { path: 'packages/broken/tsconfig.json', reason: "tsconfig: Cannot read file 'packages/broken/missing-base.json'." },
      {
        path: 'packages/broken/tsdown.config.ts',
        reason: 'entry at line 5 is computed (CallExpression): not read without running the config; its outputs are mapped by layout only',
      },
    ];
    expect(reading.snapshot.skipped).toEqual(findings);
    expect(exact.skipped).toEqual(findings);
    // What could be read still is: `./ok` by the layout, and broken's calls are checked.
    expect(exact.files.map((file) => file.path)).toContain('packages/broken/src/ok.ts');
  });
});
