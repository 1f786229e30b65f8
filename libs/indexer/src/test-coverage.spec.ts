import type { CallRow, SymbolRow } from '@lore/domain';
import { isTestPath } from '@lore/languages/languages';
import { deriveTests } from './test-coverage';
import { symbolRow } from '../../languages/test/extraction-inputs';

const symbol = (uid: string, kind: SymbolRow['kind'], path: string): SymbolRow =>
  symbolRow({ uid, fileUid: path, kind, name: uid, qualifiedName: uid, path });
const call = (callerUid: string, calleeUid: string): CallRow => ({ callerUid, calleeUid, line: 1, count: 1, confidence: 'exact' });

describe('deriveTests', () => {
  it('links a test to what it calls directly and, through one helper, to what the helper calls', () => {
    const symbols = [
      symbol('test-a', 'test', 'test/a.spec.ts'),
      symbol('helper', 'function', 'test/a.spec.ts'),
      symbol('deep-helper', 'function', 'test/a.spec.ts'),
      symbol('service', 'method', 'src/service.ts'),
      symbol('repo', 'method', 'src/repo.ts'),
      symbol('db', 'method', 'src/db.ts'),
    ];
    const calls = [
      call('test-a', 'service'),
      call('test-a', 'helper'),
      call('helper', 'repo'),
      call('helper', 'service'),
      call('helper', 'deep-helper'),
      call('deep-helper', 'db'),
      call('service', 'db'),
    ];
    expect(deriveTests(symbols, calls, isTestPath)).toEqual([
      { testUid: 'test-a', targetUid: 'repo', via: 'helper' },
      { testUid: 'test-a', targetUid: 'service', via: 'direct' },
    ]);
  });
});
