import type { HealthFacts, HealthImportRow } from '@lore/graph';
import { healthFile, healthSymbol } from '../../test/health-rows';
import { buildReport } from './analysis-report';
import { groupClones } from './clone-groups';
import { classMeasures, importCycles, moduleMeasures } from './design-metrics';
import type { Publication } from './publication';
import { checkedAgainstCode, deadCodeQuestions, unreachedSymbols } from './reachability';
import { filteredFindings, findingView, NO_STORED_BASELINE, pageOf, runSummary } from './report-views';

/** A library, as a published package.json makes it. */
const LIBRARY: Publication = { published: true, by: 'package.json publishes demo (not private)' };

const symbol = healthSymbol;

const signature = (seed: number, changed = 0) =>
  Array.from({ length: 16 }, (_, index) => (index < changed ? 1000 + index : seed * 100 + index));

describe('clone groups from stored fingerprints', () => {
  it('groups exact copies, renamed copies and near misses, one group per duplication', () => {
    const groups = groupClones(
      [
        symbol({ uid: 'a', path: 'src/a.ts', exactFingerprint: 'e1', renamedFingerprint: 'r1', nearMissSignature: signature(1) }),
        symbol({ uid: 'b', path: 'src/b.ts', exactFingerprint: 'e1', renamedFingerprint: 'r1', nearMissSignature: signature(1) }),
        symbol({ uid: 'c', path: 'src/c.ts', exactFingerprint: 'e2', renamedFingerprint: 'r2', nearMissSignature: signature(2) }),
        symbol({ uid: 'd', path: 'src/d.ts', exactFingerprint: 'e3', renamedFingerprint: 'r2', nearMissSignature: signature(2) }),
        // 14 of 16 positions equal: 0.875 ≥ 0.8.
        symbol({ uid: 'e', path: 'src/e.ts', exactFingerprint: 'e4', renamedFingerprint: 'r4', nearMissSignature: signature(3) }),
        symbol({ uid: 'f', path: 'src/f.ts', exactFingerprint: 'e5', renamedFingerprint: 'r5', nearMissSignature: signature(3, 2) }),
        // 8 of 16: not a clone.
        symbol({ uid: 'g', path: 'src/g.ts', exactFingerprint: 'e6', renamedFingerprint: 'r6', nearMissSignature: signature(3, 8) }),
        // A factory and the closure it returns: similar because one holds the other, never a clone.
        symbol({
          uid: 'h',
          path: 'src/h.ts',
          startLine: 1,
          endLine: 20,
          exactFingerprint: 'e7',
          renamedFingerprint: 'r7',
          nearMissSignature: signature(4),
        }),
        symbol({
          uid: 'h.return',
          path: 'src/h.ts',
          startLine: 3,
          endLine: 18,
          nested: true,
          parentUid: 'h',
          exactFingerprint: 'e8',
          renamedFingerprint: 'r8',
          nearMissSignature: signature(4, 2),
        }),
      ],
      0.8,
    );
    expect(groups.map((group) => [group.type, group.similarity, group.members.map((member) => member.path)])).toEqual([
      ['exact', 1, ['src/a.ts', 'src/b.ts']],
      ['renamed', 1, ['src/c.ts', 'src/d.ts']],
      ['near_miss', 0.875, ['src/e.ts', 'src/f.ts']],
    ]);
  });

  it('merges overlapping block windows into one span and drops blocks inside a function clone', () => {
    const groups = groupClones(
      [
        symbol({ uid: 'p', path: 'src/p.ts', startLine: 1, endLine: 40, blockFingerprints: ['h1:5-10', 'h2:8-14'] }),
        symbol({ uid: 'q', path: 'src/q.ts', startLine: 1, endLine: 40, blockFingerprints: ['h1:21-26', 'h2:24-30'] }),
        symbol({ uid: 'x', path: 'src/x.ts', exactFingerprint: 'e', renamedFingerprint: 'r', blockFingerprints: ['h9:2-8'] }),
        symbol({ uid: 'y', path: 'src/y.ts', exactFingerprint: 'e', renamedFingerprint: 'r', blockFingerprints: ['h9:2-8'] }),
      ],
      0.8,
    );
    expect(
      groups.map((group) => [group.kind, group.members.map((member) => `${member.path}:${member.startLine}-${member.endLine}`)]),
    ).toEqual([
      ['function_clone', ['src/x.ts:1-10', 'src/y.ts:1-10']],
      ['block_clone', ['src/p.ts:5-14', 'src/q.ts:21-30']],
    ]);
  });

  it("makes each copy inside one declaration a place of its own, a nested body's windows no second place", () => {
    const places = (groups: ReturnType<typeof groupClones>) =>
      groups.map((group) => group.members.map((member) => `${member.path}:${member.startLine}-${member.endLine}`));
    // Three overloads of one interface, each 10 lines, the same windows in each: one group of three places.
    const overloads = symbol({
      uid: 'i',
      kind: 'interface',
      path: 'src/i.ts',
      startLine: 1,
      endLine: 40,
      blockFingerprints: ['a:2-6', 'b:5-9', 'a:12-16', 'b:15-19', 'a:22-26', 'b:25-29', 'c:33-36'],
    });
    // A closure's windows are its encloser's too, at the same lines: the same place, not a copy.
    const outer = symbol({ uid: 'o', path: 'src/o.ts', startLine: 1, endLine: 20, blockFingerprints: ['d:3-7', 'c:50-53'] });
    const inner = symbol({ uid: 'n', path: 'src/o.ts', startLine: 2, endLine: 9, nested: true, blockFingerprints: ['d:3-7'] });
    expect(places(groupClones([overloads, outer, inner], 0.8))).toEqual([
      ['src/i.ts:2-9', 'src/i.ts:12-19', 'src/i.ts:22-29'],
      ['src/i.ts:33-36', 'src/o.ts:50-53'],
    ]);
  });

  it('leaves out a window at more than 16 places (boilerplate), keeps one at 16', () => {
    const at = (count: number, hash: string) =>
      Array.from({ length: count }, (_, index) =>
        symbol({ uid: `${hash}${index}`, path: `src/${hash}${index}.ts`, blockFingerprints: [`${hash}:1-5`] }),
      );
    const groups = groupClones([...at(17, 'x'), ...at(16, 'y')], 0.8);
    expect(groups.map((group) => [group.members.length, group.members[0]!.path])).toEqual([[16, 'src/y0.ts']]);
  });
});

describe('coupling, cohesion and modules', () => {
  const facts: HealthFacts = {
    files: [],
    symbols: [
      symbol({ uid: 'A', path: 'a.ts', kind: 'class' }),
      symbol({ uid: 'A.m1', path: 'a.ts', kind: 'method', parentUid: 'A' }),
      symbol({ uid: 'A.m2', path: 'a.ts', kind: 'method', parentUid: 'A' }),
      symbol({ uid: 'A.m3', path: 'a.ts', kind: 'method', parentUid: 'A' }),
      symbol({ uid: 'A.m1.cb', path: 'a.ts', kind: 'function', parentUid: 'A.m1', nested: true }),
      symbol({ uid: 'B', path: 'b.ts', kind: 'class' }),
      symbol({ uid: 'B.run', path: 'b.ts', kind: 'method', parentUid: 'B' }),
      symbol({ uid: 'C', path: 'c.ts', kind: 'class' }),
      // D: the constructor writes both fields (left out); a and b share `total`, c hands `d` on, d and e share nothing.
      symbol({ uid: 'D', path: 'd.ts', kind: 'class' }),
      symbol({ uid: 'D.constructor', name: 'constructor', path: 'd.ts', kind: 'method', parentUid: 'D', fieldWrites: ['total', 'log'] }),
      symbol({ uid: 'D.a', name: 'a', path: 'd.ts', kind: 'method', parentUid: 'D', fieldWrites: ['total'] }),
      symbol({ uid: 'D.b', name: 'b', path: 'd.ts', kind: 'method', parentUid: 'D' }),
      symbol({ uid: 'D.b.cb', path: 'd.ts', kind: 'function', parentUid: 'D.b', nested: true, fieldReads: ['total'] }),
      symbol({ uid: 'D.c', name: 'c', path: 'd.ts', kind: 'method', parentUid: 'D', fieldReads: ['d'] }),
      symbol({ uid: 'D.d', name: 'd', path: 'd.ts', kind: 'method', parentUid: 'D' }),
      symbol({ uid: 'D.e', name: 'e', path: 'd.ts', kind: 'method', parentUid: 'D', fieldReads: ['log'] }),
    ],
    references: [
      // The callback of m1 calls m2: m1 and m2 are one group; m3 is alone.
      { fromUid: 'A.m1.cb', toUid: 'A.m2', type: 'CALLS', confidence: 'exact' },
      { fromUid: 'A.m3', toUid: 'B.run', type: 'CALLS', confidence: 'exact' },
      { fromUid: 'C', toUid: 'A', type: 'EXTENDS', confidence: null },
    ],
    imports: [],
  };

  it('counts CBO both ways and LCOM4 over the calls between methods and the fields they share, constructors left out', () => {
    expect(classMeasures(facts).map(({ symbol: cls, cbo, lcom4, methods }) => [cls.uid, cbo, lcom4, methods])).toEqual([
      ['A', 2, 2, 3],
      ['B', 1, null, 1],
      ['C', 1, null, 0],
      // {a, b (through its callback)}, {c, d}, {e}.
      ['D', 0, 3, 5],
    ]);
  });

  it('finds runtime import cycles with Tarjan, tells cycles only through deferred imports apart, and measures instability', () => {
    const imports: HealthImportRow[] = [
      { fromPath: 'a.ts', toPath: 'b.ts', names: ['b'], kind: null },
      { fromPath: 'b.ts', toPath: 'c.ts', names: ['c'], kind: null },
      { fromPath: 'c.ts', toPath: 'a.ts', names: ['a'], kind: null },
      { fromPath: 'c.ts', toPath: 'd.ts', names: ['d'], kind: null },
      { fromPath: 'e.ts', toPath: 'e.ts', names: ['e'], kind: null },
      // models.py imports repo.py at run time; repo.py imports models.py for types only.
      { fromPath: 'models.py', toPath: 'repo.py', names: ['Repo'], kind: null },
      { fromPath: 'repo.py', toPath: 'models.py', names: ['Model'], kind: 'type_checking' },
      { fromPath: 'x.ts', toPath: 'y.ts', names: ['Y'], kind: 'type' },
      { fromPath: 'y.ts', toPath: 'x.ts', names: ['*'], kind: 'function_local' },
    ];
    expect(importCycles(imports)).toEqual([
      { paths: ['a.ts', 'b.ts', 'c.ts'], runtime: true, deferred: [] },
      { paths: ['e.ts'], runtime: true, deferred: [] },
      { paths: ['models.py', 'repo.py'], runtime: false, deferred: ['repo.py → models.py (type_checking)'] },
      { paths: ['x.ts', 'y.ts'], runtime: false, deferred: ['x.ts → y.ts (type)', 'y.ts → x.ts (function_local)'] },
    ]);
    expect(moduleMeasures(['c.ts', 'd.ts', 'z.ts'], imports)).toEqual([
      { path: 'c.ts', afferent: 1, efferent: 2, instability: 0.667 },
      { path: 'd.ts', afferent: 1, efferent: 0, instability: 0 },
      { path: 'z.ts', afferent: 0, efferent: 0, instability: null },
    ]);
  });
});

describe('dead code by reachability', () => {
  const facts: HealthFacts = {
    files: [],
    symbols: [
      symbol({ uid: 'api', path: 'src/api.ts', exported: true }),
      symbol({ uid: 'helper', path: 'src/api.ts' }),
      symbol({ uid: 'orphan', path: 'src/api.ts' }),
      symbol({ uid: 'guessed', path: 'src/api.ts' }),
      symbol({ uid: 'public', path: 'src/lib.ts' }),
      symbol({ uid: 'handler', path: 'src/api.ts', nested: true, parentUid: 'orphan' }),
      symbol({ uid: 'spec', path: 'test/api.spec.ts', kind: 'test', inTest: true }),
      symbol({ uid: 'tested', path: 'src/api.ts' }),
      // app.get('/x', () => registered()): a module-level callback is a registration.
      symbol({ uid: 'route(1)', path: 'src/server-routes.ts', nested: true }),
      symbol({ uid: 'registered', path: 'src/server-routes.ts' }),
      // const routes = generateRoutes(count): a top-level initializer runs when the module loads.
      symbol({ uid: 'routes', path: 'src/routes.ts', kind: 'variable' }),
      symbol({ uid: 'generateRoutes', path: 'src/routes.ts' }),
    ],
    references: [
      { fromUid: 'api', toUid: 'helper', type: 'CALLS', confidence: 'import' },
      { fromUid: 'api', toUid: 'guessed', type: 'CALLS', confidence: 'name' },
      { fromUid: 'spec', toUid: 'tested', type: 'TESTS', confidence: null },
      { fromUid: 'route(1)', toUid: 'registered', type: 'CALLS', confidence: 'exact' },
      { fromUid: 'routes', toUid: 'generateRoutes', type: 'CALLS', confidence: 'exact' },
    ],
    // index.ts re-exports `public`: public API, never dead.
    imports: [{ fromPath: 'src/index.ts', toPath: 'src/lib.ts', names: ['public'], kind: null }],
  };

  it('lists unreached symbols as dead, weakly reached ones and uncalled public names of a library as unknown, never nested bodies or re-exports', () => {
    expect(unreachedSymbols(facts, true, LIBRARY).map((item) => [item.symbol.uid, item.status, item.confidence, item.reason])).toEqual([
      ['api', 'unknown', 'low', 'package.json publishes demo (not private); nothing in the repository calls, imports or names it'],
      [
        'orphan',
        'dead',
        'high',
        'not exported, not re-exported, not an entry point, test, override or implementation, and nothing reachable calls it',
      ],
      ['guessed', 'unknown', 'low', 'reached only through calls matched by name (confidence name or ambiguous)'],
    ]);
    expect(unreachedSymbols(facts, false, LIBRARY).map((item) => item.confidence)).toEqual(['low', 'medium', 'low']);
  });

  it('in an application, a public name nothing uses is unknown, never dead (a runtime may call it), and what only it calls is not listed', () => {
    const application: Publication = { published: false, by: 'an application: package.json publishes no package' };
    expect(unreachedSymbols(facts, true, application).map((item) => [item.symbol.uid, item.status, item.publicApi ?? null])).toEqual([
      ['api', 'unknown', 'application'],
      ['orphan', 'dead', null],
      ['guessed', 'unknown', null],
    ]);
    expect(unreachedSymbols(facts, true, application)[0]!.reason).toBe(
      "public in an application (an application: package.json publishes no package) and nothing in the repository calls, imports or names it, but a runtime may (plugins loaded by name, a C extension's init, compiled JSX): not called dead",
    );
  });

  it("what a file's module-level code calls is reached when the file loads: strongly by a resolved call, weakly by a call matched by name", () => {
    const script: HealthFacts = {
      // setmode.js ends with `initDocument();` (exact), `initMode();` (matched by name only) and
      // `exportedInit();` (imported: a public name that is used, so not one nothing uses).
      files: [
        healthFile('static/setmode.js', 'javascript', 30, {
          calledAtLoad: [
            { uid: 'initDocument', confidence: 'exact' },
            { uid: 'initMode', confidence: 'name' },
            { uid: 'exportedInit', confidence: 'import' },
          ],
        }),
      ],
      symbols: [
        symbol({ uid: 'initDocument', path: 'static/setmode.js' }),
        symbol({ uid: 'bindButtons', path: 'static/setmode.js' }),
        symbol({ uid: 'initMode', path: 'static/setmode.js' }),
        symbol({ uid: 'leftover', path: 'static/setmode.js' }),
        symbol({ uid: 'exportedInit', path: 'static/init.js', exported: true }),
      ],
      references: [{ fromUid: 'initDocument', toUid: 'bindButtons', type: 'CALLS', confidence: 'exact' }],
      imports: [],
    };
    expect(unreachedSymbols(script, true, LIBRARY).map((item) => [item.symbol.uid, item.status, item.reason])).toEqual([
      ['initMode', 'unknown', 'reached only through calls matched by name (confidence name or ambiguous)'],
      [
        'leftover',
        'dead',
        'not exported, not re-exported, not an entry point, test, override or implementation, and nothing reachable calls it',
      ],
    ]);
  });

  it("a library's public name is not listed when the repository calls, imports, re-exports it or declares it in an entry file", () => {
    const library: HealthFacts = {
      files: [],
      symbols: [
        symbol({ uid: 'called', path: 'src/a.ts', exported: true }),
        symbol({ uid: 'caller', path: 'src/a.ts', exported: true }),
        symbol({ uid: 'importedOnly', name: 'importedOnly', path: 'src/types.ts', exported: true }),
        symbol({ uid: 'entry', path: 'src/main.ts', exported: true }),
        symbol({ uid: 'Widget', path: 'src/widget.ts', kind: 'class', exported: true }),
        symbol({ uid: 'Widget.draw', name: 'draw', path: 'src/widget.ts', kind: 'method', parentUid: 'Widget' }),
      ],
      references: [{ fromUid: 'caller', toUid: 'called', type: 'CALLS', confidence: 'exact' }],
      imports: [{ fromPath: 'src/a.ts', toPath: 'src/types.ts', names: ['importedOnly'], kind: 'type' }],
    };
    // caller and Widget: public, nothing uses them (their clients may); a member of a public class is its class's API, never listed.
    expect(unreachedSymbols(library, true, LIBRARY).map((item) => [item.symbol.uid, item.status, item.publicApi])).toEqual([
      ['caller', 'unknown', 'library'],
      ['Widget', 'unknown', 'library'],
    ]);
  });

  it("checks a library's uncalled public names against the code: decorated or named elsewhere is a use; a Python script outside a package is nobody's API", () => {
    const python: HealthFacts = {
      files: [
        healthFile('pkg/__init__.py', 'python', 1),
        healthFile('pkg/api.py', 'python', 30),
        healthFile('examples/demo.py', 'python', 9),
      ],
      symbols: [
        symbol({ uid: 'get_locales', path: 'pkg/api.py', startLine: 3, exported: true, language: 'python' }),
        symbol({ uid: 'command', path: 'pkg/api.py', startLine: 10, exported: true, language: 'python' }),
        symbol({ uid: 'handed_on', path: 'pkg/api.py', startLine: 20, exported: true, language: 'python' }),
        symbol({ uid: 'demo', path: 'examples/demo.py', startLine: 1, exported: true, language: 'python' }),
      ],
      references: [],
      imports: [],
    };
    expect(deadCodeQuestions(python, true, LIBRARY)).toEqual({
      codeEndings: ['.py'],
      names: ['command', 'get_locales', 'handed_on'],
      declarations: [
        { path: 'pkg/api.py', line: 3 },
        { path: 'pkg/api.py', line: 10 },
        { path: 'pkg/api.py', line: 20 },
      ],
    });
    const code = {
      occurrences: new Map([
        ['get_locales', 1],
        ['command', 1],
        ['handed_on', 2],
      ]),
      lines: new Map([
        ['pkg/api.py:3', 'def get_locales():'],
        ['pkg/api.py:10', '@cli.command()'],
        ['pkg/api.py:20', 'def handed_on():'],
      ]),
    };
    expect(
      checkedAgainstCode(unreachedSymbols(python, true, LIBRARY), python, code).map((item) => [
        item.symbol.uid,
        item.status,
        item.publicApi,
      ]),
    ).toEqual([['get_locales', 'unknown', 'library']]);
  });

  it('checks each item called dead against the code: decorated is registered, named elsewhere is unknown, unread code calls nothing dead', () => {
    const candidates: HealthFacts = {
      ...facts,
      symbols: [
        symbol({ uid: 'orphan', path: 'src/api.ts', startLine: 3 }),
        symbol({ uid: 'route', path: 'src/views.py', startLine: 7, language: 'python' }),
        symbol({ uid: 'handedOn', path: 'src/api.ts', startLine: 20 }),
      ],
      references: [],
      imports: [],
    };
    const files = [healthFile('src/views.py', 'python', 9), healthFile('README.md', 'markdown', 3)];
    expect(deadCodeQuestions({ ...candidates, files }, true, LIBRARY)).toEqual({
      codeEndings: ['.py'],
      names: ['handedOn', 'orphan', 'route'],
      declarations: [
        { path: 'src/api.ts', line: 3 },
        { path: 'src/views.py', line: 7 },
        { path: 'src/api.ts', line: 20 },
      ],
    });
    // A template runs code (`onload="orphan()"`): its files are searched too, a document's never.
    const withTemplates = [...files, healthFile('templates/base.html', 'html', 40)];
    expect(deadCodeQuestions({ ...candidates, files: withTemplates }, true, LIBRARY).codeEndings).toEqual(['.html', '.py']);
    const code = {
      // `handedOn` is named twice (its declaration and `app.use(handedOn)`); the others once each.
      occurrences: new Map([
        ['orphan', 1],
        ['route', 1],
        ['handedOn', 2],
      ]),
      lines: new Map([
        ['src/api.ts:3', 'function orphan() {'],
        ['src/views.py:7', '@app.route("/")'],
        ['src/api.ts:20', 'function handedOn() {'],
      ]),
    };
    const checked = checkedAgainstCode(unreachedSymbols(candidates, true, LIBRARY), candidates, code);
    expect(checked.map((item) => [item.symbol.uid, item.status, item.confidence])).toEqual([
      ['orphan', 'dead', 'high'],
      ['handedOn', 'unknown', 'low'],
    ]);
    expect(checkedAgainstCode(unreachedSymbols(candidates, true, LIBRARY), candidates, null).map((item) => item.status)).toEqual([
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('calls a method dead only when its class is still dead once checked: a class named in code may be used through a base it overrides', () => {
    // click's _winconsole.py: io.BufferedReader(_WindowsConsoleReader(handle)) calls readinto; the
    // call to the class is matched by name only, so reachability alone calls both dead.
    const candidates: HealthFacts = {
      files: [],
      symbols: [
        symbol({ uid: 'Reader', path: 'src/console.py', kind: 'class', startLine: 128, language: 'python' }),
        symbol({
          uid: 'Reader.readinto',
          name: 'readinto',
          path: 'src/console.py',
          kind: 'method',
          parentUid: 'Reader',
          startLine: 132,
          language: 'python',
        }),
        symbol({ uid: 'Leftover', path: 'src/console.py', kind: 'class', startLine: 200, language: 'python' }),
        symbol({
          uid: 'Leftover.flushAll',
          name: 'flushAll',
          path: 'src/console.py',
          kind: 'method',
          parentUid: 'Leftover',
          startLine: 201,
          language: 'python',
        }),
      ],
      references: [],
      imports: [],
    };
    const code = {
      occurrences: new Map([
        ['Reader', 2],
        ['readinto', 1],
        ['Leftover', 1],
        ['flushAll', 1],
      ]),
      lines: new Map([
        ['src/console.py:128', 'class Reader(RawIOBase):'],
        ['src/console.py:132', '    def readinto(self, b):'],
        ['src/console.py:200', 'class Leftover:'],
        ['src/console.py:201', '    def flushAll(self):'],
      ]),
    };
    expect(
      checkedAgainstCode(unreachedSymbols(candidates, false, LIBRARY), candidates, code).map((item) => [
        item.symbol.uid,
        item.status,
        item.confidence,
      ]),
    ).toEqual([
      ['Reader', 'unknown', 'low'],
      ['Reader.readinto', 'unknown', 'low'],
      ['Leftover', 'dead', 'medium'],
      ['Leftover.flushAll', 'dead', 'medium'],
    ]);
  });
});

describe('the canonical report', () => {
  const facts: HealthFacts = {
    files: [healthFile('src/a.ts', 'typescript', 40), healthFile('src/b.ts', 'typescript', 30)],
    symbols: [
      symbol({
        uid: 'f',
        path: 'src/a.ts',
        exported: true,
        complexity: 25,
        cognitiveComplexity: 30,
        exactFingerprint: 'e',
        renamedFingerprint: 'r',
      }),
      symbol({ uid: 'g', path: 'src/b.ts', exported: true, complexity: 3, exactFingerprint: 'e2', renamedFingerprint: 'r' }),
      symbol({ uid: 'h', path: 'src/b.ts', startLine: 12, endLine: 20, complexity: null }),
    ],
    references: [],
    imports: [],
  };
  const settings = {
    repository: 'demo',
    commit: 'c0ffee',
    mode: 'full' as const,
    thresholds: { complexity: 20, coupling: 10, cohesion: 4 },
    callsExact: true,
    publication: LIBRARY,
    // Code that names no symbol but where it is declared.
    namesInCode: { occurrences: new Map(), lines: new Map() },
  };

  it('is the same bytes for the same facts and settings, and its digest is the run id', () => {
    const first = buildReport(facts, settings);
    const again = buildReport(structuredClone(facts), settings);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(first.integrity.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(runSummary(first, '0.1.0', NO_STORED_BASELINE).run_id).toBe(first.integrity.digest.slice(0, 8));
    expect(buildReport(facts, { ...settings, thresholds: { ...settings.thresholds, complexity: 30 } }).integrity.digest).not.toBe(
      first.integrity.digest,
    );
  });

  it('holds one finding per family item, with ids that survive a line move', () => {
    const report = buildReport(facts, settings);
    expect(
      report.findings.items.map((finding) => [
        finding.family,
        finding.kind,
        finding.clone_type,
        finding.status,
        finding.locations.map((l) => l.symbol),
      ]),
    ).toEqual([
      ['clones', 'function_clone', 'renamed', null, ['f', 'g']],
      ['complexity', 'cyclomatic', null, null, ['f']],
      ['dead_code', 'unreachable', null, 'dead', ['h']],
    ]);
    // f and g: exported in a library and nothing calls them. Information (their clients may use them), never a finding.
    expect(report.findings.information!.map((item) => [item.kind, item.severity, item.status, item.title, item.id.slice(0, 3)])).toEqual([
      ['unused_public_api', 'info', 'unknown', 'f: information: unused in this repository, public API of a library', 'DC-'],
      ['unused_public_api', 'info', 'unknown', 'g: information: unused in this repository, public API of a library', 'DC-'],
    ]);
    expect(report.findings.information![0]!.message).toBe(
      'function f: information: unused in this repository, public API of a library, its clients may use it (package.json publishes demo (not private); nothing in the repository calls, imports or names it).',
    );
    expect(report.findings.summary).toEqual({
      total: 3,
      by_family: { clones: 1, complexity: 1, coupling: 0, cohesion: 0, dead_code: 1, dependencies: 0 },
      by_source_kind: { production: 3, tests: 0, mixed: 0 },
    });
    const moved = buildReport(
      { ...facts, symbols: facts.symbols.map((row) => ({ ...row, startLine: row.startLine + 3, endLine: row.endLine + 3 })) },
      settings,
    );
    expect(moved.findings.items.map((finding) => finding.id).sort()).toEqual(report.findings.items.map((finding) => finding.id).sort());
    expect(moved.integrity.digest).not.toBe(report.integrity.digest);
    expect(report.findings.items.map((finding) => finding.id.replace(/[0-9a-f]{6}$/, 'hash'))).toEqual(['CL-hash', 'CX-hash', 'DC-hash']);
  });

  it('says what was not measured instead of counting it as zero', () => {
    const report = buildReport(facts, settings);
    expect(report.inventory.coverage).toEqual({
      complexity: { measured: 2, total: 3 },
      cognitive_complexity: { measured: 1, total: 3 },
      clone_fingerprints: { measured: 2, total: 3 },
    });
    expect(runSummary(report, '0.1.0', NO_STORED_BASELINE).warnings).toEqual([
      'cyclomatic complexity is not measured for 1 of 3 function bodies (null in the index, not zero).',
      'cognitive complexity is not measured for 2 of 3 function bodies (null in the index, not zero).',
      'clone fingerprints is not measured for 1 of 3 function bodies (null in the index, not zero).',
    ]);
    expect(report.metrics.summary.health.dimensions.map((dimension) => [dimension.name, dimension.score])).toEqual(
      [
        ['clones', 0],
        ['complexity', 50],
        ['coupling', null],
        ['cohesion', null],
        ['dead_code', 67],
        ['dependencies', 100],
      ].filter(([, score]) => score !== null),
    );
  });

  it('marks health unavailable in clones_only mode and keeps the clone findings', () => {
    const report = buildReport(facts, { ...settings, mode: 'clones_only' });
    expect(report.metrics.summary.health).toEqual({ available: false, score: null, grade: null, dimensions: [] });
    expect(report.findings.items.map((finding) => finding.family)).toEqual(['clones']);
  });

  it('projects findings by detail level: path:line, structured locations, then everything with uris', () => {
    const report = buildReport(facts, settings);
    const clone = report.findings.items.find((finding) => finding.family === 'clones')!;
    expect(findingView(clone, 'summary', report).locations).toEqual(['src/a.ts:1', 'src/b.ts:1']);
    expect(findingView(clone, 'normal', report).locations).toEqual([
      { path: 'src/a.ts', line: 1, end_line: 10, symbol: 'f' },
      { path: 'src/b.ts', line: 1, end_line: 10, symbol: 'g' },
    ]);
    const full = findingView(clone, 'full', report);
    expect(full.locations[0]).toEqual({ path: 'src/a.ts', line: 1, end_line: 10, symbol: 'f', uri: 'code://demo/c0ffee/src/a.ts#L1-L10' });
    expect(full.priority_factors).toEqual({ severity_weight: 2, size: 20, production: true, confidence_weight: 1 });
    const page = pageOf(report, filteredFindings(report, { novelty: 'all', sort_by: 'priority', path: 'src/b.ts' }), 'summary', 0, 1);
    expect([page.total, page.items.map((item) => item.family), page.next_offset]).toEqual([2, ['clones'], 1]);
  });
});
