import { join } from 'node:path';
import type { CallRow, RepositorySnapshot, SymbolRow } from '@lore/domain';
import { FIXTURES } from '../../../../test/support/fixtures';
import { short } from '../../test/extraction-inputs';
import { readRepository } from '../repository-indexer';
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

  it('gives calls inside a nested body to it, and a CALLS edge from the enclosing body to each body nested in it', () => {
    expect(calls('ts/middleware.ts')).toEqual([
      ['ts/middleware.ts#larger', 'ts/middleware.ts#larger.return', 44, 1, 'exact'],
      ['ts/middleware.ts#requireRole', 'ts/middleware.ts#requireRole.deny', 18, 1, 'exact'],
      ['ts/middleware.ts#requireRole', 'ts/middleware.ts#requireRole.return', 22, 1, 'exact'],
      ['ts/middleware.ts#requireRole.deny', 'ts/middleware.ts#audit', 19, 1, 'exact'],
      ['ts/middleware.ts#requireRole.deny', 'ts/middleware.ts#Response.send', 20, 1, 'exact'],
      ['ts/middleware.ts#requireRole.deny', 'ts/middleware.ts#Response.status', 20, 1, 'exact'],
      ['ts/middleware.ts#requireRole.return', 'ts/middleware.ts#audit', 28, 1, 'exact'],
      ['ts/middleware.ts#requireRole.return', 'ts/middleware.ts#requireRole.deny', 24, 2, 'exact'],
      ['ts/middleware.ts#routes', 'ts/middleware.ts#routes.list', 34, 1, 'exact'],
      ['ts/middleware.ts#routes', 'ts/middleware.ts#routes.show', 41, 1, 'exact'],
      ['ts/middleware.ts#routes.list', 'ts/middleware.ts#Response.send', 35, 1, 'exact'],
      ['ts/middleware.ts#routes.list', 'ts/middleware.ts#routes.list.map(0)', 37, 1, 'exact'],
      ['ts/middleware.ts#routes.show', 'ts/middleware.ts#Response.send', 41, 1, 'exact'],
      ['ts/middleware.ts#serve', 'ts/middleware.ts#requireRole', 47, 1, 'exact'],
      // An object-literal method called through its object, resolved by the checker.
      ['ts/middleware.ts#serve', 'ts/middleware.ts#routes.show', 48, 1, 'exact'],
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
    // One window of four statements each; the same hash where the statements are the same but for names and literals.
    const hashes = (row: SymbolRow): string[] => row.blockFingerprints!.map((block) => block.split(':')[0]!);
    expect(original!.blockFingerprints).toEqual([`${hashes(original!)[0]}:7-16`]);
    expect(again!.blockFingerprints).toEqual([`${hashes(original!)[0]}:22-29`]);
    expect(renamed!.blockFingerprints).toEqual([`${hashes(original!)[0]}:34-43`]);
    expect(nearMiss!.blockFingerprints).toHaveLength(2);
    expect(other!.blockFingerprints).toBeNull();
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
