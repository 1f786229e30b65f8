import { join } from 'node:path';
import { type CallRow, enclosedBodies, type RepositorySnapshot, type SymbolRow } from '@lore/domain';
import { FIXTURES } from '../../../../test/support/fixtures';
import { short } from '../../test/extraction-inputs';
import { readRepository } from '@lore/indexer';
import { signatureSimilarity, SIGNATURE_HASHES } from './fingerprints';

/** test/fixtures/function-bodies: every function body a symbol, measured, in four languages. */
let snapshot: RepositorySnapshot;

beforeAll(async () => {
  const reading = await readRepository(join(FIXTURES, 'function-bodies'), { tenantId: 't', maxFileBytes: 1 << 20 });
  snapshot = await reading.resolveExactly!();
}, 120_000);

const bodies = (prefix: string): [string, string, boolean, number | null, number | undefined, number | undefined][] =>
  snapshot.symbols
    .filter((symbol) => symbol.path.startsWith(prefix) && symbol.complexity !== null)
    .map((symbol) => [
      short(symbol.uid),
      symbol.kind,
      symbol.nested ?? false,
      symbol.complexity,
      symbol.cognitiveComplexity,
      symbol.bodyTokenCount,
    ]);
const symbol = (shortUid: string): SymbolRow => snapshot.symbols.find((row) => short(row.uid) === shortUid)!;
const calls = (prefix: string): [string, string, number, number, string][] =>
  snapshot.calls
    .filter((call: CallRow) => short(call.callerUid).startsWith(prefix))
    .map((call) => [short(call.callerUid), short(call.calleeUid), call.line, call.count, call.confidence]);
/** The ENCLOSES pairs the graph writer makes, enclosing body first. */
const encloses = (prefix: string): [string, string][] =>
  enclosedBodies(snapshot.symbols)
    .filter((pair) => short(pair.enclosingUid).startsWith(prefix))
    .map((pair): [string, string] => [short(pair.enclosingUid), short(pair.nestedUid)])
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));

describe('TypeScript function bodies', () => {
  it('gives every body a symbol named from its position, with cyclomatic and cognitive complexity and its token count', () => {
    // [uid, kind, nested, complexity, cognitiveComplexity, bodyTokenCount]
    expect(bodies('ts/')).toEqual([
      ['ts/clones.ts#totalPrice', 'function', false, 5, 5, 80],
      ['ts/clones.ts#totalPriceAgain', 'function', false, 5, 5, 80],
      ['ts/clones.ts#sumWeights', 'function', false, 5, 5, 80],
      ['ts/clones.ts#totalPriceLogged', 'function', false, 5, 5, 89],
      // for +1, switch +2, if +3, `continue outer` +1, ?: +3, catch +3.
      ['ts/clones.ts#classify', 'function', false, 6, 13, 90],
      ['ts/middleware.ts#audit', 'function', false, 1, 0, 15],
      // The factory is not charged the decisions of the handler it returns.
      ['ts/middleware.ts#requireRole', 'function', false, 1, 0, 125],
      ['ts/middleware.ts#requireRole.deny', 'function', true, 1, 0, 28],
      ['ts/middleware.ts#requireRole.return', 'function', true, 5, 5, 69],
      ['ts/middleware.ts#routes.list', 'function', true, 1, 0, 43],
      ['ts/middleware.ts#routes.list.map(0)', 'function', true, 1, 0, 8],
      ['ts/middleware.ts#routes.show', 'function', true, 2, 1, 19],
      // A concise arrow whose body is a function: the inner arrow's `?:`s are its own.
      ['ts/middleware.ts#larger', 'function', false, 1, 0, 26],
      ['ts/middleware.ts#larger.return', 'function', true, 3, 3, 20],
      ['ts/middleware.ts#serve', 'function', false, 1, 0, 31],
    ]);
    expect(symbol('ts/middleware.ts#requireRole.return')).toMatchObject({
      name: 'return',
      qualifiedName: 'requireRole.return',
      parentUid: symbol('ts/middleware.ts#requireRole').uid,
      signature: '(req, res) =>',
      startLine: 22,
      endLine: 30,
      exported: false,
      nested: true,
    });
    expect(symbol('ts/middleware.ts#requireRole')).not.toHaveProperty('nested');
  });

  it('gives calls inside a nested body to it, and the body it is defined in no CALLS edge to it but an ENCLOSES pair', () => {
    expect(calls('ts/middleware.ts')).toEqual([
      ['ts/middleware.ts#requireRole.deny', 'ts/middleware.ts#audit', 19, 1, 'exact'],
      ['ts/middleware.ts#requireRole.deny', 'ts/middleware.ts#Response.send', 20, 1, 'exact'],
      ['ts/middleware.ts#requireRole.deny', 'ts/middleware.ts#Response.status', 20, 1, 'exact'],
      ['ts/middleware.ts#requireRole.return', 'ts/middleware.ts#audit', 28, 1, 'exact'],
      ['ts/middleware.ts#requireRole.return', 'ts/middleware.ts#requireRole.deny', 24, 2, 'exact'],
      ['ts/middleware.ts#routes.list', 'ts/middleware.ts#Response.send', 35, 1, 'exact'],
      ['ts/middleware.ts#routes.show', 'ts/middleware.ts#Response.send', 41, 1, 'exact'],
      ['ts/middleware.ts#serve', 'ts/middleware.ts#requireRole', 47, 1, 'exact'],
      // An object-literal method called through its object, resolved by the checker.
      ['ts/middleware.ts#serve', 'ts/middleware.ts#routes.show', 48, 1, 'exact'],
    ]);
    expect(encloses('ts/middleware.ts')).toEqual([
      ['ts/middleware.ts#larger', 'ts/middleware.ts#larger.return'],
      ['ts/middleware.ts#requireRole', 'ts/middleware.ts#requireRole.deny'],
      ['ts/middleware.ts#requireRole', 'ts/middleware.ts#requireRole.return'],
      ['ts/middleware.ts#routes', 'ts/middleware.ts#routes.list'],
      ['ts/middleware.ts#routes', 'ts/middleware.ts#routes.show'],
      ['ts/middleware.ts#routes.list', 'ts/middleware.ts#routes.list.map(0)'],
    ]);
  });

  it('fingerprints clones: an exact copy, a renamed copy, a near-miss copy, and block windows', () => {
    const [original, again, renamed, nearMiss, other] = [
      'ts/clones.ts#totalPrice',
      'ts/clones.ts#totalPriceAgain',
      'ts/clones.ts#sumWeights',
      'ts/clones.ts#totalPriceLogged',
      'ts/clones.ts#classify',
    ].map(symbol);
    expect(again!.exactFingerprint).toBe(original!.exactFingerprint);
    expect(renamed!.exactFingerprint).not.toBe(original!.exactFingerprint);
    expect(renamed!.renamedFingerprint).toBe(original!.renamedFingerprint);
    expect(nearMiss!.renamedFingerprint).not.toBe(original!.renamedFingerprint);
    expect(original!.nearMissSignature).toHaveLength(SIGNATURE_HASHES);
    expect(signatureSimilarity(original!.nearMissSignature!, renamed!.nearMissSignature!)).toBe(1);
    // One statement more and one operator changed: 44 of 64 positions equal; an unrelated body shares a few shingles.
    expect(signatureSimilarity(original!.nearMissSignature!, nearMiss!.nearMissSignature!)).toBe(0.6875);
    expect(signatureSimilarity(original!.nearMissSignature!, other!.nearMissSignature!)).toBe(0.0625);
    // The window of four statements first, then the 50-token windows winnowing keeps: the same hashes
    // where the tokens are the same but for names and literals, none shared with an unrelated body.
    expect(hashes(again!)).toEqual(hashes(original!));
    expect(hashes(renamed!)).toEqual(hashes(original!));
    expect(lines(original!)).toEqual(['7-16', '6-13', '7-14', '8-16', '8-16', '8-16']);
    expect(lines(again!)).toEqual(['22-29', '20-26', '22-27', '23-29', '23-29', '23-29']);
    expect(lines(renamed!)).toEqual(['34-43', '33-40', '34-41', '35-43', '35-43', '35-43']);
    expect(lines(nearMiss!)).toEqual(['48-57', '49-58', '47-54', '47-54', '48-55', '48-55', '49-56', '50-58', '50-58', '51-58']);
    expect(hashes(other!).filter((hash) => hashes(original!).includes(hash))).toEqual([]);
    // An exported variable is no body, but its initializer's token windows are fingerprinted all the same.
    expect(lines(symbol('ts/middleware.ts#routes'))).toEqual(['34-41', '34-41', '35-41']);
    // Two interfaces copied one from the other, names changed: the same token window, each at its own lines.
    expect(hashes(symbol('ts/options.ts#ClientOptions'))).toEqual(hashes(symbol('ts/options.ts#ServerOptions')));
    expect([lines(symbol('ts/options.ts#ServerOptions')), lines(symbol('ts/options.ts#ClientOptions'))]).toEqual([['3-8'], ['11-16']]);
    // Under the minimum size: measured, not fingerprinted.
    expect(symbol('ts/middleware.ts#audit')).toMatchObject({
      bodyTokenCount: 15,
      exactFingerprint: null,
      renamedFingerprint: null,
      nearMissSignature: null,
      blockFingerprints: null,
    });
  });
});

const hashes = (row: SymbolRow): string[] => row.blockFingerprints!.map((window) => window.split(':')[0]!);
const lines = (row: SymbolRow): string[] => row.blockFingerprints!.map((window) => window.split(':')[1]!);

/** The planted clones of one language, in order: the original, its exact copy, its renamed copy, its near-miss copy; and an unrelated body. */
function expectClones(uids: string[], similarities: { nearMiss: number; unrelated: number }, windows: string[][]): void {
  const [original, again, renamed, nearMiss, other] = uids.map(symbol);
  expect(again!.exactFingerprint).toBe(original!.exactFingerprint);
  expect(renamed!.exactFingerprint).not.toBe(original!.exactFingerprint);
  expect(renamed!.renamedFingerprint).toBe(original!.renamedFingerprint);
  expect(nearMiss!.renamedFingerprint).not.toBe(original!.renamedFingerprint);
  expect(signatureSimilarity(original!.nearMissSignature!, renamed!.nearMissSignature!)).toBe(1);
  expect(signatureSimilarity(original!.nearMissSignature!, nearMiss!.nearMissSignature!)).toBe(similarities.nearMiss);
  expect(signatureSimilarity(original!.nearMissSignature!, other!.nearMissSignature!)).toBe(similarities.unrelated);
  // The same windows (statements, then tokens) where the tokens are the same but for names and literals.
  expect(hashes(again!)).toEqual(hashes(original!));
  expect(hashes(renamed!)).toEqual(hashes(original!));
  expect([original, again, renamed, nearMiss].map((row) => lines(row!))).toEqual(windows);
}

describe('Python function bodies', () => {
  it('gives nested defs and lambdas a symbol named from their position, each with its own complexity', () => {
    // [uid, kind, nested, complexity, cognitiveComplexity, bodyTokenCount]
    expect(bodies('py/')).toEqual([
      ['py/clones.py#total_price', 'function', false, 5, 5, 55],
      ['py/clones.py#total_price_again', 'function', false, 5, 5, 55],
      ['py/clones.py#sum_weights', 'function', false, 5, 5, 55],
      ['py/clones.py#total_price_logged', 'function', false, 5, 5, 61],
      ['py/handlers.py#audit', 'function', false, 1, 0, 8],
      ['py/handlers.py#require_role', 'function', false, 1, 0, 87],
      ['py/handlers.py#require_role.deny', 'function', true, 1, 0, 16],
      // if +1, elif +1, and +1, or +1, else +1 (cognitive); if, elif, and, or (cyclomatic).
      ['py/handlers.py#require_role.handler', 'function', true, 5, 5, 56],
      ['py/handlers.py#ROUTES.list', 'function', true, 1, 0, 19],
      ['py/handlers.py#ROUTES.list.sorted(key)', 'function', true, 1, 0, 7],
      ['py/handlers.py#ROUTES.show', 'function', true, 2, 1, 7],
      ['py/handlers.py#larger', 'function', false, 1, 0, 23],
      ['py/handlers.py#larger.return', 'function', true, 3, 3, 17],
      // for, if, if, conditional, except, and the comprehension's for and if.
      ['py/handlers.py#classify', 'function', false, 8, 15, 65],
    ]);
  });

  it('gives calls inside a nested body to it, and the body it is defined in no CALLS edge to it but an ENCLOSES pair', () => {
    // pyright's pass resolves the calls of nested bodies too: exact.
    expect(calls('py/')).toEqual([
      ['py/handlers.py#require_role.deny', 'py/handlers.py#audit', 12, 1, 'exact'],
      ['py/handlers.py#require_role.handler', 'py/handlers.py#audit', 21, 1, 'exact'],
      ['py/handlers.py#require_role.handler', 'py/handlers.py#require_role.deny', 17, 2, 'exact'],
    ]);
    expect(encloses('py/')).toEqual([
      ['py/handlers.py#larger', 'py/handlers.py#larger.return'],
      ['py/handlers.py#require_role', 'py/handlers.py#require_role.deny'],
      ['py/handlers.py#require_role', 'py/handlers.py#require_role.handler'],
      ['py/handlers.py#ROUTES.list', 'py/handlers.py#ROUTES.list.sorted(key)'],
    ]);
  });

  it('fingerprints clones: an exact copy, a renamed copy, a near-miss copy, and block windows', () => {
    expectClones(
      [
        'py/clones.py#total_price',
        'py/clones.py#total_price_again',
        'py/clones.py#sum_weights',
        'py/clones.py#total_price_logged',
        'py/handlers.py#classify',
      ],
      { nearMiss: 0.5625, unrelated: 0.078125 },
      [
        ['2-8', '1-8'],
        ['13-19', '11-19'],
        ['23-29', '22-29'],
        ['33-39', '34-40', '32-40', '34-40'],
      ],
    );
  });
});

describe('Java function bodies', () => {
  it('gives lambdas and methods of anonymous classes a symbol named from their position, each with its own complexity', () => {
    expect(bodies('java/')).toEqual([
      ['java/bodies/Clones.java#Clones.totalPrice', 'method', false, 5, 5, 84],
      ['java/bodies/Clones.java#Clones.totalPriceAgain', 'method', false, 5, 5, 84],
      ['java/bodies/Clones.java#Clones.sumWeights', 'method', false, 5, 5, 84],
      ['java/bodies/Clones.java#Clones.totalPriceLogged', 'method', false, 5, 5, 95],
      ['java/bodies/Handlers.java#Handlers.audit', 'method', false, 1, 0, 15],
      ['java/bodies/Handlers.java#Handlers.requireRole', 'method', false, 1, 0, 125],
      ['java/bodies/Handlers.java#Handlers.requireRole.deny', 'function', true, 1, 0, 20],
      ['java/bodies/Handlers.java#Handlers.requireRole.return', 'function', true, 5, 5, 85],
      ['java/bodies/Handlers.java#Handlers.reporter', 'method', false, 1, 0, 42],
      // The method of the anonymous Runnable the factory returns, and the lambda inside it.
      ['java/bodies/Handlers.java#Handlers.reporter.return.run', 'function', true, 1, 0, 20],
      ['java/bodies/Handlers.java#Handlers.reporter.return.run.forEach(0)', 'function', true, 1, 0, 10],
      ['java/bodies/Handlers.java#Handlers.larger', 'method', false, 1, 0, 23],
      // A ternary nested in a ternary's branch: +1, then +2.
      ['java/bodies/Handlers.java#Handlers.larger.return', 'function', true, 3, 3, 15],
      // for +1, switch +2, if +3, `continue outer` +1, ?: +3, catch +3.
      ['java/bodies/Handlers.java#Handlers.classify', 'method', false, 6, 13, 90],
    ]);
  });

  it('gives calls inside a nested body to it, and the body it is defined in no CALLS edge to it but an ENCLOSES pair', () => {
    // In the Java extractor's order: by caller, then callee, as code points.
    expect(calls('java/')).toEqual([
      ['java/bodies/Handlers.java#Handlers.reporter.return.run.forEach(0)', 'java/bodies/Handlers.java#Handlers.audit', 44, 1, 'import'],
      ['java/bodies/Handlers.java#Handlers.requireRole.deny', 'java/bodies/Handlers.java#Handlers.Response.status', 27, 1, 'name'],
      ['java/bodies/Handlers.java#Handlers.requireRole.deny', 'java/bodies/Handlers.java#Handlers.audit', 26, 1, 'import'],
      ['java/bodies/Handlers.java#Handlers.requireRole.return', 'java/bodies/Handlers.java#Handlers.Request.path', 35, 1, 'name'],
      ['java/bodies/Handlers.java#Handlers.requireRole.return', 'java/bodies/Handlers.java#Handlers.Request.role', 30, 3, 'name'],
      ['java/bodies/Handlers.java#Handlers.requireRole.return', 'java/bodies/Handlers.java#Handlers.audit', 35, 1, 'import'],
    ]);
    expect(encloses('java/')).toEqual([
      ['java/bodies/Handlers.java#Handlers.larger', 'java/bodies/Handlers.java#Handlers.larger.return'],
      ['java/bodies/Handlers.java#Handlers.reporter', 'java/bodies/Handlers.java#Handlers.reporter.return.run'],
      ['java/bodies/Handlers.java#Handlers.reporter.return.run', 'java/bodies/Handlers.java#Handlers.reporter.return.run.forEach(0)'],
      ['java/bodies/Handlers.java#Handlers.requireRole', 'java/bodies/Handlers.java#Handlers.requireRole.deny'],
      ['java/bodies/Handlers.java#Handlers.requireRole', 'java/bodies/Handlers.java#Handlers.requireRole.return'],
    ]);
  });

  it('fingerprints clones: an exact copy, a renamed copy, a near-miss copy, and block windows', () => {
    expectClones(
      [
        'java/bodies/Clones.java#Clones.totalPrice',
        'java/bodies/Clones.java#Clones.totalPriceAgain',
        'java/bodies/Clones.java#Clones.sumWeights',
        'java/bodies/Clones.java#Clones.totalPriceLogged',
        'java/bodies/Handlers.java#Handlers.classify',
      ],
      { nearMiss: 0.71875, unrelated: 0.03125 },
      [
        ['9-18', '8-15', '9-16', '9-16', '10-16', '11-18', '11-18'],
        ['23-30', '22-27', '23-28', '23-28', '24-28', '25-30', '25-30'],
        ['34-43', '33-40', '34-41', '34-41', '35-41', '36-43', '36-43'],
        ['47-56', '48-57', '46-53', '46-53', '46-53', '47-54', '48-54', '48-54', '49-55', '49-55', '50-57', '50-57', '50-57'],
      ],
    );
  });
});

describe('Go function bodies', () => {
  it('gives function literals a symbol named from their position, each with its own complexity', () => {
    expect(bodies('go/')).toEqual([
      ['go/clones.go#TotalPrice', 'function', false, 5, 5, 72],
      ['go/clones.go#TotalPriceAgain', 'function', false, 5, 5, 72],
      ['go/clones.go#SumWeights', 'function', false, 5, 5, 72],
      ['go/clones.go#TotalPriceLogged', 'function', false, 5, 5, 78],
      ['go/handlers.go#Audit', 'function', false, 1, 0, 12],
      ['go/handlers.go#RequireRole', 'function', false, 1, 0, 102],
      ['go/handlers.go#RequireRole.deny', 'function', true, 1, 0, 19],
      ['go/handlers.go#RequireRole.return', 'function', true, 5, 5, 61],
      // Function literals in a package-level composite literal: named by the variable and the key.
      ['go/handlers.go#routes.List', 'function', true, 1, 0, 17],
      ['go/handlers.go#routes.Show', 'function', true, 2, 1, 22],
      ['go/handlers.go#Larger', 'function', false, 1, 0, 38],
      ['go/handlers.go#Larger.return', 'function', true, 3, 2, 25],
      // for +1, switch +2, if +3, `continue outer` +1, select +3; the select's case counts, its default does not.
      ['go/handlers.go#Classify', 'function', false, 5, 10, 80],
    ]);
  });

  it('gives calls inside a nested body to it, and the body it is defined in no CALLS edge to it but an ENCLOSES pair', () => {
    expect(calls('go/')).toEqual([
      ['go/handlers.go#RequireRole.deny', 'go/handlers.go#Audit', 24, 1, 'import'],
      ['go/handlers.go#RequireRole.return', 'go/handlers.go#Audit', 33, 1, 'import'],
      // A call of the local the literal is assigned to.
      ['go/handlers.go#RequireRole.return', 'go/handlers.go#RequireRole.deny', 29, 2, 'import'],
    ]);
    expect(encloses('go/')).toEqual([
      ['go/handlers.go#Larger', 'go/handlers.go#Larger.return'],
      ['go/handlers.go#RequireRole', 'go/handlers.go#RequireRole.deny'],
      ['go/handlers.go#RequireRole', 'go/handlers.go#RequireRole.return'],
    ]);
  });

  it('fingerprints clones: an exact copy, a renamed copy, a near-miss copy, and block windows', () => {
    expectClones(
      [
        'go/clones.go#TotalPrice',
        'go/clones.go#TotalPriceAgain',
        'go/clones.go#SumWeights',
        'go/clones.go#TotalPriceLogged',
        'go/handlers.go#Classify',
      ],
      { nearMiss: 0.734375, unrelated: 0.015625 },
      [
        ['11-20', '10-18', '11-20', '12-20'],
        ['25-32', '24-30', '25-32', '26-32'],
        ['36-45', '35-43', '36-45', '37-45'],
        ['49-58', '50-59', '48-56', '48-57', '48-57', '49-57', '49-57', '50-57', '51-59', '51-59'],
      ],
    );
  });
});
