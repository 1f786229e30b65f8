import type { HealthFacts, HealthSymbolRow } from '@lore/graph';
import { healthFile, healthSymbol } from '../../test/health-rows';
import type { Publication } from './publication';
import { declaredAll, withDeclaredAll } from './python-all';
import { unreachedSymbols } from './reachability';

describe("a Python module's __all__, read from its text", () => {
  it.each([
    ['a list', `__all__ = ['a', "b",]\n`, ['a', 'b']],
    [
      'an annotated list over lines with comments, then += of a tuple',
      `__all__: list[str] = [\n    "a",  # the first\n    'b'\n]\n\n__all__ += ("c",)  # one more\n`,
      ['a', 'b', 'c'],
    ],
    ['the last assignment, not the first', `__all__ = ['a']\n__all__ = ['b']\n`, ['b']],
    ['an empty tuple: nothing published', `__all__ = ()\n`, []],
    ['a later read of it changes nothing', `__all__ = ['a']\nfor name in __all__:\n    print(name)\n__all__ == ['a']\n`, ['a']],
  ])('%s', (_case, text, names) => {
    expect([...(declaredAll(text) ?? ['not read'])]).toEqual(names);
  });

  it.each([
    ['a module that never assigns it', `from .core import *\nall_names = ['a']\n`],
    ["a list built from another module's", `__all__ = core.__all__ + ['a']\n`],
    ['two lists added', `__all__ = ['a'] + ['b']\n`],
    ['a list method', `__all__ = ['a']\n__all__.extend(extra)\n`],
    ['an assignment under an if', `__all__ = ['a']\nif FAST:\n    __all__ += ['fast']\n`],
    ['a name that is not a plain string literal', `__all__ = [f'{prefix}a']\n`],
  ])('is null, the underscore rule kept, for %s', (_case, text) => {
    expect(declaredAll(text)).toBeNull();
  });
});

const LIBRARY: Publication = { published: true, by: 'pyproject.toml publishes demo' };

/** A function of pkg/api.py, lines 1-2, public by the index's underscore rule. */
function pythonSymbol(uid: string, fields: Partial<HealthSymbolRow> = {}): HealthSymbolRow {
  const name = uid.split('.').pop()!;
  return healthSymbol({
    uid,
    name,
    qualifiedName: uid,
    path: 'pkg/api.py',
    language: 'python',
    endLine: 2,
    exported: !name.startsWith('_'),
    ...fields,
  });
}

describe('__all__ in the exported flags and in dead code by reachability', () => {
  // pkg/api.py: `__all__ = ["_connect", "_Session"]`; helper is public by the underscore rule alone.
  const facts: HealthFacts = {
    files: [healthFile('pkg/__init__.py', 'python', 1), healthFile('pkg/api.py', 'python', 20), healthFile('pkg/other.py', 'python', 5)],
    symbols: [
      pythonSymbol('_connect'),
      pythonSymbol('helper'),
      pythonSymbol('_Session', { kind: 'class', exported: false }),
      pythonSymbol('_Session.close', { kind: 'method', parentUid: '_Session', exported: false }),
      pythonSymbol('_Session._reset', { kind: 'method', parentUid: '_Session', exported: false }),
      pythonSymbol('_Session.__enter__', { kind: 'method', parentUid: '_Session', exported: false }),
      pythonSymbol('unlisted', { path: 'pkg/other.py' }),
    ],
    references: [],
    imports: [],
  };
  const texts = new Map([
    ['pkg/api.py', '__all__ = ["_connect", "_Session"]\n'],
    ['pkg/other.py', '__all__ = other.__all__\n'],
  ]);

  it('marks exported what __all__ lists and the public members of a listed class; a module whose __all__ is unread keeps the index’s flags', () => {
    expect(withDeclaredAll(facts, texts, 'api').symbols.map((symbol) => [symbol.uid, symbol.exported])).toEqual([
      ['_connect', true],
      ['helper', false],
      ['_Session', true],
      ['_Session.close', true],
      ['_Session._reset', false],
      ['_Session.__enter__', true],
      ['unlisted', true],
    ]);
    expect(withDeclaredAll(facts, new Map(), 'api')).toBe(facts);
    // For dead code __all__ only adds: helper, left out of it, stays public (still importable, or registered by subclassing).
    expect(withDeclaredAll(facts, texts, 'uses').symbols.map((symbol) => [symbol.uid, symbol.exported])).toEqual([
      ['_connect', true],
      ['helper', true],
      ['_Session', true],
      ['_Session.close', true],
      ['_Session._reset', false],
      ['_Session.__enter__', true],
      ['unlisted', true],
    ]);
  });

  it("takes a listed underscore name as a library's public name, never dead, and an unlisted public-looking one as public still", () => {
    const listed = (input: HealthFacts) =>
      unreachedSymbols(input, true, LIBRARY).map((item) => [item.symbol.uid, item.status, item.publicApi ?? null]);
    // By the underscore rule alone: _connect and _Session's close and _reset are dead (the class itself is kept by
    // __enter__, which a runtime calls), helper a public name nothing uses.
    expect(listed(facts)).toEqual([
      ['_connect', 'dead', null],
      ['helper', 'unknown', 'library'],
      ['_Session.close', 'dead', null],
      ['_Session._reset', 'dead', null],
      ['unlisted', 'unknown', 'library'],
    ]);
    // By __all__: _connect and _Session are public too (reachability roots every member of a public class, _reset too).
    expect(listed(withDeclaredAll(facts, texts, 'uses'))).toEqual([
      ['_connect', 'unknown', 'library'],
      ['helper', 'unknown', 'library'],
      ['_Session', 'unknown', 'library'],
      ['unlisted', 'unknown', 'library'],
    ]);
  });
});
