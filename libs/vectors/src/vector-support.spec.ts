import { InvalidVectorError, VectorDimensionMismatchError } from './errors';
import { aliasName, chunkFilter, chunkPointId } from './qdrant-vector-index';
import {
  INITIAL_GENERATION,
  checkedDense,
  checkedSparse,
  filterMatchesNothing,
  generationOrder,
  modelSlug,
  newGenerationId,
  normalizePathPrefix,
  pathMatchesPrefix,
  pathPrefixes,
} from './vector-support';

describe('modelSlug', () => {
  it('keeps names safe for labels, indexes and collections, and tells apart ids that differ only in punctuation', () => {
    expect(modelSlug('BAAI/bge-small-en-v1.5')).toMatch(/^baai_bge_small_en_v1_5_[0-9a-f]{8}$/);
    expect(modelSlug('bge-small')).not.toBe(modelSlug('bge_small'));
    expect(modelSlug('bge-small')).toBe(modelSlug('bge-small'));
    expect(modelSlug('///')).toMatch(/^model_[0-9a-f]{8}$/);
    expect(modelSlug('x'.repeat(200)).length).toBe(40 + 1 + 8);
    expect(aliasName({ id: 'lore-hash-v1', dimension: 384 })).toBe(`lore_chunks_${modelSlug('lore-hash-v1')}`);
  });
});

describe('generations', () => {
  it('sort by start time, after the initial generation', () => {
    const first = newGenerationId(1_700_000_000_000);
    const second = newGenerationId(1_700_000_000_001);
    expect(first).toMatch(/^g001700000000000[0-9a-f]{8}$/);
    expect([second, INITIAL_GENERATION, first].sort()).toEqual([INITIAL_GENERATION, first, second]);
    expect(generationOrder(first)).toBe(1_700_000_000_000);
    expect(generationOrder(INITIAL_GENERATION)).toBe(0);
  });
});

describe('path prefixes', () => {
  it('match whole path segments, with or without slashes around', () => {
    expect(pathPrefixes('src/orders/a.ts')).toEqual(['src', 'src/orders', 'src/orders/a.ts']);
    expect(normalizePathPrefix('./src/orders/')).toBe('src/orders');
    expect(normalizePathPrefix('/src')).toBe('src');
    expect(normalizePathPrefix('')).toBeNull();
    expect(normalizePathPrefix('/')).toBeNull();
    expect(normalizePathPrefix(undefined)).toBeNull();
    expect(pathMatchesPrefix('src/orders/a.ts', 'src/orders')).toBe(true);
    expect(pathMatchesPrefix('src/orders-legacy/b.ts', 'src/orders')).toBe(false);
    expect(pathMatchesPrefix('src/orders', 'src/orders')).toBe(true);
  });
});

describe('vector checks', () => {
  const model = { id: 'm', dimension: 3 };

  it('returns plain arrays, and names both dimensions and the index on a mismatch', () => {
    expect(checkedDense(new Float32Array([1, 0.5, 0]), model, 'chunk_m', 'q')).toEqual([1, 0.5, 0]);
    expect(() => checkedDense([1, 0], model, 'chunk_m', 'The query vector')).toThrow(
      new VectorDimensionMismatchError('chunk_m', 3, 2, 'The query vector'),
    );
    expect(() => checkedDense([1, 0], model, 'chunk_m', 'The query vector')).toThrow(
      "The query vector has 2 dimensions but the vector index 'chunk_m' has 3.",
    );
    expect(() => checkedDense([1, Infinity, 0], model, 'chunk_m', 'q')).toThrow(InvalidVectorError);
  });

  it('refuses malformed sparse vectors', () => {
    expect(checkedSparse({ indices: [3, 1], values: [0.5, 0.25] }, 'p')).toEqual({ indices: [3, 1], values: [0.5, 0.25] });
    expect(() => checkedSparse({ indices: [1, 1], values: [1, 2] }, 'p')).toThrow('unique');
    expect(() => checkedSparse({ indices: [1], values: [1, 2] }, 'p')).toThrow('differ in length');
    expect(() => checkedSparse({ indices: [-1], values: [1] }, 'p')).toThrow('unsigned');
  });

  it('knows filters that can match nothing', () => {
    expect(filterMatchesNothing({ tenantId: 't', repoIds: [] })).toBe(true);
    expect(filterMatchesNothing({ tenantId: 't', kinds: [] })).toBe(true);
    expect(filterMatchesNothing({ tenantId: 't', repoIds: null })).toBe(false);
    expect(filterMatchesNothing({ tenantId: 't' })).toBe(false);
  });
});

describe('Qdrant filters and ids', () => {
  it('always scope by tenant and by each repository live generation', () => {
    expect(chunkFilter({ tenantId: 't1' }, {})).toEqual({
      must: [{ key: 'tenantId', match: { value: 't1' } }, { should: [{ must: [{ key: 'generation', match: { value: '0' } }] }] }],
    });
    expect(
      chunkFilter(
        { tenantId: 't1', repoIds: ['r1', 'r2'], kinds: ['class'], pathPrefix: 'src/orders/', language: 'go' },
        { r2: 'g2', r1: 'g1' },
      ),
    ).toEqual({
      must: [
        { key: 'tenantId', match: { value: 't1' } },
        { key: 'repoId', match: { any: ['r1', 'r2'] } },
        { key: 'kind', match: { any: ['class'] } },
        { key: 'pathPrefixes', match: { value: 'src/orders' } },
        { key: 'language', match: { value: 'go' } },
        {
          should: [
            {
              must: [
                { key: 'repoId', match: { value: 'r1' } },
                { key: 'generation', match: { value: 'g1' } },
              ],
            },
            {
              must: [
                { key: 'repoId', match: { value: 'r2' } },
                { key: 'generation', match: { value: 'g2' } },
              ],
            },
            { must: [{ key: 'generation', match: { value: '0' } }], must_not: [{ key: 'repoId', match: { any: ['r1', 'r2'] } }] },
          ],
        },
      ],
    });
  });

  it('derive one UUID per tenant, chunk and generation', () => {
    const id = chunkPointId('t1', 'uid#chunk1', '0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(chunkPointId('t1', 'uid#chunk1', '0')).toBe(id);
    expect(chunkPointId('t2', 'uid#chunk1', '0')).not.toBe(id);
    expect(chunkPointId('t1', 'uid#chunk1', 'g1')).not.toBe(id);
  });
});
