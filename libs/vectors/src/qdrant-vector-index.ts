import { createHash } from 'node:crypto';
import { TimeoutError, UnavailableError } from '@lore/domain';
import { QdrantClient, QdrantClientTimeoutError, QdrantClientUnexpectedResponseError, type Schemas } from '@qdrant/js-client-rest';
import { InvalidVectorError, VectorDimensionMismatchError, VectorReindexConflictError } from './errors';
import { GenerationBuild, type GenerationStore } from './generation-build';
import type {
  FullReindex,
  VectorFilter,
  VectorHit,
  VectorIndex,
  VectorModel,
  VectorPayload,
  VectorPoint,
  VectorQuery,
} from './vector-index';
import {
  INITIAL_GENERATION,
  checkLimit,
  checkPoint,
  checkedDense,
  checkedSparse,
  filterMatchesNothing,
  generationOrder,
  inBatches,
  isZeroVector,
  modelSlug,
  newGenerationId,
  normalizePathPrefix,
  pathPrefixes,
  requireTenant,
  splitQuery,
  storedPayload,
} from './vector-support';

type Filter = Schemas['Filter'];
type Condition = Schemas['Condition'];

export interface QdrantConnectionSettings {
  url: string;
  apiKey?: string;
  /** Request timeout in milliseconds. */
  timeoutMs?: number;
  distribution?: QdrantDistribution;
}

/**
 * Qdrant in distributed mode: how collections are made (shards, replicas, the replicas a write must
 * reach) and how many replicas a read that must see the latest generation asks. Unset: Qdrant's
 * defaults (one shard per node, one replica, a read answered by any replica).
 */
export interface QdrantDistribution {
  shardNumber?: number;
  replicationFactor?: number;
  writeConsistencyFactor?: number;
  readConsistency?: Schemas['ReadConsistency'];
}

/**
 * The Qdrant adapter.
 *
 * Layout:
 * - One collection per model and dimension, `lore_chunks_<slug>__d<dimension>`, always reached
 *   through the alias `lore_chunks_<slug>`. The alias is what detects a dimension change: the same
 *   model id asked with another dimension finds its alias pointing at a collection of the old one.
 * - Named vectors `dense` (cosine) and `sparse` (IDF modifier, for BM25-like hybrid search); points
 *   without a sparse vector just lack it. Every tenant and repository shares the collection
 *   (Qdrant's advice for multitenancy), with `tenantId` as the tenant payload index.
 * - Point ids are UUIDs derived from (tenantId, chunk id, generation): Qdrant takes only integers
 *   and UUIDs, and the same chunk lives in two generations during a full re-index.
 * - `pathPrefixes` holds every directory prefix of the path: Qdrant has no prefix match on keywords.
 * - The live generation of each (model, tenant, repository) is one point in the small collection
 *   `lore_chunk_generations`; absent means INITIAL_GENERATION.
 *
 * Why full re-index does not swap the alias to a freshly built collection: the collection holds
 * every tenant and repository, so a new one built for one repository would have to copy all the
 * others too, and would lose whatever they wrote meanwhile. Instead, as in the Neo4j adapter, the
 * new points go in under a new generation, search filters on each repository's live generation,
 * and commit() rewrites the one generation point. A search that read the generation point just
 * before a commit and queries just after it may miss that repository's old points, which commit
 * deletes right after switching; it never mixes the two generations.
 */
export class QdrantVectorIndex implements VectorIndex, GenerationStore {
  readonly backend = 'qdrant' as const;
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(
    private readonly client: QdrantClient,
    private readonly options: { upsertBatchSize?: number; distribution?: QdrantDistribution } = {},
  ) {}

  static connect(settings: QdrantConnectionSettings): QdrantVectorIndex {
    // checkCompatibility would make a request from the constructor; version skew shows up as errors anyway.
    return new QdrantVectorIndex(
      new QdrantClient({ url: settings.url, apiKey: settings.apiKey, timeout: settings.timeoutMs, checkCompatibility: false }),
      { distribution: settings.distribution },
    );
  }

  /** A collection's distribution, as configured (nothing when unset: Qdrant's defaults). */
  private get collectionDistribution(): Pick<
    Schemas['CreateCollection'],
    'shard_number' | 'replication_factor' | 'write_consistency_factor'
  > {
    const { shardNumber, replicationFactor, writeConsistencyFactor } = this.options.distribution ?? {};
    return {
      ...(shardNumber === undefined ? {} : { shard_number: shardNumber }),
      ...(replicationFactor === undefined ? {} : { replication_factor: replicationFactor }),
      ...(writeConsistencyFactor === undefined ? {} : { write_consistency_factor: writeConsistencyFactor }),
    };
  }

  /** For reads that must see the latest generation (the generation points, and searches filtered by them). */
  private get readConsistency(): { consistency?: Schemas['ReadConsistency'] } {
    const consistency = this.options.distribution?.readConsistency;
    return consistency === undefined ? {} : { consistency };
  }

  ensureCollection(model: VectorModel): Promise<void> {
    const key = `${model.id}\u0000${model.dimension}`;
    let ensured = this.ensured.get(key);
    if (!ensured) {
      ensured = qdrantCall(() => this.createCollection(model));
      ensured.catch(() => this.ensured.delete(key));
      this.ensured.set(key, ensured);
    }
    return ensured;
  }

  async upsert(model: VectorModel, points: readonly VectorPoint[]): Promise<void> {
    if (points.length === 0) return;
    await this.ensureCollection(model);
    const live = await qdrantCall(() =>
      this.liveGenerationsOf(
        model,
        points.map((point) => point.payload),
      ),
    );
    await this.writePoints(
      model,
      points,
      (point) => live.get(generationKey(point.payload.tenantId, point.payload.repoId)) ?? INITIAL_GENERATION,
    );
  }

  async deleteByFiles(model: VectorModel, tenantId: string, repoId: string, paths: readonly string[]): Promise<void> {
    requireTenant(tenantId);
    if (paths.length === 0) return;
    await this.ensureCollection(model);
    await qdrantCall(async () => {
      const live = await this.liveGeneration(model, tenantId, repoId);
      for (const batch of inBatches(paths, 1000)) {
        await this.client.delete(aliasName(model), {
          wait: true,
          filter: {
            must: [
              keyword('tenantId', tenantId),
              keyword('repoId', repoId),
              keyword('generation', live),
              { key: 'path', match: { any: batch } },
            ],
          },
        });
      }
    });
  }

  async deleteByRepository(model: VectorModel, tenantId: string, repoId: string): Promise<void> {
    requireTenant(tenantId);
    await this.ensureCollection(model);
    await qdrantCall(async () => {
      await this.client.delete(aliasName(model), {
        wait: true,
        filter: { must: [keyword('tenantId', tenantId), keyword('repoId', repoId)] },
      });
      await this.client.delete(GENERATIONS_COLLECTION, { wait: true, points: [generationPointId(model, tenantId, repoId)] });
    });
  }

  async search(model: VectorModel, query: VectorQuery, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    requireTenant(filter.tenantId);
    checkLimit(limit);
    const { dense, sparse } = splitQuery(query);
    const vector = checkedDense(dense, model, aliasName(model), 'The query vector');
    const sparseQuery = sparse && sparse.indices.length > 0 ? checkedSparse(sparse, 'The query vector') : null;
    if (filterMatchesNothing(filter) || (isZeroVector(vector) && !sparseQuery)) return [];
    await this.ensureCollection(model);
    return qdrantCall(async () => {
      const scope = chunkFilter(filter, await this.liveGenerationsOfTenant(model, filter.tenantId, filter.repoIds ?? null));
      const candidates = Math.max(limit * 4, 50);
      const response = sparseQuery
        ? await this.client.query(aliasName(model), {
            prefetch: [
              ...(isZeroVector(vector) ? [] : [{ query: vector, using: 'dense', filter: scope, limit: candidates }]),
              { query: sparseQuery, using: 'sparse', filter: scope, limit: candidates },
            ],
            query: { fusion: 'rrf' },
            filter: scope,
            limit,
            with_payload: true,
            ...this.readConsistency,
          })
        : await this.client.query(aliasName(model), {
            query: vector,
            using: 'dense',
            filter: scope,
            limit,
            with_payload: true,
            ...this.readConsistency,
          });
      return response.points.map((point) => toHit(point.payload ?? {}, point.score));
    });
  }

  async contentHashes(model: VectorModel, tenantId: string, repoId: string): Promise<Map<string, string>> {
    requireTenant(tenantId);
    await this.ensureCollection(model);
    return qdrantCall(async () => {
      const live = await this.liveGeneration(model, tenantId, repoId);
      const hashes = new Map<string, string>();
      const filter = { must: [keyword('tenantId', tenantId), keyword('repoId', repoId), keyword('generation', live)] };
      let offset: Schemas['ExtendedPointId'] | undefined;
      do {
        const page = await this.client.scroll(aliasName(model), {
          filter,
          limit: 1000,
          offset,
          with_payload: ['chunkId', 'contentHash'],
          with_vector: false,
        });
        for (const point of page.points) hashes.set(point.payload?.chunkId as string, point.payload?.contentHash as string);
        offset = nextOffset(page.next_page_offset);
      } while (offset !== undefined);
      return hashes;
    });
  }

  async beginFullReindex(model: VectorModel, tenantId: string, repoId: string): Promise<FullReindex> {
    requireTenant(tenantId);
    await this.ensureCollection(model);
    return new GenerationBuild(this, model, tenantId, repoId, newGenerationId());
  }

  async dropCollection(model: VectorModel): Promise<void> {
    for (const key of [...this.ensured.keys()]) if (key.startsWith(`${model.id}\u0000`)) this.ensured.delete(key);
    await qdrantCall(async () => {
      const target = await this.aliasTarget(aliasName(model));
      if (target) {
        await this.client.updateCollectionAliases({ actions: [{ delete_alias: { alias_name: aliasName(model) } }] });
        await this.client.deleteCollection(target);
      }
      if ((await this.client.collectionExists(GENERATIONS_COLLECTION)).exists) {
        await this.client.delete(GENERATIONS_COLLECTION, { wait: true, filter: { must: [keyword('model', model.id)] } });
      }
    });
  }

  async close(): Promise<void> {
    // The REST client holds no connections that need closing.
  }

  /** Writes points under the generation `generationOf` names for each; batches of ~128, waiting on the last. */
  async writePoints(model: VectorModel, points: readonly VectorPoint[], generationOf: (point: VectorPoint) => string): Promise<void> {
    const structs = points.map((point): Schemas['PointStruct'] => {
      checkPoint(point);
      const dense = checkedDense(point.vector, model, aliasName(model), `Point '${point.id}'`);
      const vector: Record<string, number[] | Schemas['SparseVector']> = {};
      // A vector of zeros has no direction: the point is kept (contentHashes knows it) but cannot be found.
      if (!isZeroVector(dense)) vector.dense = dense;
      if (point.sparse && point.sparse.indices.length > 0) vector.sparse = checkedSparse(point.sparse, `Point '${point.id}'`);
      const generation = generationOf(point);
      const { id: chunkId, ...payload } = storedPayload(point);
      return {
        id: chunkPointId(point.payload.tenantId, point.id, generation),
        vector,
        payload: {
          ...payload,
          chunkId,
          pathPrefixes: pathPrefixes(point.payload.path),
          generation,
          generationOrder: generationOrder(generation),
          model: model.id,
        },
      };
    });
    const batches = inBatches(structs, this.options.upsertBatchSize ?? 128);
    await qdrantCall(async () => {
      for (const [index, batch] of batches.entries()) {
        // Updates of one collection are applied in order: waiting on the last batch waits for all of them.
        await this.client.upsert(aliasName(model), { wait: index === batches.length - 1, points: batch });
      }
    });
  }

  /** Makes `generation` live for the repository, then deletes every older generation of it. */
  /** GenerationStore: points of a full re-index, written under its own generation. */
  async writeGeneration(model: VectorModel, points: readonly VectorPoint[], generation: string): Promise<void> {
    await this.writePoints(model, points, () => generation);
  }

  /** GenerationStore: an aborted full re-index leaves nothing behind. */
  async dropGeneration(model: VectorModel, tenantId: string, repoId: string, generation: string): Promise<void> {
    await this.deleteGeneration(model, tenantId, repoId, generation);
  }

  async switchGeneration(model: VectorModel, tenantId: string, repoId: string, generation: string): Promise<void> {
    await qdrantCall(async () => {
      // Qdrant has no transactions: two commits of one repository at the same moment are the
      // indexer's to prevent (it runs one job per repository); the order check below covers the rest.
      const live = await this.liveGeneration(model, tenantId, repoId);
      if (live > generation) {
        await this.deleteGeneration(model, tenantId, repoId, generation);
        throw new VectorReindexConflictError(repoId, generation, live);
      }
      // Qdrant's default (weak) ordering: one repository's switches never race (its index lease runs one
      // at a time), so there is nothing to order. `strong` and `medium` go through a shard's leader,
      // which stays a killed node until Qdrant marks it dead: switches failed there
      // (qdrant-cluster.integration.spec.ts).
      await this.client.upsert(GENERATIONS_COLLECTION, {
        wait: true,
        points: [
          { id: generationPointId(model, tenantId, repoId), vector: [1], payload: { model: model.id, tenantId, repoId, live: generation } },
        ],
      });
      // Older generations: the one just replaced, the initial one (order 0), and abandoned builds.
      await this.client.delete(aliasName(model), {
        wait: true,
        filter: {
          must: [
            keyword('tenantId', tenantId),
            keyword('repoId', repoId),
            { key: 'generationOrder', range: { lt: generationOrder(generation) } },
          ],
        },
      });
    });
  }

  async deleteGeneration(model: VectorModel, tenantId: string, repoId: string, generation: string): Promise<void> {
    await qdrantCall(() =>
      this.client.delete(aliasName(model), {
        wait: true,
        filter: { must: [keyword('tenantId', tenantId), keyword('repoId', repoId), keyword('generation', generation)] },
      }),
    );
  }

  private async createCollection(model: VectorModel): Promise<void> {
    const alias = aliasName(model);
    if (!Number.isInteger(model.dimension) || model.dimension < 1 || model.dimension > 65536) {
      throw new InvalidVectorError(`Model '${model.id}' has dimension ${model.dimension}; a Qdrant collection takes 1 to 65536.`);
    }
    const existing = await this.aliasTarget(alias);
    if (existing) {
      await this.checkDimension(model, alias, existing);
    } else {
      const collection = `${alias}__d${model.dimension}`;
      if (!(await this.client.collectionExists(collection)).exists) {
        await tolerateAlreadyExists(() =>
          this.client.createCollection(collection, {
            vectors: { dense: { size: model.dimension, distance: 'Cosine' } },
            sparse_vectors: { sparse: { modifier: 'idf' } },
            ...this.collectionDistribution,
          }),
        );
      }
      await this.checkDimension(model, alias, collection);
      await this.createPayloadIndexes(collection, CHUNK_PAYLOAD_INDEXES);
      await tolerateAlreadyExists(() =>
        this.client.updateCollectionAliases({ actions: [{ create_alias: { collection_name: collection, alias_name: alias } }] }),
      );
      // Another process may have won the race with a collection of another dimension.
      const target = await this.aliasTarget(alias);
      if (target && target !== collection) await this.checkDimension(model, alias, target);
    }
    if (!(await this.client.collectionExists(GENERATIONS_COLLECTION)).exists) {
      // One point per (model, tenant, repository); the 1-dimensional vector is only there because a collection needs one.
      await tolerateAlreadyExists(() =>
        this.client.createCollection(GENERATIONS_COLLECTION, { vectors: { size: 1, distance: 'Dot' }, ...this.collectionDistribution }),
      );
      await this.createPayloadIndexes(GENERATIONS_COLLECTION, GENERATION_PAYLOAD_INDEXES);
    }
  }

  private async createPayloadIndexes(collection: string, indexes: Record<string, Schemas['PayloadFieldSchema']>): Promise<void> {
    for (const [fieldName, schema] of Object.entries(indexes)) {
      await this.client.createPayloadIndex(collection, { field_name: fieldName, field_schema: schema, wait: true });
    }
  }

  private async checkDimension(model: VectorModel, alias: string, collection: string): Promise<void> {
    const info = await this.client.getCollection(collection);
    const vectors = info.config.params.vectors as Record<string, unknown> | undefined;
    const dense = (vectors?.dense ?? vectors) as { size?: number } | undefined;
    const size = dense?.size;
    if (size !== model.dimension) {
      throw new VectorDimensionMismatchError(`${alias} (${collection})`, size ?? 0, model.dimension, `Model '${model.id}'`);
    }
  }

  private async aliasTarget(alias: string): Promise<string | null> {
    const { aliases } = await this.client.getAliases();
    return aliases.find((description) => description.alias_name === alias)?.collection_name ?? null;
  }

  /** The live generation of one repository. */
  async liveGeneration(model: VectorModel, tenantId: string, repoId: string): Promise<string> {
    const [point] = await this.client.retrieve(GENERATIONS_COLLECTION, {
      ids: [generationPointId(model, tenantId, repoId)],
      with_payload: true,
      ...this.readConsistency,
    });
    return (point?.payload?.live as string | undefined) ?? INITIAL_GENERATION;
  }

  /** Live generations keyed by generationKey(tenant, repo), for the repositories of some points. */
  private async liveGenerationsOf(model: VectorModel, payloads: readonly VectorPayload[]): Promise<Map<string, string>> {
    const ids = [...new Set(payloads.map((payload) => generationPointId(model, payload.tenantId, payload.repoId)))];
    const records = await this.client.retrieve(GENERATIONS_COLLECTION, { ids, with_payload: true, ...this.readConsistency });
    return new Map(
      records.map((record) => [
        generationKey(record.payload?.tenantId as string, record.payload?.repoId as string),
        record.payload?.live as string,
      ]),
    );
  }

  /** repoId -> live generation, for the repositories of a tenant (all, or those listed) that have had a full re-index. */
  private async liveGenerationsOfTenant(
    model: VectorModel,
    tenantId: string,
    repoIds: readonly string[] | null,
  ): Promise<Record<string, string>> {
    const must: Condition[] = [keyword('model', model.id), keyword('tenantId', tenantId)];
    if (repoIds !== null) must.push({ key: 'repoId', match: { any: [...repoIds] } });
    const live: Record<string, string> = {};
    let offset: Schemas['ExtendedPointId'] | undefined;
    do {
      const page = await this.client.scroll(GENERATIONS_COLLECTION, {
        filter: { must },
        limit: 1000,
        offset,
        with_payload: true,
        with_vector: false,
        ...this.readConsistency,
      });
      for (const point of page.points) live[point.payload?.repoId as string] = point.payload?.live as string;
      offset = nextOffset(page.next_page_offset);
    } while (offset !== undefined);
    return live;
  }
}

export const GENERATIONS_COLLECTION = 'lore_chunk_generations';

const CHUNK_PAYLOAD_INDEXES: Record<string, Schemas['PayloadFieldSchema']> = {
  tenantId: { type: 'keyword', is_tenant: true },
  repoId: 'keyword',
  kind: 'keyword',
  path: 'keyword',
  pathPrefixes: 'keyword',
  language: 'keyword',
  generation: 'keyword',
  generationOrder: 'integer',
};

const GENERATION_PAYLOAD_INDEXES: Record<string, Schemas['PayloadFieldSchema']> = {
  tenantId: { type: 'keyword', is_tenant: true },
  model: 'keyword',
  repoId: 'keyword',
};

export function aliasName(model: VectorModel): string {
  return `lore_chunks_${modelSlug(model.id)}`;
}

/**
 * The filter of one search: the tenant (always), the caller's restrictions, and for each repository
 * its live generation — a listed one for repositories that have had a full re-index, the initial
 * one for all others.
 */
export function chunkFilter(filter: VectorFilter, liveByRepo: Record<string, string>): Filter {
  const must: Condition[] = [keyword('tenantId', filter.tenantId)];
  if (filter.repoIds !== undefined && filter.repoIds !== null) must.push({ key: 'repoId', match: { any: [...filter.repoIds] } });
  if (filter.kinds !== undefined) must.push({ key: 'kind', match: { any: [...filter.kinds] } });
  const prefix = normalizePathPrefix(filter.pathPrefix);
  if (prefix !== null) must.push(keyword('pathPrefixes', prefix));
  if (filter.language !== undefined) must.push(keyword('language', filter.language));
  const reindexed = Object.keys(liveByRepo).sort();
  const initial: Filter = { must: [keyword('generation', INITIAL_GENERATION)] };
  if (reindexed.length > 0) initial.must_not = [{ key: 'repoId', match: { any: reindexed } }];
  must.push({
    should: [
      ...reindexed.map((repoId): Filter => ({ must: [keyword('repoId', repoId), keyword('generation', liveByRepo[repoId])] })),
      initial,
    ],
  });
  return { must };
}

/** A deterministic UUID for a chunk in one generation (Qdrant point ids are integers or UUIDs). */
export function chunkPointId(tenantId: string, chunkId: string, generation: string): string {
  return uuidFrom(`chunk\u0000${tenantId}\u0000${chunkId}\u0000${generation}`);
}

function generationPointId(model: VectorModel, tenantId: string, repoId: string): string {
  return uuidFrom(`generation\u0000${model.id}\u0000${tenantId}\u0000${repoId}`);
}

function generationKey(tenantId: string, repoId: string): string {
  return `${tenantId}\u0000${repoId}`;
}

/** A name-based UUID (version 5 layout over SHA-256 bits): the same text always gives the same id. */
function uuidFrom(text: string): string {
  const bytes = createHash('sha256').update(text).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function keyword(key: string, value: string): Condition {
  return { key, match: { value } };
}

function nextOffset(offset: unknown): Schemas['ExtendedPointId'] | undefined {
  return typeof offset === 'string' || typeof offset === 'number' ? offset : undefined;
}

function toHit(payload: Record<string, unknown>, score: number): VectorHit {
  const hit: VectorPayload = {
    tenantId: payload.tenantId as string,
    repoId: payload.repoId as string,
    commit: payload.commit as string,
    path: payload.path as string,
    kind: payload.kind as string,
    uid: payload.uid as string,
    startLine: payload.startLine as number,
    endLine: payload.endLine as number,
    contentHash: payload.contentHash as string,
  };
  if (typeof payload.language === 'string') hit.language = payload.language;
  return { id: payload.chunkId as string, uid: hit.uid, score, payload: hit };
}

async function tolerateAlreadyExists(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof Error && /already exists/i.test(error.message))) throw error;
  }
}

/** Runs Qdrant calls, turning an unreachable or failing server into Lore's unavailable/timeout errors. */
async function qdrantCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QdrantClientTimeoutError) {
      throw new TimeoutError('The vector search took too long and was stopped.', { hint: 'Narrow the question.' });
    }
    const serverFailed =
      error instanceof QdrantClientUnexpectedResponseError && /^Unexpected Response: (5\d\d|401|403)/.test(error.message);
    const unreachable = error instanceof TypeError && /fetch failed/i.test(error.message);
    if (serverFailed || unreachable) throw new UnavailableError('The vector index is unavailable.', { hint: 'Retry later; check /ready.' });
    throw error;
  }
}
