import type { Extraction } from '../../extractor';
import { countBy, fixtureInput, memoryInput } from '../../../test/extraction-inputs';
import { JavaExtractor } from './java-extractor';

const REPOSITORY = 'inventory-java';
const MAIN = 'src/main/java/com/acme/inventory';
const TEST = 'src/test/java/com/acme/inventory';
const PATHS = [
  `${MAIN}/model/Item.java`,
  `${MAIN}/model/Reservation.java`,
  `${MAIN}/repository/AbstractRepository.java`,
  `${MAIN}/repository/InMemoryItemRepository.java`,
  `${MAIN}/repository/ItemRepository.java`,
  `${MAIN}/repository/Repository.java`,
  `${MAIN}/service/InventoryService.java`,
  `${TEST}/service/InventoryServiceTest.java`,
];

/** A uid without its `t:<repository>:` prefix and the Maven source roots: `path#qualifiedName`. */
function short(uid: string): string {
  return uid
    .slice(uid.indexOf(':', 2) + 1)
    .replace(`${MAIN}/`, '')
    .replace(`${TEST}/`, 'test:');
}

describe('JavaExtractor on test/fixtures/inventory-java', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new JavaExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing', () => {
    expect(result.skipped).toEqual([]);
  });

  it('declares types, members, constructors, fields and JUnit tests', () => {
    // [path, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(
      result.symbols.map((s) => [short(s.uid).split('#')[0], s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity]),
    ).toEqual([
      ['model/Item.java', 'class', 'Item', 6, 57, true, null],
      ['model/Item.java', 'property', 'Item.sku', 7, 7, false, null],
      ['model/Item.java', 'property', 'Item.name', 8, 8, false, null],
      ['model/Item.java', 'property', 'Item.quantity', 9, 9, false, null],
      ['model/Item.java', 'property', 'Item.reorderLevel', 10, 10, false, null],
      ['model/Item.java', 'method', 'Item.constructor', 12, 20, true, 3],
      ['model/Item.java', 'method', 'Item.getSku', 22, 24, true, 1],
      ['model/Item.java', 'method', 'Item.getName', 26, 28, true, 1],
      ['model/Item.java', 'method', 'Item.getQuantity', 30, 32, true, 1],
      ['model/Item.java', 'method', 'Item.withQuantity', 35, 37, true, 1],
      ['model/Item.java', 'method', 'Item.needsReorder', 39, 41, true, 1],
      ['model/Item.java', 'method', 'Item.status', 44, 49, true, 3],
      ['model/Item.java', 'enum', 'Item.Status', 52, 56, true, null],
      ['model/Item.java', 'property', 'Item.Status.IN_STOCK', 53, 53, true, null],
      ['model/Item.java', 'property', 'Item.Status.LOW', 54, 54, true, null],
      ['model/Item.java', 'property', 'Item.Status.OUT_OF_STOCK', 55, 55, true, null],
      ['model/Reservation.java', 'class', 'Reservation', 6, 16, true, null],
      ['model/Reservation.java', 'property', 'Reservation.orderId', 6, 6, true, null],
      ['model/Reservation.java', 'property', 'Reservation.sku', 6, 6, true, null],
      ['model/Reservation.java', 'property', 'Reservation.quantity', 6, 6, true, null],
      ['model/Reservation.java', 'property', 'Reservation.expiresAt', 6, 6, true, null],
      ['model/Reservation.java', 'method', 'Reservation.constructor', 7, 11, true, 2],
      ['model/Reservation.java', 'method', 'Reservation.isExpired', 13, 15, true, 1],
      ['repository/AbstractRepository.java', 'class', 'AbstractRepository', 10, 31, true, null],
      ['repository/AbstractRepository.java', 'property', 'AbstractRepository.store', 11, 11, false, null],
      ['repository/AbstractRepository.java', 'method', 'AbstractRepository.idOf', 14, 14, false, null],
      ['repository/AbstractRepository.java', 'method', 'AbstractRepository.findById', 16, 19, true, 1],
      ['repository/AbstractRepository.java', 'method', 'AbstractRepository.findAll', 21, 24, true, 1],
      ['repository/AbstractRepository.java', 'method', 'AbstractRepository.save', 26, 30, true, 1],
      ['repository/InMemoryItemRepository.java', 'class', 'InMemoryItemRepository', 8, 24, true, null],
      ['repository/InMemoryItemRepository.java', 'method', 'InMemoryItemRepository.idOf', 9, 12, false, 1],
      ['repository/InMemoryItemRepository.java', 'method', 'InMemoryItemRepository.findBelowReorderLevel', 14, 23, true, 3],
      ['repository/ItemRepository.java', 'interface', 'ItemRepository', 7, 10, true, null],
      ['repository/ItemRepository.java', 'method', 'ItemRepository.findBelowReorderLevel', 9, 9, true, null],
      ['repository/Repository.java', 'interface', 'Repository', 7, 14, true, null],
      ['repository/Repository.java', 'method', 'Repository.findById', 8, 8, true, null],
      ['repository/Repository.java', 'method', 'Repository.findAll', 10, 10, true, null],
      ['repository/Repository.java', 'method', 'Repository.save', 13, 13, true, null],
      ['service/InventoryService.java', 'class', 'InventoryService', 13, 86, true, null],
      ['service/InventoryService.java', 'property', 'InventoryService.HOLD', 14, 14, false, null],
      ['service/InventoryService.java', 'property', 'InventoryService.DEFAULT_REORDER_LEVEL', 15, 15, false, null],
      ['service/InventoryService.java', 'property', 'InventoryService.items', 17, 17, false, null],
      ['service/InventoryService.java', 'property', 'InventoryService.clock', 18, 18, false, null],
      ['service/InventoryService.java', 'property', 'InventoryService.reservations', 19, 19, false, null],
      ['service/InventoryService.java', 'method', 'InventoryService.constructor', 21, 24, true, 1],
      ['service/InventoryService.java', 'method', 'InventoryService.receive', 27, 34, true, 2],
      ['service/InventoryService.java', 'method', 'InventoryService.reserve', 37, 46, true, 2],
      ['service/InventoryService.java', 'function', 'InventoryService.reserve.orElseThrow(0)', 38, 38, false, 1],
      ['service/InventoryService.java', 'method', 'InventoryService.available', 49, 57, true, 4],
      ['service/InventoryService.java', 'method', 'InventoryService.purgeExpired', 60, 65, true, 1],
      ['service/InventoryService.java', 'function', 'InventoryService.purgeExpired.removeIf(0)', 63, 63, false, 1],
      ['service/InventoryService.java', 'method', 'InventoryService.itemsToReorder', 67, 69, true, 1],
      ['service/InventoryService.java', 'class', 'InventoryService.OutOfStockException', 72, 85, true, null],
      ['service/InventoryService.java', 'property', 'InventoryService.OutOfStockException.serialVersionUID', 73, 73, false, null],
      ['service/InventoryService.java', 'property', 'InventoryService.OutOfStockException.sku', 75, 75, false, null],
      ['service/InventoryService.java', 'method', 'InventoryService.OutOfStockException.constructor', 77, 80, true, 1],
      ['service/InventoryService.java', 'method', 'InventoryService.OutOfStockException.getSku', 82, 84, true, 1],
      ['test:service/InventoryServiceTest.java', 'class', 'InventoryServiceTest', 18, 51, false, null],
      ['test:service/InventoryServiceTest.java', 'property', 'InventoryServiceTest.clock', 19, 19, false, null],
      ['test:service/InventoryServiceTest.java', 'property', 'InventoryServiceTest.repository', 20, 20, false, null],
      ['test:service/InventoryServiceTest.java', 'property', 'InventoryServiceTest.service', 21, 21, false, null],
      ['test:service/InventoryServiceTest.java', 'method', 'InventoryServiceTest.setUp', 23, 28, false, 1],
      ['test:service/InventoryServiceTest.java', 'test', 'InventoryServiceTest.reserveHoldsStock', 30, 36, false, 1],
      ['test:service/InventoryServiceTest.java', 'test', 'InventoryServiceTest.reserveFailsWhenNotEnoughStock', 38, 43, false, 1],
      [
        'test:service/InventoryServiceTest.java',
        'function',
        'InventoryServiceTest.reserveFailsWhenNotEnoughStock.assertThrows(1)',
        41,
        41,
        false,
        1,
      ],
      ['test:service/InventoryServiceTest.java', 'test', 'InventoryServiceTest.lowStockIsReordered', 45, 50, false, 1],
      ['test:service/InventoryServiceTest.java', 'function', 'InventoryServiceTest.lowStockIsReordered.anyMatch(0)', 49, 49, false, 1],
    ]);
    expect(countBy(result.symbols, (s) => s.kind)).toEqual({
      class: 7,
      enum: 1,
      function: 4,
      interface: 2,
      method: 28,
      property: 22,
      test: 3,
    });
  });

  it('builds signatures without annotations and takes Javadoc', () => {
    const byName = new Map(result.symbols.map((s) => [s.qualifiedName, s]));
    expect(byName.get('InMemoryItemRepository')!.signature).toBe(
      'public class InMemoryItemRepository extends AbstractRepository<Item, String> implements ItemRepository',
    );
    expect(byName.get('AbstractRepository.findById')).toMatchObject({ signature: 'public Optional<T> findById(ID id)', startLine: 16 });
    expect(byName.get('AbstractRepository.idOf')).toMatchObject({
      signature: 'protected abstract ID idOf(T entity)',
      doc: 'The id an entity is stored under.',
      complexity: null,
    });
    expect(byName.get('InventoryService.OutOfStockException')).toMatchObject({
      uid: 't:inventory-java:src/main/java/com/acme/inventory/service/InventoryService.java#InventoryService.OutOfStockException',
      parentUid: 't:inventory-java:src/main/java/com/acme/inventory/service/InventoryService.java#InventoryService',
      signature: 'public static class OutOfStockException extends RuntimeException',
      doc: 'Thrown when a reservation asks for more than is available.',
    });
    expect(byName.get('InventoryService.reservations')!.signature).toBe('private final List<Reservation> reservations');
    expect(byName.get('InventoryServiceTest.lowStockIsReordered')!.signature).toBe('void lowStockIsReordered(int quantity)');
  });

  it('resolves calls by declared types, hierarchy and imports, and falls back to names', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['model/Item.java#Item.status', 'model/Item.java#Item.needsReorder', 48, 1, 'import'],
      ['model/Item.java#Item.withQuantity', 'model/Item.java#Item', 36, 1, 'import'],
      [
        'repository/AbstractRepository.java#AbstractRepository.save',
        'repository/AbstractRepository.java#AbstractRepository.idOf',
        28,
        1,
        'import',
      ],
      [
        'repository/InMemoryItemRepository.java#InMemoryItemRepository.findBelowReorderLevel',
        'model/Item.java#Item.needsReorder',
        18,
        1,
        'import',
      ],
      [
        'repository/InMemoryItemRepository.java#InMemoryItemRepository.findBelowReorderLevel',
        'repository/AbstractRepository.java#AbstractRepository.findAll',
        17,
        1,
        'import',
      ],
      ['repository/InMemoryItemRepository.java#InMemoryItemRepository.idOf', 'model/Item.java#Item.getSku', 11, 1, 'import'],
      ['service/InventoryService.java#InventoryService.available', 'model/Item.java#Item.getQuantity', 56, 1, 'import'],
      ['service/InventoryService.java#InventoryService.available', 'model/Item.java#Item.getSku', 52, 1, 'import'],
      ['service/InventoryService.java#InventoryService.available', 'model/Reservation.java#Reservation.isExpired', 52, 1, 'import'],
      [
        'service/InventoryService.java#InventoryService.itemsToReorder',
        'repository/ItemRepository.java#ItemRepository.findBelowReorderLevel',
        68,
        1,
        'import',
      ],
      [
        'service/InventoryService.java#InventoryService.purgeExpired.removeIf(0)',
        'model/Reservation.java#Reservation.isExpired',
        63,
        1,
        'name',
      ],
      ['service/InventoryService.java#InventoryService.receive', 'model/Item.java#Item', 31, 1, 'import'],
      ['service/InventoryService.java#InventoryService.receive', 'model/Item.java#Item.getQuantity', 32, 1, 'import'],
      ['service/InventoryService.java#InventoryService.receive', 'model/Item.java#Item.withQuantity', 32, 1, 'import'],
      ['service/InventoryService.java#InventoryService.receive', 'repository/Repository.java#Repository.findById', 28, 1, 'import'],
      ['service/InventoryService.java#InventoryService.receive', 'repository/Repository.java#Repository.save', 33, 1, 'import'],
      ['service/InventoryService.java#InventoryService.reserve', 'model/Reservation.java#Reservation', 43, 1, 'import'],
      ['service/InventoryService.java#InventoryService.reserve', 'repository/Repository.java#Repository.findById', 38, 1, 'import'],
      [
        'service/InventoryService.java#InventoryService.reserve',
        'service/InventoryService.java#InventoryService.OutOfStockException',
        41,
        1,
        'import',
      ],
      [
        'service/InventoryService.java#InventoryService.reserve',
        'service/InventoryService.java#InventoryService.available',
        39,
        1,
        'import',
      ],
      [
        'service/InventoryService.java#InventoryService.reserve.orElseThrow(0)',
        'service/InventoryService.java#InventoryService.OutOfStockException',
        38,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.lowStockIsReordered',
        'service/InventoryService.java#InventoryService.itemsToReorder',
        49,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.lowStockIsReordered',
        'service/InventoryService.java#InventoryService.receive',
        48,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.lowStockIsReordered.anyMatch(0)',
        'model/Item.java#Item.getSku',
        49,
        1,
        'ambiguous',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.lowStockIsReordered.anyMatch(0)',
        'service/InventoryService.java#InventoryService.OutOfStockException.getSku',
        49,
        1,
        'ambiguous',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.reserveFailsWhenNotEnoughStock',
        'service/InventoryService.java#InventoryService.OutOfStockException.getSku',
        42,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.reserveFailsWhenNotEnoughStock.assertThrows(1)',
        'service/InventoryService.java#InventoryService.reserve',
        41,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.reserveHoldsStock',
        'repository/AbstractRepository.java#AbstractRepository.findById',
        34,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.reserveHoldsStock',
        'service/InventoryService.java#InventoryService.available',
        35,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.reserveHoldsStock',
        'service/InventoryService.java#InventoryService.reserve',
        32,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.setUp',
        'repository/InMemoryItemRepository.java#InMemoryItemRepository',
        25,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.setUp',
        'service/InventoryService.java#InventoryService',
        26,
        1,
        'import',
      ],
      [
        'test:service/InventoryServiceTest.java#InventoryServiceTest.setUp',
        'service/InventoryService.java#InventoryService.receive',
        27,
        1,
        'import',
      ],
    ]);
    expect(countBy(result.calls, (c) => c.confidence)).toEqual({ import: 30, name: 1, ambiguous: 2 });
  });

  it('records imports of repository classes (same-package references are not imports)', () => {
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['repository/InMemoryItemRepository.java', 'model/Item.java', ['Item']],
      ['repository/ItemRepository.java', 'model/Item.java', ['Item']],
      ['service/InventoryService.java', 'model/Item.java', ['Item']],
      ['service/InventoryService.java', 'model/Reservation.java', ['Reservation']],
      ['service/InventoryService.java', 'repository/ItemRepository.java', ['ItemRepository']],
      ['test:service/InventoryServiceTest.java', 'model/Item.java', ['Item']],
      ['test:service/InventoryServiceTest.java', 'model/Reservation.java', ['Reservation']],
      ['test:service/InventoryServiceTest.java', 'repository/InMemoryItemRepository.java', ['InMemoryItemRepository']],
    ]);
  });

  it('records extends and implements', () => {
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['repository/AbstractRepository.java#AbstractRepository', 'IMPLEMENTS', 'repository/Repository.java#Repository'],
      ['repository/InMemoryItemRepository.java#InMemoryItemRepository', 'EXTENDS', 'repository/AbstractRepository.java#AbstractRepository'],
      ['repository/InMemoryItemRepository.java#InMemoryItemRepository', 'IMPLEMENTS', 'repository/ItemRepository.java#ItemRepository'],
      ['repository/ItemRepository.java#ItemRepository', 'EXTENDS', 'repository/Repository.java#Repository'],
    ]);
  });
});

describe('JavaExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new JavaExtractor().extract(
      memoryInput({
        'src/a/Broken.java':
          'package a;\n\npublic class Broken {\n    public int ok() {\n        return 1;\n    }\n\n    public void bad( {\n    }\n}\n',
      }),
    );
    expect(result.skipped).toEqual([{ path: 'src/a/Broken.java', reason: 'partly extracted: syntax error at line 8' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['Broken', 'Broken.ok']));
  });

  it('survives very deep nesting', async () => {
    const depth = 2000;
    const expression = `${'('.repeat(depth)}1${')'.repeat(depth)}`;
    const ifs = `${'if (a) {'.repeat(300)}${'}'.repeat(300)}`;
    const result = await new JavaExtractor().extract(
      memoryInput({ 'Deep.java': `class Deep {\n  int f(boolean a) {\n    ${ifs}\n    return ${expression};\n  }\n}\n` }),
    );
    expect(result.symbols.map((s) => [s.qualifiedName, s.complexity])).toEqual([
      ['Deep', null],
      ['Deep.f', 301],
    ]);
  });

  it('keeps overloads apart (~n uids) and picks the overload by argument count', async () => {
    const result = await new JavaExtractor().extract(
      memoryInput({
        'p/Calc.java':
          'package p;\n\npublic class Calc {\n  public int add(int a) { return a; }\n  public int add(int a, int b) { return a + b; }\n' +
          '  public int twice(int a) { return add(a, a); }\n  public int same(int a) { return this.add(a); }\n}\n',
      }),
    );
    expect(result.symbols.map((s) => short(s.uid))).toEqual([
      'p/Calc.java#Calc',
      'p/Calc.java#Calc.add',
      'p/Calc.java#Calc.add~2',
      'p/Calc.java#Calc.twice',
      'p/Calc.java#Calc.same',
    ]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['p/Calc.java#Calc.same', 'p/Calc.java#Calc.add', 'import'],
      ['p/Calc.java#Calc.twice', 'p/Calc.java#Calc.add~2', 'import'],
    ]);
  });

  it('gives no edge for calls on library types and unknown classes', async () => {
    const result = await new JavaExtractor().extract(
      memoryInput({
        'p/Store.java': 'package p;\n\npublic class Store {\n  public Object get(String key) { return key; }\n}\n',
        'p/Use.java':
          'package p;\n\nimport java.util.Map;\n\nclass Use {\n  private Map<String, Object> map;\n' +
          '  Object run(String key) { Objects.requireNonNull(key); return map.get(key); }\n}\n',
      }),
    );
    expect(result.calls).toEqual([]);
  });

  it('turns wildcard imports into rows to the files of the types used, and resolves through them', async () => {
    const result = await new JavaExtractor().extract(
      memoryInput({
        'm/Money.java': 'package m;\n\npublic class Money {\n  public Money plus(Money other) { return this; }\n}\n',
        'm/Unused.java': 'package m;\n\npublic class Unused {}\n',
        'app/Cart.java':
          'package app;\n\nimport m.*;\n\nclass Cart {\n  private Money total;\n  void add(Money price) { total = total.plus(price); }\n}\n',
      }),
    );
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([['app/Cart.java', 'm/Money.java', ['Money']]]);
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['app/Cart.java#Cart.add', 'm/Money.java#Money.plus', 'import'],
    ]);
  });
});
