import type { SymbolRef } from '@lore/domain';
import { entryPointChoice, importedModules, isEntryFile, modulePath } from './entry-points';

const symbol = (name: string, path: string, startLine = 1): SymbolRef => ({
  uid: `${path}#${name}`,
  kind: 'class',
  name,
  qualifiedName: name,
  repositoryId: 'r',
  path,
  startLine,
  endLine: startLine + 10,
});

describe('isEntryFile', () => {
  it.each([
    ['src/index.ts', true],
    ['index.js', true],
    ['mod.ts', true],
    ['src/click/__init__.py', true],
    ['click/__init__.py', true],
    ['src/preset/tiny.ts', false],
    ['src/click/core.py', false],
  ])('%s', (path, expected) => {
    expect(isEntryFile(path)).toBe(expected);
  });
});

describe('importedModules', () => {
  it('resolves relative script and Python imports from the entry file', () => {
    expect([...importedModules('src/index.ts', "import { Hono } from './hono'\nexport * from '../x.js'\nimport y from 'pkg'")]).toEqual([
      'src/hono',
      'x',
    ]);
    expect([...importedModules('src/click/__init__.py', 'from .core import Group as Group\nfrom .sub.mod import x\nimport os')]).toEqual([
      'src/click/core',
      'src/click/sub/mod',
    ]);
  });
});

describe('modulePath', () => {
  it('drops the extension and an index', () => {
    expect(modulePath('src/hono.ts')).toBe('src/hono');
    expect(modulePath('src/router/index.ts')).toBe('src/router');
    expect(modulePath('src/click/__init__.py')).toBe('src/click');
  });
});

describe('entryPointChoice', () => {
  const entries = new Map([['src/index.ts', "import { Hono } from './hono'\nexport { Hono }"]]);

  it('picks the one candidate an entry file imports and names', () => {
    const candidates = [symbol('Hono', 'src/hono-base.ts'), symbol('Hono', 'src/hono.ts'), symbol('Hono', 'src/preset/tiny.ts')];
    expect(entryPointChoice(candidates, entries)?.path).toBe('src/hono.ts');
  });

  it('picks none when no entry file exports a candidate, or when two do', () => {
    expect(entryPointChoice([symbol('Hono', 'src/a.ts'), symbol('Hono', 'src/b.ts')], entries)).toBeNull();
    const both = new Map([['src/index.ts', "import { Hono } from './a'\nimport { Hono as B } from './b'"]]);
    expect(entryPointChoice([symbol('Hono', 'src/a.ts'), symbol('Hono', 'src/b.ts')], both)).toBeNull();
  });

  it("takes a Go declaration of the root package over a subpackage's", () => {
    expect(entryPointChoice([symbol('Command', 'command.go'), symbol('Command', 'doc/util.go')], new Map())?.path).toBe('command.go');
  });
});
