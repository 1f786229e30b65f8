import type { ManagedTransaction } from 'neo4j-driver';
import { outsideBookmarkScope } from '@lore/domain';
import { InvalidVectorError, VectorDimensionMismatchError, VectorReindexConflictError } from './errors';
import { GenerationBuild, type GenerationStore } from './generation-build';
import { type Neo4jVectorSession, int, runRows } from './neo4j-vector-session';
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
  filterMatchesNothing,
  inBatches,
  isZeroVector,
  modelSlug,
  newGenerationId,
  normalizePathPrefix,
  requireTenant,
  splitQuery,
  storedPayload,
} from './vector-support';

/**
 * The Neo4j native vector index adapter, the embedded default.
 *
 * Layout, per model:
 * - Chunks are nodes `(:Chunk:Chunk_<slug> {id, tenantId, repoId, commit, path, kind, uid, startLine,
 *   endLine, language, contentHash, embedding, model, generation})`. A vector index covers exactly
 *   one label and property, so the per-model label is what gives each model its own index (and its
 *   own dimension) while `:Chunk` still finds every chunk.
 * - Schema created by ensureCollection (dimension-dependent, so not a migration): the vector index
 *   `chunk_<slug>` (cosine), a uniqueness constraint on (tenantId, id, generation) that also serves
 *   MERGE, and range indexes on (tenantId, repoId) and (tenantId, repoId, path).
 * - `(:ChunkGeneration {model, tenantId, repoId, live})` names the live generation of a repository;
 *   a repository without one is in INITIAL_GENERATION. Switching generations is one property write.
 *
 * Search asks the index for more candidates than wanted (the index spans every tenant and
 * repository and knows nothing of filters), filters them, then re-scores the best survivors (by its score) with exact
 * cosine (the 5.26 index quantizes vectors by default, so its own scores are approximate). When the
 * filter kept fewer than wanted out of a full candidate list, the scope is small relative to the
 * index, and an exact scan of that scope answers instead, so a small tenant or repository still gets
 * its full answer.
 *
 * Sparse vectors are ignored: Neo4j has no sparse vector index (full-text search plays that part).
 * Vectors of zeros are stored without an embedding: cosine is undefined for them (Neo4j would not
 * index them, and vector.similarity.cosine fails on them).
 */
export class Neo4jVectorIndex implements VectorIndex, GenerationStore {
  readonly backend = 'neo4j' as const;
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(
    private readonly session: Neo4jVectorSession,
    private readonly options: { upsertBatchSize?: number; indexOnlineTimeoutSeconds?: number } = {},
  ) {}

  ensureCollection(model: VectorModel): Promise<void> {
    const key = `${model.id}\u0000${model.dimension}`;
    let ensured = this.ensured.get(key);
    if (!ensured) {
      // The schema is the process's, made by whichever call comes first: its write goes to no call's bookmark.
      ensured = outsideBookmarkScope(() => this.createSchema(model));
      // A failure (a dimension mismatch, Neo4j down) is not remembered: the next call checks again.
      ensured.catch(() => this.ensured.delete(key));
      this.ensured.set(key, ensured);
    }
    return ensured;
  }

  async upsert(model: VectorModel, points: readonly VectorPoint[]): Promise<void> {
    await this.writePoints(model, points, null);
  }

  async deleteByFiles(model: VectorModel, tenantId: string, repoId: string, paths: readonly string[]): Promise<void> {
    requireTenant(tenantId);
    if (paths.length === 0) return;
    await this.ensureCollection(model);
    const { label } = schemaNames(model);
    for (const batch of inBatches(paths, 1000)) {
      await this.session.write((tx) =>
        tx.run(
          `OPTIONAL MATCH (g:ChunkGeneration {model: $model, tenantId: $tenantId, repoId: $repoId})
           WITH coalesce(g.live, $initial) AS live
           UNWIND $paths AS path
           MATCH (c:\`${label}\` {tenantId: $tenantId, repoId: $repoId, path: path})
           WHERE c.generation = live
           DELETE c`,
          { model: model.id, tenantId, repoId, paths: batch, initial: INITIAL_GENERATION },
        ),
      );
    }
  }

  async deleteByRepository(model: VectorModel, tenantId: string, repoId: string): Promise<void> {
    requireTenant(tenantId);
    await this.ensureCollection(model);
    const { label } = schemaNames(model);
    await this.session.deleteInBatches(`MATCH (c:\`${label}\` {tenantId: $tenantId, repoId: $repoId})`, { tenantId, repoId });
    await this.session.write((tx) =>
      tx.run('MATCH (g:ChunkGeneration {model: $model, tenantId: $tenantId, repoId: $repoId}) DELETE g', {
        model: model.id,
        tenantId,
        repoId,
      }),
    );
  }

  async search(model: VectorModel, query: VectorQuery, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    requireTenant(filter.tenantId);
    checkLimit(limit);
    const { indexName, label } = schemaNames(model);
    const vector = checkedDense(splitQuery(query).dense, model, indexName, 'The query vector');
    if (filterMatchesNothing(filter) || isZeroVector(vector)) return [];
    await this.ensureCollection(model);

    const candidates = Math.min(Math.max(limit * OVERSAMPLING, MIN_CANDIDATES), Math.max(MAX_CANDIDATES, limit));
    const pathPrefix = normalizePathPrefix(filter.pathPrefix);
    const repoIds = filter.repoIds ?? null;
    return this.session.read(async (tx) => {
      const params = {
        indexName,
        candidates: int(candidates),
        limit: int(limit),
        rescored: int(limit * RESCORED_PER_HIT),
        vector,
        tenantId: filter.tenantId,
        repoIds,
        kinds: filter.kinds ?? null,
        pathPrefix,
        pathPrefixDirectory: pathPrefix === null ? null : `${pathPrefix}/`,
        language: filter.language ?? null,
        live: await liveGenerations(tx, model, filter.tenantId, repoIds),
        initial: INITIAL_GENERATION,
      };
      const approximate = await runRows(
        tx,
        `CALL db.index.vector.queryNodes($indexName, $candidates, $vector) YIELD node AS c, score AS approximateScore
         WITH count(*) AS candidateCount, collect(CASE WHEN ${FILTER} THEN [c, approximateScore] END) AS kept
         UNWIND kept AS pair
         WITH candidateCount, pair[0] AS c, pair[1] AS approximateScore
         ORDER BY approximateScore DESC
         LIMIT $rescored
         WITH candidateCount, c, vector.similarity.cosine(c.embedding, $vector) AS score
         ORDER BY score DESC, c.id
         LIMIT $limit
         RETURN candidateCount, ${RETURNED_CHUNK} AS chunk, score`,
        params,
      );
      // Fewer hits than wanted although the index handed over every candidate asked for: better
      // candidates of this scope may lie beyond them, so scan the scope exactly. (No hits at all
      // lands here too: either the index holds fewer vectors than asked for, so the scan is small,
      // or it is that same case.) The scan costs in proportion to the tenant's or listed
      // repositories' chunks, not to what the other filters keep.
      const saturated = approximate.length === 0 || (approximate[0].candidateCount as number) >= candidates;
      if (approximate.length >= limit || !saturated) return approximate.map(toHit);
      const exact = await runRows(
        tx,
        `MATCH (c:\`${label}\`)
         WHERE c.tenantId = $tenantId AND ${repoIds === null ? 'c.repoId IS NOT NULL' : 'c.repoId IN $repoIds'}
           AND c.embedding IS NOT NULL AND ${FILTER}
         WITH c, vector.similarity.cosine(c.embedding, $vector) AS score
         ORDER BY score DESC, c.id
         LIMIT $limit
         RETURN ${RETURNED_CHUNK} AS chunk, score`,
        params,
      );
      return exact.map(toHit);
    });
  }

  async contentHashes(model: VectorModel, tenantId: string, repoId: string): Promise<Map<string, string>> {
    requireTenant(tenantId);
    await this.ensureCollection(model);
    const { label } = schemaNames(model);
    const rows = await this.session.read((tx) =>
      runRows(
        tx,
        `OPTIONAL MATCH (g:ChunkGeneration {model: $model, tenantId: $tenantId, repoId: $repoId})
         WITH coalesce(g.live, $initial) AS live
         MATCH (c:\`${label}\` {tenantId: $tenantId, repoId: $repoId})
         WHERE c.generation = live
         RETURN c.id AS id, c.contentHash AS contentHash`,
        { model: model.id, tenantId, repoId, initial: INITIAL_GENERATION },
      ),
    );
    return new Map(rows.map((row) => [row.id as string, row.contentHash as string]));
  }

  async beginFullReindex(model: VectorModel, tenantId: string, repoId: string): Promise<FullReindex> {
    requireTenant(tenantId);
    await this.ensureCollection(model);
    return new GenerationBuild(this, model, tenantId, repoId, newGenerationId());
  }

  async dropCollection(model: VectorModel): Promise<void> {
    const { label, indexName, constraintName, repoIndexName, pathIndexName } = schemaNames(model);
    for (const key of [...this.ensured.keys()]) if (key.startsWith(`${model.id}\u0000`)) this.ensured.delete(key);
    await this.session.deleteInBatches(`MATCH (c:\`${label}\`)`);
    await this.session.deleteInBatches('MATCH (c:ChunkGeneration {model: $model})', { model: model.id });
    for (const statement of [
      `DROP INDEX \`${indexName}\` IF EXISTS`,
      `DROP CONSTRAINT \`${constraintName}\` IF EXISTS`,
      `DROP INDEX \`${repoIndexName}\` IF EXISTS`,
      `DROP INDEX \`${pathIndexName}\` IF EXISTS`,
    ]) {
      await this.session.writeOne(statement);
    }
  }

  /** Nothing to release: the driver is the graph's, which closes it. */
  async close(): Promise<void> {}

  /** Writes points into `generation`, or into each repository's live generation when it is null. */
  async writePoints(model: VectorModel, points: readonly VectorPoint[], generation: string | null): Promise<void> {
    if (points.length === 0) return;
    const { indexName, label } = schemaNames(model);
    const rows = points.map((point) => {
      checkPoint(point);
      const embedding = checkedDense(point.vector, model, indexName, `Point '${point.id}'`);
      const props = {
        ...storedPayload(point),
        startLine: int(point.payload.startLine),
        endLine: int(point.payload.endLine),
        model: model.id,
      };
      return { props, embedding: isZeroVector(embedding) ? null : embedding };
    });
    await this.ensureCollection(model);
    for (const batch of inBatches(rows, this.options.upsertBatchSize ?? 500)) {
      await this.session.write((tx) =>
        tx.run(
          `UNWIND $rows AS row
           OPTIONAL MATCH (g:ChunkGeneration {model: $model, tenantId: row.props.tenantId, repoId: row.props.repoId})
           WITH row, coalesce($generation, g.live, $initial) AS generation
           MERGE (c:Chunk:\`${label}\` {tenantId: row.props.tenantId, id: row.props.id, generation: generation})
           SET c = row.props, c.generation = generation
           WITH c, row
           WHERE row.embedding IS NOT NULL
           CALL db.create.setNodeVectorProperty(c, 'embedding', row.embedding)
           RETURN count(*) AS written`,
          { rows: batch, model: model.id, generation, initial: INITIAL_GENERATION },
        ),
      );
    }
  }

  /** Makes `generation` live for the repository, then deletes every older generation of it. */
  /** GenerationStore: points of a full re-index, written under its own generation. */
  async writeGeneration(model: VectorModel, points: readonly VectorPoint[], generation: string): Promise<void> {
    await this.writePoints(model, points, generation);
  }

  /** GenerationStore: an aborted full re-index leaves nothing behind. */
  async dropGeneration(model: VectorModel, tenantId: string, repoId: string, generation: string): Promise<void> {
    await this.deleteGeneration(model, tenantId, repoId, 'c.generation = $generation', generation);
  }

  async switchGeneration(model: VectorModel, tenantId: string, repoId: string, generation: string): Promise<void> {
    const previous = await this.session.write(async (tx) => {
      // Writing switchingAt first takes the record's write lock, so two commits cannot both read the same live generation.
      const [row] = await runRows(
        tx,
        `MERGE (g:ChunkGeneration {model: $model, tenantId: $tenantId, repoId: $repoId})
         ON CREATE SET g.live = $initial
         SET g.switchingAt = timestamp()
         RETURN g.live AS live`,
        { model: model.id, tenantId, repoId, initial: INITIAL_GENERATION },
      );
      const live = row.live as string;
      if (live > generation) return live;
      await tx.run('MATCH (g:ChunkGeneration {model: $model, tenantId: $tenantId, repoId: $repoId}) SET g.live = $generation', {
        model: model.id,
        tenantId,
        repoId,
        generation,
      });
      return null;
    });
    if (previous !== null) {
      await this.deleteGeneration(model, tenantId, repoId, 'c.generation = $generation', generation);
      throw new VectorReindexConflictError(repoId, generation, previous);
    }
    // Older generations: the one just replaced, the initial one, and builds that started earlier and
    // never finished (they could not commit any more: they would be older than the live one).
    await this.deleteGeneration(model, tenantId, repoId, 'c.generation < $generation', generation);
  }

  async deleteGeneration(model: VectorModel, tenantId: string, repoId: string, condition: string, generation: string): Promise<void> {
    const { label } = schemaNames(model);
    await this.session.deleteInBatches(`MATCH (c:\`${label}\` {tenantId: $tenantId, repoId: $repoId}) WHERE ${condition}`, {
      tenantId,
      repoId,
      generation,
    });
  }

  private async createSchema(model: VectorModel): Promise<void> {
    if (!Number.isInteger(model.dimension) || model.dimension < 1 || model.dimension > MAX_DIMENSION) {
      throw new InvalidVectorError(
        `Model '${model.id}' has dimension ${model.dimension}; a Neo4j vector index takes 1 to ${MAX_DIMENSION}.`,
      );
    }
    const { label, indexName, constraintName, repoIndexName, pathIndexName } = schemaNames(model);
    await this.checkExistingDimension(model, indexName);
    await this.session.writeOne(
      `CREATE VECTOR INDEX \`${indexName}\` IF NOT EXISTS FOR (c:\`${label}\`) ON c.embedding
       OPTIONS {indexConfig: {\`vector.dimensions\`: $dimension, \`vector.similarity_function\`: 'cosine'}}`,
      { dimension: int(model.dimension) },
    );
    // IF NOT EXISTS goes by name only: another process may have just created it with another dimension.
    await this.checkExistingDimension(model, indexName);
    for (const statement of [
      `CREATE CONSTRAINT \`${constraintName}\` IF NOT EXISTS FOR (c:\`${label}\`) REQUIRE (c.tenantId, c.id, c.generation) IS UNIQUE`,
      `CREATE INDEX \`${repoIndexName}\` IF NOT EXISTS FOR (c:\`${label}\`) ON (c.tenantId, c.repoId)`,
      `CREATE INDEX \`${pathIndexName}\` IF NOT EXISTS FOR (c:\`${label}\`) ON (c.tenantId, c.repoId, c.path)`,
      'CREATE CONSTRAINT chunk_generation_key IF NOT EXISTS FOR (g:ChunkGeneration) REQUIRE (g.model, g.tenantId, g.repoId) IS UNIQUE',
    ]) {
      await this.session.writeOne(statement);
    }
    // A new index is POPULATING first: waiting until it is ONLINE lets the first search see every vector.
    const timeout = int(this.options.indexOnlineTimeoutSeconds ?? 300);
    for (const name of [indexName, repoIndexName, pathIndexName]) {
      await this.session.read(
        (tx) => runRows(tx, 'CALL db.awaitIndex($name, $timeout)', { name, timeout }),
        (timeout.toNumber() + 10) * 1000,
      );
    }
  }

  private async checkExistingDimension(model: VectorModel, indexName: string): Promise<void> {
    const [existing] = await this.session.read((tx) =>
      runRows(
        tx,
        'SHOW VECTOR INDEXES YIELD name, options WHERE name = $indexName RETURN options.indexConfig[$dimensionKey] AS dimension',
        { indexName, dimensionKey: 'vector.dimensions' },
      ),
    );
    if (existing && existing.dimension !== model.dimension) {
      throw new VectorDimensionMismatchError(indexName, existing.dimension as number, model.dimension, `Model '${model.id}'`);
    }
  }
}

/** The index hands back limit x OVERSAMPLING candidates (at least MIN, at most MAX) for filtering. */
const OVERSAMPLING = 10;
const MIN_CANDIDATES = 100;
const MAX_CANDIDATES = 1000;
/**
 * Of the filtered candidates, the best limit x RESCORED_PER_HIT by the index's (quantized) score are
 * re-scored exactly: reading every candidate's embedding cost a third of the search, and the
 * quantization error (int8) is far smaller than the gap between the top hits and the 2 x limit-th.
 */
const RESCORED_PER_HIT = 2;

/** The largest dimension a Neo4j 5.26 vector index accepts. */
const MAX_DIMENSION = 4096;

/** The filter of architecture.md section 8 plus the live generation; `c` is a chunk node. */
const FILTER = `(c.tenantId = $tenantId
  AND ($repoIds IS NULL OR c.repoId IN $repoIds)
  AND ($kinds IS NULL OR c.kind IN $kinds)
  AND ($pathPrefix IS NULL OR c.path = $pathPrefix OR c.path STARTS WITH $pathPrefixDirectory)
  AND ($language IS NULL OR c.language = $language)
  AND c.generation = coalesce($live[c.repoId], $initial))`;

const RETURNED_CHUNK = 'c {.id, .tenantId, .repoId, .commit, .path, .kind, .uid, .startLine, .endLine, .language, .contentHash}';

function schemaNames(model: VectorModel): {
  label: string;
  indexName: string;
  constraintName: string;
  repoIndexName: string;
  pathIndexName: string;
} {
  const slug = modelSlug(model.id);
  return {
    label: `Chunk_${slug}`,
    indexName: `chunk_${slug}`,
    constraintName: `chunk_${slug}_key`,
    repoIndexName: `chunk_${slug}_repo`,
    pathIndexName: `chunk_${slug}_path`,
  };
}

/** repoId -> live generation for the repositories in scope that have had a full re-index. */
async function liveGenerations(
  tx: ManagedTransaction,
  model: VectorModel,
  tenantId: string,
  repoIds: readonly string[] | null,
): Promise<Record<string, string>> {
  const rows = await runRows(
    tx,
    `MATCH (g:ChunkGeneration {model: $model, tenantId: $tenantId})
     WHERE $repoIds IS NULL OR g.repoId IN $repoIds
     RETURN g.repoId AS repoId, g.live AS live`,
    { model: model.id, tenantId, repoIds },
  );
  return Object.fromEntries(rows.map((row) => [row.repoId as string, row.live as string]));
}

function toHit(row: Record<string, unknown>): VectorHit {
  const chunk = row.chunk as Record<string, unknown>;
  const payload: VectorPayload = {
    tenantId: chunk.tenantId as string,
    repoId: chunk.repoId as string,
    commit: chunk.commit as string,
    path: chunk.path as string,
    kind: chunk.kind as string,
    uid: chunk.uid as string,
    startLine: chunk.startLine as number,
    endLine: chunk.endLine as number,
    contentHash: chunk.contentHash as string,
  };
  if (chunk.language !== null && chunk.language !== undefined) payload.language = chunk.language as string;
  // vector.similarity.cosine answers (1 + cos) / 2, in [0, 1]; the port speaks plain cosine.
  return { id: chunk.id as string, uid: payload.uid, score: 2 * (row.score as number) - 1, payload };
}
