// The CALLS between an enclosing body and the bodies nested in it, for every language.
import type { CallRow, SymbolKind, SymbolRow } from '@lore/domain';

/** Symbols that are no code that runs: a body nested in one of them has no caller by containment. */
const DECLARATIONS_ONLY: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'enum', 'type', 'module']);

/**
 * `calls` with a CALLS edge from each enclosing body to each body nested in it that it does not
 * already call by name: the enclosing body creates it and, for a callback, runs it through the
 * function it hands it to; for a returned closure it stands for whoever calls what it returns.
 * So impact and tests reach through nested bodies as they did when their calls were the enclosing
 * body's. The edge is certain (`exact`), its line the nested body's first, its count 1. Sorted by
 * caller, then callee, as every extractor's rows are.
 */
export function withNestedBodyCalls(symbols: readonly SymbolRow[], calls: readonly CallRow[]): CallRow[] {
  const kinds = new Map<string, SymbolKind>();
  for (const symbol of symbols) kinds.set(symbol.uid, symbol.kind);
  const existing = new Set<string>();
  for (const call of calls) existing.add(`${call.callerUid}\0${call.calleeUid}`);
  const added: CallRow[] = [];
  for (const symbol of symbols) {
    if (!symbol.nested || symbol.parentUid === null) continue;
    const parentKind = kinds.get(symbol.parentUid);
    if (parentKind === undefined || DECLARATIONS_ONLY.has(parentKind)) continue;
    if (existing.has(`${symbol.parentUid}\0${symbol.uid}`)) continue;
    added.push({ callerUid: symbol.parentUid, calleeUid: symbol.uid, line: symbol.startLine, count: 1, confidence: 'exact' });
  }
  if (added.length === 0) return [...calls];
  return [...calls, ...added].sort((a, b) => a.callerUid.localeCompare(b.callerUid) || a.calleeUid.localeCompare(b.calleeUid));
}

/**
 * The symbol a nested body's calls count for when tests are derived: its nearest enclosing symbol
 * that is not nested (a test's callbacks test what they call, as the test itself does).
 */
export function bodyOwners(symbols: readonly SymbolRow[]): (uid: string) => string {
  const byUid = new Map(symbols.map((symbol) => [symbol.uid, symbol]));
  return (uid) => {
    let symbol = byUid.get(uid);
    while (symbol?.nested && symbol.parentUid !== null) {
      const parent = byUid.get(symbol.parentUid);
      if (!parent) break;
      symbol = parent;
    }
    return symbol?.uid ?? uid;
  };
}
