// The symbol a nested body counts for, for every language.
import type { SymbolRow } from '@lore/domain';

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
