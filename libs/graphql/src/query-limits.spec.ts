import { buildSchema, parse, validate } from 'graphql';
import { QUERY_LIMITS, queryLimitsRule } from './query-limits';

describe('queryLimitsRule: depth, aliases and cost of an operation', () => {
  const schema = buildSchema(`
    type Query { symbol(uid: String!): Symbol }
    type Symbol { name: String! callers(first: Int, after: String): Connection! }
    type Connection { nodes: [Symbol!]! totalCount: Int! }
  `);
  const errorsOf = (query: string, limits = QUERY_LIMITS) =>
    validate(schema, parse(query), [queryLimitsRule(limits)]).map((error) => error.message);
  const nested = (levels: number) =>
    `{ symbol(uid: "u") { ${'callers(first: 1) { nodes { '.repeat(levels)}name${' } }'.repeat(levels)} } }`;

  it('lets an operation within the limits through, and introspection (GraphiQL reads the schema) for free', () => {
    expect(errorsOf(nested(4))).toEqual([]);
    expect(
      errorsOf('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }'),
    ).toEqual([]);
  });

  it('refuses an operation nested deeper than the limit, saying the limit', () => {
    expect(errorsOf(nested(5))).toEqual(['The query is 12 fields deep; at most 10 are allowed: ask for less nesting.']);
  });

  it('counts aliases, in fragments as often as they are spread', () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: name`).join(' ');
    expect(errorsOf(`{ symbol(uid: "u") { ...F } } fragment F on Symbol { ${aliases} }`)).toEqual([]);
    expect(errorsOf(`{ symbol(uid: "u") { ...F callers { nodes { ...F } } } } fragment F on Symbol { ${aliases} }`)).toEqual([
      'The query has 32 aliases; at most 30 are allowed.',
    ]);
  });

  it('counts what is below a list once per item of its page: first, the default page without it, the largest for a variable', () => {
    const limits = { ...QUERY_LIMITS, maxCost: 100 };
    expect(errorsOf('{ symbol(uid: "u") { callers(first: 49) { nodes { name } } } }', limits)).toEqual([]);
    expect(errorsOf('{ symbol(uid: "u") { callers(first: 50) { nodes { name } } } }', limits)).toEqual([
      'The query may resolve 102 fields (each list counted at its page size, first); at most 100 are allowed: ask for smaller pages or fewer nested lists.',
    ]);
    expect(errorsOf('{ symbol(uid: "u") { callers { nodes { name } } } }', limits)).toEqual([]);
    expect(errorsOf('query($n: Int) { symbol(uid: "u") { callers(first: $n) { nodes { name } } } }', limits)).toHaveLength(1);
  });

  it('measures a fragment spread many times once, and stops at a fragment cycle', () => {
    const bomb = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Symbol { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const started = Date.now();
    const errors = errorsOf(`{ symbol(uid: "u") { ...F0 } } ${bomb} fragment F30 on Symbol { a: name }`);
    expect(errors[0]).toBe(`The query has ${2 ** 30} aliases; at most 30 are allowed.`);
    expect(errors[1]).toMatch(`The query may resolve ${2 ** 30 + 1} fields`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(() => errorsOf('{ symbol(uid: "u") { ...A } } fragment A on Symbol { ...B } fragment B on Symbol { ...A }')).not.toThrow();
  });
});
