import { randomBytes } from 'node:crypto';
import { InvalidVectorError, VectorDimensionMismatchError, VectorReindexConflictError, VectorReindexFinishedError } from '../src/errors';
import type { VectorFilter, VectorHit, VectorIndex, VectorModel, VectorPayload, VectorPoint } from '../src/vector-index';
import { modelSlug } from '../src/vector-support';

export interface VectorIndexContractOptions {
  /** Set: the suite is reported as skipped, with this reason in its name. */
  skipReason?: string;
}

/**
 * The behaviour every VectorIndex adapter must show, with exact expectations. Runs against a real
 * store. Uses a model id unique to the run (so a fresh index of dimension 4), a fresh tenant per
 * test, and drops the model's index at the end.
 */
export function describeVectorIndexContract(
  name: string,
  factory: () => VectorIndex | Promise<VectorIndex>,
  options: VectorIndexContractOptions = {},
): void {
  const title = options.skipReason ? `${name} VectorIndex contract (skipped: ${options.skipReason})` : `${name} VectorIndex contract`;
  (options.skipReason ? describe.skip : describe)(title, () => {
    const run = randomBytes(4).toString('hex');
    const model: VectorModel = { id: `contract-test/${run}`, dimension: 4 };
    let index: VectorIndex;
    let tenants = 0;
    const newTenant = (): string => `contract-${run}-${++tenants}`;

    beforeAll(async () => {
      index = await factory();
      await index.ensureCollection(model);
    });

    afterAll(async () => {
      if (!index) return;
      await index.dropCollection(model);
      await index.close();
    });

    const q = [1, 0, 0, 0];
    const search = (filter: VectorFilter, vector: number[] | Float32Array = q, limit = 10): Promise<VectorHit[]> =>
      index.search(model, vector, filter, limit);
    const ids = (hits: VectorHit[]): string[] => hits.map((hit) => hit.id);
    /** The four chunks of the standard scene: query q ranks them a (1), b (0.9939), d (0.7071), c (0). */
    const seed = async (tenantId: string): Promise<void> => {
      await index.upsert(model, [
        point(tenantId, 'r1', 'a', [1, 0, 0, 0], { path: 'src/orders/a.ts', kind: 'function', language: 'typescript', contentHash: 'ha' }),
        point(tenantId, 'r1', 'b', [0.9, 0.1, 0, 0], {
          path: 'src/orders-legacy/b.ts',
          kind: 'class',
          language: 'typescript',
          contentHash: 'hb',
        }),
        point(tenantId, 'r2', 'c', [0, 1, 0, 0], { path: 'docs/guide.md', kind: 'section', contentHash: 'hc' }),
        point(tenantId, 'r2', 'd', [0.7, 0.7, 0, 0], { path: 'src/orders/d.py', kind: 'function', language: 'python', contentHash: 'hd' }),
      ]);
    };

    it('ranks the nearest vector first, with exact ids, cosine scores and the stored payload', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      const hits = await search({ tenantId });
      expect(ids(hits)).toEqual(['a', 'b', 'd', 'c']);
      const expectedScores = [1, 0.9 / Math.sqrt(0.82), Math.SQRT1_2, 0];
      hits.forEach((hit, rank) => expect(hit.score).toBeCloseTo(expectedScores[rank], 4));
      expect(hits[0]).toEqual({
        id: 'a',
        uid: `${tenantId}:r1:a`,
        score: expect.any(Number),
        payload: payloadOf(tenantId, 'r1', 'a', { path: 'src/orders/a.ts', kind: 'function', language: 'typescript', contentHash: 'ha' }),
      });
      expect(hits[3].payload.language).toBeUndefined();

      expect(ids(await search({ tenantId }, q, 2))).toEqual(['a', 'b']);
      expect(ids(await search({ tenantId }, new Float32Array([0, 1, 0, 0])))).toEqual(['c', 'd', 'b', 'a']);
    });

    it('never shows one tenant the chunks of another, even under the same chunk id and path', async () => {
      const tenantA = newTenant();
      const tenantB = newTenant();
      await seed(tenantA);
      await index.upsert(model, [
        point(tenantB, 'r1', 'a', [1, 0, 0, 0], { path: 'src/orders/a.ts', contentHash: 'hb-a' }),
        point(tenantB, 'r1', 'z', [1, 0.01, 0, 0], { path: 'src/z.ts', contentHash: 'hb-z' }),
      ]);

      const forA = await search({ tenantId: tenantA });
      expect(ids(forA)).toEqual(['a', 'b', 'd', 'c']);
      expect(forA.every((hit) => hit.payload.tenantId === tenantA)).toBe(true);
      expect(forA[0].payload.contentHash).toBe('ha');
      expect(ids(await search({ tenantId: tenantB }))).toEqual(['a', 'z']);
      expect(await index.contentHashes(model, tenantB, 'r1')).toEqual(
        new Map([
          ['a', 'hb-a'],
          ['z', 'hb-z'],
        ]),
      );

      // Deletes are scoped by tenant too: the same repository id and path in tenant A stay.
      await index.deleteByFiles(model, tenantB, 'r1', ['src/orders/a.ts']);
      await index.deleteByRepository(model, tenantB, 'r2');
      expect(ids(await search({ tenantId: tenantA }))).toEqual(['a', 'b', 'd', 'c']);
      expect(ids(await search({ tenantId: tenantB }))).toEqual(['z']);
      await index.deleteByRepository(model, tenantA, 'r1');
      expect(ids(await search({ tenantId: tenantB }))).toEqual(['z']);
    });

    it('filters by repositories, kinds, path prefix (whole segments) and language', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      expect(ids(await search({ tenantId, repoIds: ['r2'] }))).toEqual(['d', 'c']);
      expect(ids(await search({ tenantId, repoIds: ['r1', 'r2'] }))).toEqual(['a', 'b', 'd', 'c']);
      expect(ids(await search({ tenantId, repoIds: null }))).toEqual(['a', 'b', 'd', 'c']);
      expect(await search({ tenantId, repoIds: [] })).toEqual([]);
      expect(await search({ tenantId, repoIds: ['unknown'] })).toEqual([]);
      expect(ids(await search({ tenantId, kinds: ['class', 'section'] }))).toEqual(['b', 'c']);
      expect(await search({ tenantId, kinds: [] })).toEqual([]);
      expect(ids(await search({ tenantId, pathPrefix: 'src/orders' }))).toEqual(['a', 'd']);
      expect(ids(await search({ tenantId, pathPrefix: 'src/orders/' }))).toEqual(['a', 'd']);
      expect(ids(await search({ tenantId, pathPrefix: 'src' }))).toEqual(['a', 'b', 'd']);
      expect(ids(await search({ tenantId, pathPrefix: 'src/orders/a.ts' }))).toEqual(['a']);
      expect(ids(await search({ tenantId, pathPrefix: 'src/ord' }))).toEqual([]);
      expect(ids(await search({ tenantId, pathPrefix: '' }))).toEqual(['a', 'b', 'd', 'c']);
      expect(ids(await search({ tenantId, language: 'python' }))).toEqual(['d']);
      expect(
        ids(await search({ tenantId, repoIds: ['r1', 'r2'], kinds: ['function'], pathPrefix: 'src', language: 'typescript' })),
      ).toEqual(['a']);
    });

    it('deletes the chunks of given files, and of a whole repository, within one repository', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      await index.deleteByFiles(model, tenantId, 'r1', ['src/orders/a.ts', 'not/indexed.ts']);
      expect(ids(await search({ tenantId }))).toEqual(['b', 'd', 'c']);
      // b's path, but named under the other repository: nothing happens.
      await index.deleteByFiles(model, tenantId, 'r2', ['src/orders-legacy/b.ts']);
      expect(ids(await search({ tenantId }))).toEqual(['b', 'd', 'c']);
      await index.deleteByFiles(model, tenantId, 'r1', []);

      await index.deleteByRepository(model, tenantId, 'r2');
      expect(ids(await search({ tenantId }))).toEqual(['b']);
      expect(await index.contentHashes(model, tenantId, 'r2')).toEqual(new Map());
    });

    it('replaces a point upserted again under the same id', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      await index.upsert(model, [
        point(tenantId, 'r1', 'a', [0, 0, 1, 0], { path: 'src/orders/a2.ts', kind: 'method', contentHash: 'ha2' }),
      ]);
      const [nearest] = await search({ tenantId }, [0, 0, 1, 0], 1);
      expect(nearest.id).toBe('a');
      expect(nearest.score).toBeCloseTo(1, 4);
      expect(nearest.payload).toEqual(payloadOf(tenantId, 'r1', 'a', { path: 'src/orders/a2.ts', kind: 'method', contentHash: 'ha2' }));
      // a and c now both have cosine 0 with q: their order between themselves is not part of the contract.
      const all = ids(await search({ tenantId }));
      expect(all.slice(0, 2)).toEqual(['b', 'd']);
      expect([...all].sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(await index.contentHashes(model, tenantId, 'r1')).toEqual(
        new Map([
          ['a', 'ha2'],
          ['b', 'hb'],
        ]),
      );
    });

    it('reports the content hash of every chunk of a repository', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      expect(await index.contentHashes(model, tenantId, 'r1')).toEqual(
        new Map([
          ['a', 'ha'],
          ['b', 'hb'],
        ]),
      );
      expect(await index.contentHashes(model, tenantId, 'r2')).toEqual(
        new Map([
          ['c', 'hc'],
          ['d', 'hd'],
        ]),
      );
      expect(await index.contentHashes(model, tenantId, 'never-indexed')).toEqual(new Map());
    });

    it('keeps a chunk whose vector is all zeros for contentHashes, but never returns it; a zero query finds nothing', async () => {
      const tenantId = newTenant();
      await seed(tenantId);
      await index.upsert(model, [point(tenantId, 'r1', 'empty', [0, 0, 0, 0], { contentHash: 'h-empty' })]);

      expect((await index.contentHashes(model, tenantId, 'r1')).get('empty')).toBe('h-empty');
      expect(ids(await search({ tenantId }))).toEqual(['a', 'b', 'd', 'c']);
      expect(await search({ tenantId }, [0, 0, 0, 0])).toEqual([]);
    });

    it('finds the few chunks of a small tenant among many nearer chunks of another', async () => {
      const small = newTenant();
      const large = newTenant();
      const crowd = Array.from({ length: 400 }, (_, n) =>
        point(large, 'big', `crowd-${n}`, [1, ((n % 20) + 1) / 1000, ((n % 7) + 1) / 1000, Math.floor(n / 20) / 1000], {
          contentHash: `h${n}`,
        }),
      );
      await index.upsert(model, crowd);
      await index.upsert(model, [
        point(small, 'r1', 'far', [0, 1, 0, 0], { contentHash: 'h-far' }),
        point(small, 'r1', 'farther', [-1, 0.1, 0, 0], { contentHash: 'h-farther' }),
      ]);

      expect(ids(await search({ tenantId: small }, q, 5))).toEqual(['far', 'farther']);
      expect(ids(await search({ tenantId: large, repoIds: ['big'], pathPrefix: 'src' }, q, 3))).toHaveLength(3);
    });

    it('rejects a dimension that differs from the index, naming both dimensions and the index', async () => {
      const tenantId = newTenant();
      const other: VectorModel = { id: model.id, dimension: 8 };

      const mismatch = await index.ensureCollection(other).then(
        () => null,
        (error: unknown) => error,
      );
      expect(mismatch).toBeInstanceOf(VectorDimensionMismatchError);
      expect(mismatch).toMatchObject({ expectedDimension: 4, actualDimension: 8, code: 'invalid_input' });
      expect((mismatch as Error).message).toContain(modelSlug(model.id));
      expect((mismatch as Error).message).toMatch(/8 dimensions .* has 4/);

      await expect(index.upsert(model, [point(tenantId, 'r1', 'short', [1, 0, 0], {})])).rejects.toThrow(VectorDimensionMismatchError);
      await expect(search({ tenantId }, [1, 0, 0, 0, 0])).rejects.toThrow(VectorDimensionMismatchError);
      await expect(index.upsert(model, [point(tenantId, 'r1', 'nan', [1, Number.NaN, 0, 0], {})])).rejects.toThrow(InvalidVectorError);
      // The rejected batches wrote nothing, and the model still works at its own dimension.
      expect(await index.contentHashes(model, tenantId, 'r1')).toEqual(new Map());
      await index.ensureCollection(model);
    });

    it('full re-index: search sees only the old generation while building and only the new one after commit', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      const reindex = await index.beginFullReindex(model, tenantId, 'r1');
      await reindex.upsert([
        point(tenantId, 'r1', 'a', [0, 0, 0, 1], { path: 'src/orders/a.ts', contentHash: 'ha-new' }),
        point(tenantId, 'r1', 'x', [0, 0, 1, 0], { path: 'src/x.ts', contentHash: 'hx' }),
      ]);

      const during = await search({ tenantId });
      expect(ids(during)).toEqual(['a', 'b', 'd', 'c']);
      expect(during[0].payload.contentHash).toBe('ha');
      expect(ids(await search({ tenantId }, [0, 0, 1, 0], 10)).includes('x')).toBe(false);
      expect(await index.contentHashes(model, tenantId, 'r1')).toEqual(
        new Map([
          ['a', 'ha'],
          ['b', 'hb'],
        ]),
      );

      await reindex.commit();
      expect(ids(await search({ tenantId, repoIds: ['r1'] }, [0, 0, 0, 1]))).toEqual(['a', 'x']);
      expect((await search({ tenantId }, [0, 0, 0, 1], 1))[0].payload.contentHash).toBe('ha-new');
      expect(await index.contentHashes(model, tenantId, 'r1')).toEqual(
        new Map([
          ['a', 'ha-new'],
          ['x', 'hx'],
        ]),
      );
      // The other repository of the tenant is untouched.
      expect(ids(await search({ tenantId, repoIds: ['r2'] }))).toEqual(['d', 'c']);

      // Ordinary writes now land in the new live generation.
      await index.upsert(model, [point(tenantId, 'r1', 'b', [0.9, 0.1, 0, 0], { path: 'src/orders-legacy/b.ts', contentHash: 'hb2' })]);
      const r1 = ids(await search({ tenantId, repoIds: ['r1'] }));
      expect(r1[0]).toBe('b');
      expect([...r1].sort()).toEqual(['a', 'b', 'x']);
      expect((await index.contentHashes(model, tenantId, 'r1')).get('b')).toBe('hb2');

      await expect(reindex.upsert([])).rejects.toThrow(VectorReindexFinishedError);
      await expect(reindex.commit()).rejects.toThrow(VectorReindexFinishedError);
    });

    it('full re-index: abort leaves the live generation as it was', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      const reindex = await index.beginFullReindex(model, tenantId, 'r1');
      await reindex.upsert([
        point(tenantId, 'r1', 'a', [0, 0, 0, 1], { contentHash: 'ha-new' }),
        point(tenantId, 'r1', 'y', [0, 0, 1, 0], { contentHash: 'hy' }),
      ]);
      await reindex.abort();
      await reindex.abort();

      expect(ids(await search({ tenantId }))).toEqual(['a', 'b', 'd', 'c']);
      expect(ids(await search({ tenantId, repoIds: ['r1'] }, [0, 0, 1, 0])).sort()).toEqual(['a', 'b']);
      expect(await index.contentHashes(model, tenantId, 'r1')).toEqual(
        new Map([
          ['a', 'ha'],
          ['b', 'hb'],
        ]),
      );
      await expect(reindex.commit()).rejects.toThrow(VectorReindexFinishedError);

      // A later full re-index still works, and starts from nothing but what it writes.
      const again = await index.beginFullReindex(model, tenantId, 'r1');
      await again.upsert([point(tenantId, 'r1', 'y', [0, 0, 1, 0], { contentHash: 'hy' })]);
      await again.commit();
      expect(ids(await search({ tenantId }, [0, 0.2, 1, 0]))).toEqual(['y', 'c', 'd']);
    });

    it('full re-index: an older build cannot replace a newer one that committed first, and points outside its repository are refused', async () => {
      const tenantId = newTenant();
      await seed(tenantId);

      const older = await index.beginFullReindex(model, tenantId, 'r1');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const newer = await index.beginFullReindex(model, tenantId, 'r1');
      await older.upsert([point(tenantId, 'r1', 'old-build', [1, 0, 0, 0], { contentHash: 'h-old' })]);
      await newer.upsert([point(tenantId, 'r1', 'new-build', [1, 0, 0, 0], { contentHash: 'h-new' })]);
      await expect(newer.upsert([point(tenantId, 'r2', 'elsewhere', [1, 0, 0, 0], {})])).rejects.toThrow(InvalidVectorError);
      await expect(newer.upsert([point(newTenant(), 'r1', 'other-tenant', [1, 0, 0, 0], {})])).rejects.toThrow(InvalidVectorError);

      await newer.commit();
      await expect(older.commit()).rejects.toThrow(VectorReindexConflictError);
      expect(ids(await search({ tenantId, repoIds: ['r1'] }))).toEqual(['new-build']);
      expect(await index.contentHashes(model, tenantId, 'r1')).toEqual(new Map([['new-build', 'h-new']]));
    });
  });
}

function payloadOf(tenantId: string, repoId: string, id: string, overrides: Partial<VectorPayload>): VectorPayload {
  return {
    tenantId,
    repoId,
    commit: 'c0ffee',
    path: `src/${id}.ts`,
    kind: 'function',
    uid: `${tenantId}:${repoId}:${id}`,
    startLine: 3,
    endLine: 17,
    contentHash: `h-${id}`,
    ...overrides,
  };
}

function point(tenantId: string, repoId: string, id: string, vector: number[], overrides: Partial<VectorPayload>): VectorPoint {
  return { id, vector, payload: payloadOf(tenantId, repoId, id, overrides) };
}
