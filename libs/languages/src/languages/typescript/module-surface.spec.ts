import ts from 'typescript';
import { changedNames, filesToResolveAgain, moduleSurface, wordsIn } from './module-surface';

const tree = (text: string, path = 'x.ts'): ts.SourceFile => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
const surface = (text: string, path?: string) => moduleSurface(tree(text, path));
const changed = (before: string, after: string, path?: string): string[] | null => {
  const names = changedNames(surface(before, path), surface(after, path));
  return names && [...names].sort();
};

const MODULE = [
  "import { Base } from './base';",
  '/** Adds. */',
  'export function add(a: number, b: number): number {',
  '  return a + b;',
  '}',
  'export class Box extends Base {}',
  'export function twice(a: number) {',
  '  return add(a, a);',
  '}',
  'const hidden = 1;',
  'export { hidden as shown };',
  '',
].join('\n');

describe('the names an edit changes', () => {
  it('is the name whose types changed: a body with no declared return type, JSDoc; not a typed body, not blank lines', () => {
    expect(changed(MODULE, MODULE.replace('add(a, a)', 'add(a, 2 * a)'))).toEqual(['twice']);
    expect(changed(MODULE, MODULE.replace('a + b', 'b + a'))).toEqual([]);
    expect(changed(MODULE, MODULE.replace('a + b', 'b + a'), 'x.js')).toEqual(['add']);
    expect(changed(MODULE, MODULE.replace('Adds.', 'Sums.'))).toEqual(['add']);
    expect(changed(MODULE, MODULE.replace('export class Box', '\n\nexport class Box'))).toEqual([]);
  });

  it('is a name added or removed, with the export list naming it', () => {
    expect(changed(MODULE, `${MODULE}export function sub(): void {}\n`)).toEqual(['sub']);
    expect(changed(MODULE, MODULE.replace('const hidden = 1;\nexport { hidden as shown };\n', ''))).toEqual(['hidden', 'shown']);
    expect(changed(MODULE, MODULE.replace("'./base'", "'./other'"))).toEqual(['Base']);
  });

  it('is the names a statement binding none mentions, and the whole module where it may write the exports', () => {
    expect(changed(MODULE, `${MODULE}add.extra = hidden;\n`)).toEqual(['add', 'hidden']);
    expect(changed(MODULE, `${MODULE}export * from './more';\n`)).toBeNull();
    const commonJs = 'function loud() {}\nmodule.exports = { loud };\n';
    expect(changed(commonJs, commonJs.replace('{ loud }', '{ loud, quiet: loud }'), 'x.js')).toBeNull();
  });

  it('tells words from parts of words', () => {
    expect([...wordsIn("remake(); maker; ns.$make; ns['é1'];\nimport { x } from './make';")]).toEqual([
      'remake',
      'maker',
      'ns',
      '$make',
      'é1',
      'import',
      'x',
      'from',
      'make',
    ]);
  });
});

describe('the files resolved again after an edit', () => {
  /** u.ts changes `B`; the others depend on it, directly or not. */
  const FILES: Record<string, string> = {
    'u.ts': 'export class A {}\nexport class B {}\n',
    // B only in a body no type depends on: resolved again, its names unchanged.
    'body-only.ts': "import { B } from './u';\nexport function useB(): void {\n  new B();\n}\n",
    'through-body.ts': "import { useB } from './body-only';\nexport const x = useB();\n",
    'direct.ts': "import { A, B } from './u';\nexport const a = new A();\nexport const b = new B();\n",
    'through-a.ts': "import { a } from './direct';\nexport const viaA = a;\n",
    'through-b.ts': "import { b } from './direct';\nexport const viaB = b;\n",
    'barrel.ts': "export * from './u';\n",
    'through-barrel.ts': "import * as all from './barrel';\nexport const b = new all.B();\n",
    'defaulted.ts': "import whatever from './u';\nexport const d = whatever;\n",
    'through-defaulted.ts': "import { d } from './defaulted';\nexport const e = d;\n",
  };
  const dependencies: [string, string[]][] = [
    ['direct.ts', ['u.ts']],
    ['body-only.ts', ['u.ts']],
    ['through-body.ts', ['body-only.ts']],
    ['through-a.ts', ['direct.ts']],
    ['through-b.ts', ['direct.ts']],
    ['barrel.ts', ['u.ts']],
    ['through-barrel.ts', ['barrel.ts']],
    ['defaulted.ts', ['u.ts']],
    ['through-defaulted.ts', ['defaulted.ts']],
  ];
  const again = (names: string[] | null): string[] =>
    [
      ...filesToResolveAgain(new Map([['u.ts', names && new Set(names)]]), {
        dependencies,
        text: (path) => FILES[path],
        tree: (path) => tree(FILES[path]!, path),
        target: (_from, specifier) => `${specifier.slice(2)}.ts`,
      }),
    ].sort();

  it('follows a changed name through the statements that mention it, and through re-exports', () => {
    // barrel.ts names nothing: what it re-exports passes through it to through-barrel.ts.
    expect(again(['B'])).toEqual(['body-only.ts', 'direct.ts', 'through-b.ts', 'through-barrel.ts', 'u.ts']);
  });

  it('reaches the direct importers of a changed default export under any name', () => {
    expect(again(['default'])).toEqual(['defaulted.ts', 'through-defaulted.ts', 'u.ts']);
  });

  it('follows a changed name from statement to statement within the changed file', () => {
    const chain: Record<string, string> = {
      'chain.ts': 'export class C {}\nconst first = () => new C();\nexport const second = () => first();\n',
      'uses-second.ts': "import { second } from './chain';\nexport const s = second();\n",
    };
    const found = filesToResolveAgain(new Map([['chain.ts', new Set(['C'])]]), {
      dependencies: [['uses-second.ts', ['chain.ts']]],
      text: (path) => chain[path],
      tree: (path) => tree(chain[path]!, path),
      target: () => 'chain.ts',
    });
    expect([...found].sort()).toEqual(['chain.ts', 'uses-second.ts']);
  });

  it('takes every dependent when the names are not known', () => {
    expect(again(null)).toEqual(Object.keys(FILES).sort());
  });
});
