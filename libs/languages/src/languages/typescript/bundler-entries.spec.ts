import { readNpmPackage } from '../../provided-packages';
import { readBundlerEntries } from './bundler-entries';

const paths = new Set([
  'pkg/src/exports/a.ts',
  'pkg/src/exports/nested/b.ts',
  'pkg/src/a.ts',
  'pkg/src/cli.ts',
  'pkg/src/types.d.ts',
  'pkg/src/format/index.ts',
  'pkg/lib/main.ts',
]);

describe('readBundlerEntries: a bundler config read from its syntax, never run', () => {
  it('names an array of entries by their path under the common directory (tsdown, tsup)', () => {
    const text = "export default defineConfig({ entry: ['src/exports/a.ts', 'src/exports/nested/b.ts'], outDir: 'out' });";
    const { entries, problem } = readBundlerEntries('pkg/tsdown.config.ts', text, paths);
    expect(problem).toBeNull();
    expect(entries?.outDir).toBe('out');
    expect([...entries!.sources]).toEqual([
      ['a', 'pkg/src/exports/a.ts'],
      ['nested/b', 'pkg/src/exports/nested/b.ts'],
    ]);
  });

  it('names an object of entries by its keys, in an array of configs (rollup `input`)', () => {
    const text = "export default [{ input: { main: 'lib/main.ts', 'exports/a': './src/exports/a.ts' }, output: { dir: 'build' } }];";
    const { entries } = readBundlerEntries('pkg/rollup.config.mjs', text, paths);
    expect(entries?.outDir).toBe('build');
    expect([...entries!.sources]).toEqual([
      ['main', 'pkg/lib/main.ts'],
      ['exports/a', 'pkg/src/exports/a.ts'],
    ]);
  });

  it("expands a glob among the listed files, leaving declaration files out (tsup's entry globs)", () => {
    const { entries } = readBundlerEntries('pkg/tsup.config.ts', "export default { entry: ['src/*.ts'] };", paths);
    expect([...entries!.sources]).toEqual([
      ['a', 'pkg/src/a.ts'],
      ['cli', 'pkg/src/cli.ts'],
    ]);
  });

  it.each([
    ['a variable', 'const entries = ["src/a.ts"];\nexport default { entry: entries };', 'entry at line 2 is computed (Identifier)'],
    ['a spread', "export default { entry: [...base, 'src/a.ts'] };", 'entry at line 1 is computed, not a string'],
    ['a template with a substitution', 'export default { entry: { a: `src/${name}.ts` } };', 'entry at line 1 is computed, not a string'],
  ])('says an entry made of %s cannot be read without running the config', (_, text, reason) => {
    const { entries, problem } = readBundlerEntries('pkg/tsdown.config.ts', text, paths);
    expect(entries).toBeNull();
    expect(problem).toBe(`${reason}: not read without running the config`);
  });
});

describe('readNpmPackage: export subpaths mapped to the source they are built from', () => {
  const read = (manifest: unknown, files: Record<string, string> = {}) =>
    readNpmPackage('pkg', JSON.stringify(manifest), new Set([...paths, ...Object.keys(files)]), (path) => files[path] ?? null);

  it('takes a custom condition naming a TS file first, then builds traced back through the layouts', () => {
    const reading = read({
      name: 'p',
      exports: {
        '.': { types: './dist/index.d.ts', source: './lib/main.ts', default: './dist/index.js' },
        './a': './dist/a.mjs',
        './format': { types: './dist/format.d.ts' },
        './nested/b': './dist/nested/b.js',
        './styles.css': './dist/styles.css',
        './*': './dist/*.js',
      },
    });
    expect(reading.row?.entries).toEqual({
      '': 'pkg/lib/main.ts',
      // No bundler config: `dist/a` is looked for as src/a before src/exports/a.
      a: 'pkg/src/a.ts',
      format: 'pkg/src/format/index.ts',
      'nested/b': 'pkg/src/exports/nested/b.ts',
    });
    expect(reading).toMatchObject({ subpaths: 4, unresolved: [], warnings: [] });
  });

  it("prefers the bundler's entry to a same-named file beside it", () => {
    const reading = read(
      { name: 'p', exports: { './a': './dist/a.mjs' } },
      { 'pkg/tsdown.config.ts': "export default { entry: ['src/exports/a.ts'] };" },
    );
    expect(reading.row?.entries).toEqual({ a: 'pkg/src/exports/a.ts' });
  });

  it('maps what it can of bad input and says what it could not, with the file', () => {
    expect(readNpmPackage('pkg', '{ "name": ', paths, () => null)).toEqual({
      row: null,
      unresolved: [],
      subpaths: 0,
      warnings: [{ path: 'pkg/package.json', reason: expect.stringMatching(/^not JSON \(.+\): its package is not mapped to source$/) }],
    });
    expect(read({ name: 'p', exports: { '.': './dist/a.js', import: './dist/a.mjs' } }).warnings).toEqual([
      { path: 'pkg/package.json', reason: 'exports: mixes subpaths and conditions (import)' },
    ]);
    expect(read({ name: 'p', exports: true }).warnings).toEqual([
      { path: 'pkg/package.json', reason: 'exports: is a boolean, not a path, an array or an object' },
    ]);
    const deep = read({ name: 'p', exports: { './x': { a: { b: { c: { d: { e: { f: { g: { h: { i: './dist/x.js' } } } } } } } } } } });
    expect(deep.warnings).toEqual([{ path: 'pkg/package.json', reason: 'exports: "./x" nests conditions more than 8 deep' }]);
    expect(read({ name: 'p', exports: { './gone': './dist/gone.js' } }).unresolved).toEqual([
      { subpath: 'gone', target: './dist/gone.js' },
    ]);
    // A config made by code builds what no source answers to: named, with the count.
    const shell = read(
      { name: 'p', exports: { './gone': './dist/gone.js', './a': './dist/a.js' } },
      { 'pkg/tsdown.config.ts': "export default defineShellConfig('p');" },
    );
    expect(shell.warnings).toEqual([
      {
        path: 'pkg/tsdown.config.ts',
        reason: 'names no entry to read (its configuration is made by code, not run): 1 export subpaths of its package map to no source',
      },
    ]);
  });
});
