/**
 * The VectorIndex port: where chunk embeddings live and how they are searched. Two adapters
 * implement it (Neo4j's native vector index, the embedded default; Qdrant) and one contract-test
 * suite (vector-index.contract.ts) holds both to the same behaviour.
 *
 * Scoping rules every adapter keeps:
 * - Every read and every delete is scoped by tenant; writes take the tenant from each point.
 * - A chunk is identified by (tenantId, id): the same id in two tenants is two chunks.
 * - Each (tenant, repository) has one live generation. Ordinary writes go to it; a full re-index
 *   fills a new generation that search never sees until `commit()` makes it live in one step.
 */

export interface VectorModel {
  /** The embedding model's id, e.g. 'lore-hash-v1' or 'BAAI/bge-small-en-v1.5'. One index per model. */
  id: string;
  /** Number of dimensions of every vector of this model. */
  dimension: number;
}

export type DenseVector = Float32Array | number[];

/** A sparse vector (e.g. BM25-like term weights): parallel arrays of term indices and weights. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

export interface VectorPayload {
  tenantId: string;
  repoId: string;
  commit: string;
  path: string;
  /** The symbol kind (function, class, ...), or 'section' / 'chapter' for documents and knowledge. */
  kind: string;
  /** uid of the graph node the chunk was cut from. */
  uid: string;
  startLine: number;
  endLine: number;
  language?: string;
  /** Hash of the embedded text: unchanged chunks are not embedded again (see contentHashes). */
  contentHash: string;
}

export interface VectorPoint {
  /** The chunk id, derived from a node uid: the uid itself or `${uid}#chunk${n}`. */
  id: string;
  vector: DenseVector;
  /** Used by the Qdrant adapter for hybrid search; the Neo4j adapter ignores it. */
  sparse?: SparseVector;
  payload: VectorPayload;
}

/**
 * What a search may see. Absent means "no restriction"; an array restricts to its members, so an
 * empty array matches nothing (a caller who may see no repository gets no hits, never all of them).
 */
export interface VectorFilter {
  tenantId: string;
  /** null or absent: every repository of the tenant. */
  repoIds?: readonly string[] | null;
  kinds?: readonly string[];
  /** A directory or file path: 'src/orders' matches 'src/orders/a.ts' but not 'src/orders-legacy/b.ts'. */
  pathPrefix?: string;
  language?: string;
}

/** A dense query vector, or dense plus sparse for hybrid search (the sparse part is optional per adapter). */
export type VectorQuery = DenseVector | { dense: DenseVector; sparse?: SparseVector };

export interface VectorHit {
  /** The chunk id. */
  id: string;
  uid: string;
  /**
   * Cosine similarity in [-1, 1] for a dense query, higher is nearer. For a hybrid (dense + sparse)
   * query on Qdrant it is the reciprocal-rank-fusion score instead: comparable within one answer only.
   */
  score: number;
  payload: VectorPayload;
}

/**
 * A full re-index of one repository under one model. Points go to a new generation that search
 * does not see; commit() makes it the live one in a single step and then deletes the generation it
 * replaced; abort() deletes what was written and leaves the live generation untouched.
 */
export interface FullReindex {
  readonly generation: string;
  upsert(points: readonly VectorPoint[]): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export interface VectorIndex {
  readonly backend: 'neo4j' | 'qdrant';
  /**
   * Creates the index/collection for the model if missing. Throws VectorDimensionMismatchError when
   * one exists for the same model id with another dimension. Idempotent; other methods call it too.
   */
  ensureCollection(model: VectorModel): Promise<void>;
  /** Inserts or replaces points (by tenant and id) in the live generation of their repository. */
  upsert(model: VectorModel, points: readonly VectorPoint[]): Promise<void>;
  deleteByFiles(model: VectorModel, tenantId: string, repoId: string, paths: readonly string[]): Promise<void>;
  /** Removes every chunk of the repository in every generation, and its generation record. */
  deleteByRepository(model: VectorModel, tenantId: string, repoId: string): Promise<void>;
  /** The nearest chunks first. */
  search(model: VectorModel, query: VectorQuery, filter: VectorFilter, limit: number): Promise<VectorHit[]>;
  /** Chunk id -> content hash of the live generation, so unchanged chunks are not embedded again. */
  contentHashes(model: VectorModel, tenantId: string, repoId: string): Promise<Map<string, string>>;
  beginFullReindex(model: VectorModel, tenantId: string, repoId: string): Promise<FullReindex>;
  /**
   * Administrative, across all tenants: removes the model's index/collection and every vector in it
   * (after the embedding model changed, say). Not for request paths.
   */
  dropCollection(model: VectorModel): Promise<void>;
  /** Releases connections the adapter opened itself. */
  close(): Promise<void>;
}
