import { awaitedType, claimedValue, declarationHeader, initializerOf, literalValue } from './code-facts';

describe('declarationHeader', () => {
  it('reads a TypeScript function: parameters, optional ones, return type', () => {
    expect(
      declarationHeader(
        'export function applyDiscount(total: Money, code?: string): Money {\n  return total;\n}',
        'applyDiscount',
        'typescript',
      ),
    ).toEqual({
      modifiers: ['export', 'function'],
      parameters: [
        { name: 'total', optional: false, defaultValue: null, rest: false },
        { name: 'code', optional: true, defaultValue: null, rest: false },
      ],
      returnType: 'Money',
      line: 0,
    });
  });

  it('reads a method with modifiers, defaults and a generic return type', () => {
    const header = declarationHeader(
      "  /** Writes. */\n  private static async write(path: string, encoding = 'utf8', ...rest: Array<{ a: 1, b: 2 }>): Promise<void> {",
      'write',
      'typescript',
    );
    expect(header).toMatchObject({
      modifiers: ['private', 'static', 'async'],
      parameters: [
        { name: 'path', optional: false, defaultValue: null, rest: false },
        { name: 'encoding', optional: true, defaultValue: "'utf8'", rest: false },
        { name: 'rest', optional: false, defaultValue: null, rest: true },
      ],
      returnType: 'Promise<void>',
      line: 1,
    });
  });

  it('reads an arrow function held by a constant', () => {
    expect(
      declarationHeader('export const isKnownDiscount = (code: string): boolean => code in DISCOUNTS;', 'isKnownDiscount', 'typescript'),
    ).toMatchObject({
      parameters: [{ name: 'code' }],
      returnType: 'boolean',
    });
  });

  it('reads Python, leaving out self and keeping defaults', () => {
    expect(declarationHeader('async def fetch(self, url: str, retries: int = 3) -> bytes:\n    pass', 'fetch', 'python')).toMatchObject({
      modifiers: ['async', 'def'],
      parameters: [
        { name: 'url', optional: false },
        { name: 'retries', optional: true, defaultValue: '3' },
      ],
      returnType: 'bytes',
    });
  });

  it('reads PHP: typed `$` parameters, defaults, a variadic one, the result after the colon', () => {
    expect(declarationHeader('public static function add(Item $item, int $n = 1, ...$rest): static\n{', 'add', 'php')).toEqual({
      modifiers: ['public', 'static', 'function'],
      parameters: [
        { name: '$item', optional: false, defaultValue: null, rest: false },
        { name: '$n', optional: true, defaultValue: '1', rest: false },
        { name: '$rest', optional: false, defaultValue: null, rest: true },
      ],
      returnType: 'static',
      line: 0,
    });
  });

  it('reads Kotlin as a script: `name: Type`, defaults, the result after the colon', () => {
    expect(declarationHeader('fun add(item: Item, n: Int = 1): Cart {', 'add', 'kotlin')).toMatchObject({
      parameters: [
        { name: 'item', optional: false, defaultValue: null, rest: false },
        { name: 'n', optional: true, defaultValue: '1', rest: false },
      ],
      returnType: 'Cart',
    });
  });

  it('answers null for a declaration that is no function header', () => {
    expect(declarationHeader('export interface Order {\n  id: string;\n}', 'Order', 'typescript')).toBeNull();
  });
});

describe('values', () => {
  it('compares literals as values', () => {
    expect(literalValue("'utf8'")).toBe('utf8');
    expect(literalValue('5_000')).toBe('5000');
    expect(literalValue('a + b')).toBeNull();
    expect(claimedValue('5,000')).toBe('5000');
    expect(claimedValue('"utf8"')).toBe('utf8');
  });

  it('finds an initializer', () => {
    expect(initializerOf('const MAX_LINES = 50;', 'MAX_LINES')).toEqual({ value: '50', line: 0 });
    expect(initializerOf('const DISCOUNTS: Record<string, number> = {\n  A: 1,\n};', 'DISCOUNTS')).toEqual({
      value: '{\n  A: 1,\n}',
      line: 0,
    });
  });

  it('knows a promise of a type', () => {
    expect(awaitedType('Promise<PlacedOrder>')).toBe('PlacedOrder');
    expect(awaitedType('PlacedOrder')).toBeNull();
  });
});
