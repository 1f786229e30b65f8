import type { Extraction } from '../../extractor';
import { fixtureInput, memoryInput, short } from '../../../test/extraction-inputs';
import { SwiftExtractor } from './swift-extractor';

const REPOSITORY = 'swift-sample';
const SOURCES = 'Sources/Shop';
const TESTS = 'Tests/ShopTests';
const PATHS = [
  'Package.swift',
  `${SOURCES}/Cart.swift`,
  `${SOURCES}/Format.swift`,
  `${SOURCES}/HasTotal.swift`,
  `${SOURCES}/Pricing.swift`,
  `${SOURCES}/Model/Item.swift`,
  `${TESTS}/CartTests.swift`,
  `${TESTS}/SummaryTests.swift`,
];

/** A uid of the fixture without its folders: `Cart.swift#Cart.add`, `test/CartTests.swift#...`. */
function local(uid: string): string {
  return short(uid).replace(`${SOURCES}/`, '').replace(`${TESTS}/`, 'test/');
}

describe('SwiftExtractor on test/fixtures/swift-sample', () => {
  let result: Extraction;

  beforeAll(async () => {
    result = await new SwiftExtractor().extract(await fixtureInput(REPOSITORY, PATHS));
  });

  it('skips nothing, and says no language server can be had', () => {
    expect(result.skipped).toEqual([]);
    expect(result.languageServers).toEqual([
      {
        language: 'swift',
        server: 'sourcekit-lsp',
        version: null,
        status: 'unavailable',
        detail:
          'sourcekit-lsp ships only with the Swift toolchain, which no package registry here provides: calls stay at first-pass confidence',
      },
    ]);
  });

  it('declares classes, structs, enums and cases, protocols, extensions, initializers, methods, properties, accessors, closures, XCTest and Swift Testing tests', () => {
    // [file, kind, qualifiedName, startLine, endLine, exported, complexity]
    expect(
      result.symbols.map((s) => [local(s.uid).split('#')[0], s.kind, s.qualifiedName, s.startLine, s.endLine, s.exported, s.complexity]),
    ).toEqual([
      ['Package.swift', 'variable', 'package', 4, 10, false, null],
      ['Cart.swift', 'class', 'Cart', 4, 41, true, null],
      ['Cart.swift', 'property', 'Cart.owner', 5, 5, true, null],
      ['Cart.swift', 'property', 'Cart.items', 6, 6, false, null],
      ['Cart.swift', 'property', 'Cart.pricing', 7, 7, false, null],
      ['Cart.swift', 'property', 'Cart.maxItems', 8, 8, true, null],
      ['Cart.swift', 'method', 'Cart.init', 10, 12, true, 1],
      ['Cart.swift', 'method', 'Cart.init', 15, 18, true, 1],
      ['Cart.swift', 'method', 'Cart.add', 22, 32, true, 4],
      ['Cart.swift', 'property', 'Cart.total', 34, 36, true, null],
      ['Cart.swift', 'function', 'Cart.total.get', 34, 36, false, 1],
      ['Cart.swift', 'function', 'Cart.total.get.reduce{}', 35, 35, false, 1],
      ['Cart.swift', 'method', 'Cart.empty', 38, 40, true, 1],
      ['Format.swift', 'function', 'formatCents', 2, 4, true, 1],
      ['Format.swift', 'class', 'Cart', 6, 11, false, null],
      ['Format.swift', 'method', 'Cart.summary', 8, 10, true, 1],
      ['HasTotal.swift', 'interface', 'HasTotal', 2, 4, true, null],
      ['HasTotal.swift', 'property', 'HasTotal.total', 3, 3, true, null],
      ['Pricing.swift', 'class', 'Pricing', 1, 5, false, null],
      ['Pricing.swift', 'method', 'Pricing.priceOf', 2, 4, false, 2],
      ['Model/Item.swift', 'class', 'Item', 2, 7, true, null],
      ['Model/Item.swift', 'property', 'Item.name', 3, 3, true, null],
      ['Model/Item.swift', 'property', 'Item.price', 4, 4, true, null],
      ['Model/Item.swift', 'method', 'Item.isFree', 6, 6, true, 1],
      ['Model/Item.swift', 'enum', 'Category', 9, 11, true, null],
      ['Model/Item.swift', 'property', 'Category.book', 10, 10, true, null],
      ['Model/Item.swift', 'property', 'Category.pen', 10, 10, true, null],
      ['test/CartTests.swift', 'class', 'CartTests', 4, 12, false, null],
      ['test/CartTests.swift', 'test', 'CartTests.testAddsItems', 5, 9, false, 1],
      ['test/CartTests.swift', 'method', 'CartTests.makeCart', 11, 11, false, 1],
      ['test/SummaryTests.swift', 'class', 'SummaryTests', 4, 9, false, null],
      ['test/SummaryTests.swift', 'test', 'SummaryTests.summarises', 5, 8, false, 1],
    ]);
  });

  it('reads /// runs and /** */ blocks (tags kept), headers and cognitive complexity', () => {
    const byUid = new Map(result.symbols.map((s) => [local(s.uid), s]));
    expect(byUid.get('Cart.swift#Cart')).toMatchObject({
      signature: 'public final class Cart: HasTotal',
      doc: 'The items a customer is buying.',
    });
    expect(byUid.get('Cart.swift#Cart.add')).toMatchObject({
      signature: 'public func add(_ item: Item) -> Cart',
      doc: 'Adds an item; a free item past the limit is refused.\n- Parameter item: the item to add',
      // if +1, && +1, the `else if` (an if nested in the first): +2.
      cognitiveComplexity: 4,
    });
    expect(byUid.get('Cart.swift#Cart.init~2')).toMatchObject({
      signature: 'public convenience init(owner: String, first: Item)',
      doc: 'A cart holding its first item.',
    });
    expect(byUid.get('Model/Item.swift#Item')!.doc).toBe('A thing for sale, priced in cents.');
    expect(byUid.get('Format.swift#Cart')!.signature).toBe('extension Cart');
    expect(byUid.get('test/SummaryTests.swift#SummaryTests.summarises')!.signature).toBe('func summarises()');
  });

  it('follows typed properties and locals, static methods, initializers by arity, extensions, closures in accessors and tests', () => {
    // [caller, callee, first line, count, confidence]
    expect(result.calls.map((c) => [local(c.callerUid), local(c.calleeUid), c.line, c.count, c.confidence])).toEqual([
      ['Cart.swift#Cart.add', 'Model/Item.swift#Item.isFree', 24, 1, 'import'],
      ['Cart.swift#Cart.add', 'Pricing.swift#Pricing.priceOf', 26, 1, 'import'],
      ['Cart.swift#Cart.empty', 'Cart.swift#Cart.init', 39, 1, 'import'],
      ['Cart.swift#Cart.init~2', 'Cart.swift#Cart.add', 17, 1, 'import'],
      ['Cart.swift#Cart.init~2', 'Cart.swift#Cart.init', 16, 1, 'import'],
      ['Cart.swift#Cart.total.get.reduce{}', 'Pricing.swift#Pricing.priceOf', 35, 1, 'import'],
      ['Format.swift#Cart.summary', 'Format.swift#formatCents', 9, 1, 'import'],
      ['Pricing.swift#Pricing.priceOf', 'Model/Item.swift#Item.isFree', 3, 1, 'import'],
      ['test/CartTests.swift#CartTests.makeCart', 'Cart.swift#Cart.init', 11, 1, 'import'],
      ['test/CartTests.swift#CartTests.testAddsItems', 'Cart.swift#Cart.add', 7, 1, 'import'],
      ['test/CartTests.swift#CartTests.testAddsItems', 'Cart.swift#Cart.empty', 6, 1, 'import'],
      ['test/CartTests.swift#CartTests.testAddsItems', 'Model/Item.swift#Item', 7, 1, 'import'],
      ['test/SummaryTests.swift#SummaryTests.summarises', 'Cart.swift#Cart.init~2', 6, 1, 'import'],
      ['test/SummaryTests.swift#SummaryTests.summarises', 'Format.swift#Cart.summary', 7, 1, 'import'],
      ['test/SummaryTests.swift#SummaryTests.summarises', 'Model/Item.swift#Item', 6, 1, 'import'],
    ]);
  });

  it("imports the module's files declaring what a file names; the platform's modules are no reference", () => {
    expect(result.imports.map((i) => [local(i.fromUid), local(i.toUid), i.names])).toEqual([
      ['test/CartTests.swift', 'Cart.swift', ['Cart']],
      ['test/CartTests.swift', 'Model/Item.swift', ['Item']],
      ['test/SummaryTests.swift', 'Cart.swift', ['Cart']],
      ['test/SummaryTests.swift', 'Model/Item.swift', ['Item']],
    ]);
    expect(result.externalReferences.imports).toEqual([]);
    expect(result.inheritance.map((i) => [local(i.fromUid), i.kind, local(i.toUid)])).toEqual([
      ['Cart.swift#Cart', 'IMPLEMENTS', 'HasTotal.swift#HasTotal'],
    ]);
  });
});

describe('SwiftExtractor on unusual input', () => {
  it('extracts what it recognises in a file with a syntax error and says where the error is', async () => {
    const result = await new SwiftExtractor().extract(
      memoryInput({ 'a.swift': 'func fine() {\n    helper()\n}\n\nfunc helper() -> Int { 1 }\n\nfunc broken( {\n' }),
    );
    expect(result.skipped).toEqual([{ path: 'a.swift', reason: 'partly extracted: syntax error at line 7' }]);
    expect(result.symbols.map((s) => s.qualifiedName)).toEqual(expect.arrayContaining(['fine', 'helper']));
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['a.swift#fine', 'a.swift#helper', 'import'],
    ]);
  });

  it('reads directives, macros, availability and raw strings in every file, not only the first the grammar parses', async () => {
    const file = [
      'struct Clock {',
      '    #if os(Linux)',
      '    func now() -> Int { 1 }',
      '    #else',
      '    func now() -> Int { 2 }',
      '    #endif',
      '    func later() -> Int {',
      '        if #available(macOS 13,',
      '                      iOS 16, *) { return now() }',
      '        #warning("slow")',
      '        let escape = #"\\"#',
      '        return now()',
      '    }',
      '}',
      '',
    ].join('\n');
    const result = await new SwiftExtractor().extract(memoryInput({ 'a.swift': file, 'b.swift': file.replace('Clock', 'Timer') }));
    expect(result.skipped).toEqual([]);
    expect(result.symbols.filter((s) => s.path === 'b.swift').map((s) => [s.qualifiedName, s.startLine])).toEqual([
      ['Timer', 1],
      ['Timer.now', 3],
      ['Timer.now', 5],
      ['Timer.later', 7],
    ]);
  });

  it('joins an extension to its type across files: its conformances, its members called on the type, its nested functions and a closure bound to a name', async () => {
    const result = await new SwiftExtractor().extract(
      memoryInput({
        'Sources/Lib/Base.swift': 'open class Base {\n    open func name() -> String { "base" }\n}\n\nprotocol Named {}\n',
        'Sources/Lib/Child.swift': [
          'final class Child: Base {',
          '    override func name() -> String {',
          '        func twice(_ s: String) -> String { s + s }',
          '        let shout = { (s: String) in s.uppercased() }',
          '        return shout(twice(super.name()))',
          '    }',
          '}',
          '',
          'extension Child: Named {',
          '    func greet() -> String { name() }',
          '}',
          '',
        ].join('\n'),
        'Sources/App/main.swift': 'import Lib\nimport Alamofire\n\nlet child = Child()\nfunc run() {\n    _ = Child().greet()\n}\n',
      }),
    );
    expect(result.calls.map((c) => [short(c.callerUid), short(c.calleeUid), c.confidence])).toEqual([
      ['Sources/App/main.swift#run', 'Sources/Lib/Child.swift#Child', 'import'],
      ['Sources/App/main.swift#run', 'Sources/Lib/Child.swift#Child.greet', 'import'],
      ['Sources/Lib/Child.swift#Child.greet', 'Sources/Lib/Child.swift#Child.name', 'import'],
      ['Sources/Lib/Child.swift#Child.name', 'Sources/Lib/Base.swift#Base.name', 'import'],
      ['Sources/Lib/Child.swift#Child.name', 'Sources/Lib/Child.swift#Child.name.shout', 'import'],
      ['Sources/Lib/Child.swift#Child.name', 'Sources/Lib/Child.swift#Child.name.twice', 'import'],
    ]);
    expect(result.imports.map((i) => [short(i.fromUid), short(i.toUid), i.names])).toEqual([
      ['Sources/App/main.swift', 'Sources/Lib/Child.swift', ['Child']],
    ]);
    expect(result.externalReferences.imports.map((i) => [short(i.fileUid), i.package])).toEqual([
      ['Sources/App/main.swift', 'swift:Alamofire'],
    ]);
    expect(result.inheritance.map((i) => [short(i.fromUid), i.kind, short(i.toUid)])).toEqual([
      ['Sources/Lib/Child.swift#Child', 'EXTENDS', 'Sources/Lib/Base.swift#Base'],
      ['Sources/Lib/Child.swift#Child', 'IMPLEMENTS', 'Sources/Lib/Base.swift#Named'],
    ]);
  });
});
