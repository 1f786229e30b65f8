import { join } from 'node:path';
import type { RepositorySnapshot } from '@lore/domain';
import { FIXTURES } from '../../../../test/support/fixtures';
import { short } from '../../test/extraction-inputs';
import { readRepository } from '@lore/indexer';

/** test/fixtures/health-design: the fields each method reads and writes, and how each import is deferred. */
let snapshot: RepositorySnapshot;

beforeAll(async () => {
  const reading = await readRepository(join(FIXTURES, 'health-design'), { tenantId: 't', maxFileBytes: 1 << 20 });
  snapshot = await reading.resolveExactly!();
}, 120_000);

/** [short uid, fieldReads, fieldWrites] of each body of a file that uses a field of its object. */
const fieldAccess = (path: string) =>
  snapshot.symbols
    .filter((symbol) => symbol.path === path && (symbol.fieldReads || symbol.fieldWrites))
    .map((symbol) => [short(symbol.uid).split('#')[1], symbol.fieldReads ?? [], symbol.fieldWrites ?? []]);

describe('field access', () => {
  it('records the fields of `this` each TypeScript method reads and writes, a called member being a call', () => {
    expect(fieldAccess('ts/inventory.ts')).toEqual([
      ['Inventory.constructor', [], ['auditLog', 'prices', 'stock', 'suppliers']],
      ['Inventory.addStock', ['stock'], []],
      ['Inventory.stockOf', ['stock'], []],
      ['Inventory.setPrice', ['prices'], []],
      ['Inventory.priceOf', ['prices'], []],
      ['Inventory.addSupplier', ['suppliers'], []],
      ['Inventory.supplierCount', ['suppliers'], []],
      ['Inventory.record', ['auditLog'], []],
      ['Inventory.history', ['auditLog'], []],
      // `this.count++` and `-=` read and write; `= 0` only writes.
      ['Counter.increment', ['count'], ['count']],
      ['Counter.decrement', ['count'], ['count']],
      ['Counter.reset', [], ['count']],
      ['Counter.value', ['count'], []],
    ]);
  });

  it('records Python `self.x`, Java `this.x` and bare field names (a local of the name shadows), Go receiver fields', () => {
    expect(fieldAccess('py/inventory.py')).toEqual([
      ['Inventory.__init__', [], ['audit_log', 'prices', 'stock', 'suppliers']],
      ['Inventory.add_stock', ['stock'], []],
      ['Inventory.stock_of', ['stock'], []],
      ['Inventory.set_price', ['prices'], []],
      ['Inventory.price_of', ['prices'], []],
      ['Inventory.add_supplier', ['suppliers'], []],
      ['Inventory.supplier_count', ['suppliers'], []],
      ['Inventory.record', ['audit_log'], []],
      ['Inventory.history', ['audit_log'], []],
      ['Counter.__init__', [], ['count']],
      ['Counter.increment', ['count'], ['count']],
      ['Counter.decrement', ['count'], ['count']],
      ['Counter.reset', [], ['count']],
      ['Counter.value', ['count'], []],
    ]);
    expect(fieldAccess('java/design/Inventory.java')).toEqual([
      ['Inventory.constructor', [], ['auditLog', 'prices', 'stock', 'suppliers']],
      ['Inventory.addStock', ['stock'], []],
      ['Inventory.stockOf', ['stock'], []],
      ['Inventory.setPrice', ['prices'], []],
      ['Inventory.priceOf', ['prices'], []],
      ['Inventory.addSupplier', ['suppliers'], []],
      ['Inventory.supplierCount', ['suppliers'], []],
      // auditLog is declared below these methods.
      ['Inventory.record', ['auditLog'], []],
      ['Inventory.history', ['auditLog'], []],
    ]);
    expect(fieldAccess('java/design/Counter.java')).toEqual([
      ['Counter.increment', ['count'], ['count']],
      ['Counter.decrement', ['count'], ['count']],
      ['Counter.reset', [], ['count']],
      ['Counter.value', ['count'], []],
    ]);
    expect(fieldAccess('go/inventory.go')).toEqual([
      ['Inventory.AddStock', ['stock'], []],
      ['Inventory.StockOf', ['stock'], []],
      ['Inventory.SetPrice', ['prices'], []],
      ['Inventory.PriceOf', ['prices'], []],
      ['Inventory.AddSupplier', ['suppliers'], ['suppliers']],
      ['Inventory.SupplierCount', ['suppliers'], []],
      ['Inventory.Record', ['auditLog'], ['auditLog']],
      ['Inventory.History', ['auditLog'], []],
      ['Counter.Increment', ['count'], ['count']],
      ['Counter.Decrement', ['count'], ['count']],
      ['Counter.Reset', [], ['count']],
      ['Counter.Value', ['count'], []],
    ]);
  });
});

describe('import kinds', () => {
  it('marks type-only, TYPE_CHECKING and function-local imports on the edge, a runtime import leaving it unmarked', () => {
    const paths = new Map(snapshot.files.map((file) => [file.uid, file.path]));
    expect(snapshot.imports.map((row) => [paths.get(row.fromUid), paths.get(row.toUid), row.names, row.kind ?? 'runtime'])).toEqual([
      ['ts/customer.ts', 'ts/order.ts', ['Order'], 'type'],
      ['ts/journal.ts', 'ts/ledger.ts', ['LEDGER_NAME'], 'runtime'],
      ['ts/ledger.ts', 'ts/journal.ts', ['journalEntry'], 'runtime'],
      ['ts/order.ts', 'ts/customer.ts', ['Customer'], 'runtime'],
      ['py/models.py', 'py/repo.py', ['Repo'], 'runtime'],
      // `Model` under `if TYPE_CHECKING:` and `models` inside a function: the pair is as deferred as its least deferred import.
      ['py/repo.py', 'py/models.py', ['*', 'Model'], 'function_local'],
    ]);
  });
});
