import { randomBytes } from 'node:crypto';
import { QdrantVectorIndex } from './qdrant-vector-index';
import { describeVectorIndexContract } from '../test/vector-index.contract';
import { localQdrantUnavailable, startLocalQdrant, type LocalQdrant } from '../test/local-qdrant';
import type { VectorModel, VectorPoint } from './vector-index';

/**
 * Against a real Qdrant: the one QDRANT_URL names (QDRANT_API_KEY optional), else one node started from
 * the source-built binary (scripts/build-qdrant.sh). With neither, the suites are reported as skipped,
 * with the reason, never passed in silence.
 */
const externalUrl = process.env.QDRANT_URL;
const noLocalQdrant = externalUrl ? undefined : localQdrantUnavailable();
const skipReason = noLocalQdrant && `QDRANT_URL is not set and there is ${noLocalQdrant}`;
// Straight to stderr, not console.warn: jest drops the console output of a file whose tests were all skipped when it runs several files.
if (skipReason) process.stderr.write(`\n[tests] QdrantVectorIndex suites skipped: ${skipReason}.\n`);

let local: LocalQdrant | undefined;
if (!skipReason && !externalUrl) {
  beforeAll(async () => {
    local = await startLocalQdrant();
  }, 60_000);
  afterAll(() => local?.stop());
}
const connect = (): QdrantVectorIndex =>
  QdrantVectorIndex.connect({ url: externalUrl ?? local!.nodes[0].url, apiKey: process.env.QDRANT_API_KEY || undefined });

describeVectorIndexContract('QdrantVectorIndex', connect, { skipReason });

(skipReason ? describe.skip : describe)(`QdrantVectorIndex hybrid search${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const model: VectorModel = { id: `hybrid-test/${randomBytes(4).toString('hex')}`, dimension: 4 };
  const tenantId = `hybrid-${randomBytes(4).toString('hex')}`;
  let index: QdrantVectorIndex;

  beforeAll(() => {
    index = connect();
  });
  afterAll(async () => {
    await index.dropCollection(model);
    await index.close();
  });

  const point = (tenant: string, id: string, vector: number[], term: number): VectorPoint => ({
    id,
    vector,
    sparse: { indices: [term], values: [1] },
    payload: {
      tenantId: tenant,
      repoId: 'r1',
      commit: 'c',
      path: `src/${id}.ts`,
      kind: 'function',
      uid: id,
      startLine: 1,
      endLine: 2,
      contentHash: id,
    },
  });

  it('fuses dense and sparse rankings (RRF), within the tenant only', async () => {
    await index.upsert(model, [
      point(tenantId, 'dense-match', [1, 0, 0, 0], 1),
      point(tenantId, 'term-match', [0, 1, 0, 0], 7),
      point(`${tenantId}-other`, 'other-tenant', [1, 0, 0, 0], 7),
    ]);

    const denseOnly = await index.search(model, [1, 0, 0, 0], { tenantId }, 10);
    expect(denseOnly.map((hit) => hit.id)).toEqual(['dense-match', 'term-match']);
    // term-match is 2nd by dense and 1st (alone) by sparse; dense-match is 1st by dense only.
    const hybrid = await index.search(model, { dense: [1, 0, 0, 0], sparse: { indices: [7], values: [1] } }, { tenantId }, 10);
    expect(hybrid.map((hit) => hit.id)).toEqual(['term-match', 'dense-match']);
    const sparseOnly = await index.search(model, { dense: [0, 0, 0, 0], sparse: { indices: [7], values: [1] } }, { tenantId }, 10);
    expect(sparseOnly.map((hit) => hit.id)).toEqual(['term-match']);
  });
});
