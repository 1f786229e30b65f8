import type { SymbolRow } from '@lore/domain';

/** How a body uses a field: read, written (`x.f = …`, `del`), or both (`x.f += 1`, `x.f++`). */
export type FieldUse = 'read' | 'write' | 'update';

/** The fields of its own object each body of a file reads and writes (FieldAccess), set on the symbols when the walk ends. */
export class FieldUses {
  private readonly uses = new Map<SymbolRow, { reads: Set<string>; writes: Set<string> }>();

  add(symbol: SymbolRow, name: string, use: FieldUse): void {
    let sets = this.uses.get(symbol);
    if (!sets) this.uses.set(symbol, (sets = { reads: new Set(), writes: new Set() }));
    if (use !== 'read') sets.writes.add(name);
    if (use !== 'write') sets.reads.add(name);
  }

  /** Sets fieldReads and fieldWrites (sorted, absent when empty) on each body seen. */
  finish(): void {
    const sorted = (names: Set<string>) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [symbol, { reads, writes }] of this.uses) {
      if (reads.size > 0) symbol.fieldReads = sorted(reads);
      if (writes.size > 0) symbol.fieldWrites = sorted(writes);
    }
  }
}
