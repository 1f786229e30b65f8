import type { CallRow, SymbolRow, TestsRow } from '@lore/domain';
import { bodyOwners } from '@lore/languages/function-bodies/body-owners';

/**
 * TESTS edges from call edges: a test case tests what it calls (`direct`), and what a helper it
 * calls calls (`helper`, one level). A helper is a non-test symbol declared in a test file; the
 * tested symbols are the ones outside test files. A nested body's calls also count for the symbol
 * it is nested in (bodyOwners): a test's callbacks call for the test.
 */
export function deriveTests(symbols: readonly SymbolRow[], calls: readonly CallRow[], isTestFile: (path: string) => boolean): TestsRow[] {
  const byUid = new Map(symbols.map((symbol) => [symbol.uid, symbol]));
  const callees = new Map<string, string[]>();
  const addCallee = (callerUid: string, calleeUid: string): void => {
    const known = callees.get(callerUid);
    if (known) known.push(calleeUid);
    else callees.set(callerUid, [calleeUid]);
  };
  const ownerOf = bodyOwners(symbols);
  for (const call of calls) {
    addCallee(call.callerUid, call.calleeUid);
    const owner = ownerOf(call.callerUid);
    if (owner !== call.callerUid) addCallee(owner, call.calleeUid);
  }

  const rows = new Map<string, TestsRow>();
  const add = (testUid: string, targetUid: string, via: TestsRow['via']): void => {
    const key = `${testUid}|${targetUid}`;
    if (rows.get(key)?.via === 'direct') return;
    rows.set(key, { testUid, targetUid, via });
  };
  const isTestable = (symbol: SymbolRow | undefined): boolean => symbol !== undefined && symbol.kind !== 'test' && !isTestFile(symbol.path);

  for (const test of symbols) {
    if (test.kind !== 'test') continue;
    for (const calleeUid of callees.get(test.uid) ?? []) {
      const callee = byUid.get(calleeUid);
      if (!callee) continue;
      if (isTestable(callee)) {
        add(test.uid, callee.uid, 'direct');
      } else if (callee.kind !== 'test') {
        for (const targetUid of callees.get(callee.uid) ?? []) {
          const target = byUid.get(targetUid);
          if (target && isTestable(target)) add(test.uid, target.uid, 'helper');
        }
      }
    }
  }
  return [...rows.values()].sort((a, b) => a.testUid.localeCompare(b.testUid) || a.targetUid.localeCompare(b.targetUid));
}
