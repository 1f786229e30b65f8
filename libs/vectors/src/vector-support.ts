import { createHash, randomBytes } from 'node:crypto';
import { InvalidVectorError, VectorDimensionMismatchError } from './errors';
import type { DenseVector, SparseVector, VectorFilter, VectorModel, VectorPoint, VectorQuery } from './vector-index';

/** Helpers both adapters share, so that they name, validate and scope things the same way. */

/**
 * A name-safe form of a model id ([a-z0-9_], at most 40 characters) plus 8 hex characters of its
 * hash, so that ids that differ only in punctuation or case ('bge-small', 'BGE_small') never share an index.
 */
export function modelSlug(modelId: string): string {
  const readable =
    modelId
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'model';
  const hash = createHash('sha256').update(modelId).digest('hex').slice(0, 8);
  return `${readable}_${hash}`;
}

/**
 * The generation every repository starts in, before any full re-index. It sorts before every
 * generated id, so "older than the new live generation" covers it too.
 */
export const INITIAL_GENERATION = '0';

/**
 * Generation ids sort by start time ('g' + 15-digit milliseconds + random suffix): the commit of a
 * full re-index uses that order to refuse to replace a newer build and to delete older leftovers.
 */
export function newGenerationId(now: number = Date.now()): string {
  return `g${String(now).padStart(15, '0')}${randomBytes(4).toString('hex')}`;
}

/** The start time of a generation in milliseconds (0 for the initial one), for stores that compare numbers only. */
export function generationOrder(generation: string): number {
  if (generation === INITIAL_GENERATION) return 0;
  const millis = Number(generation.slice(1, 16));
  return Number.isFinite(millis) ? millis : 0;
}

/** Normalises a path prefix filter: no leading './' or '/', no trailing '/'; empty means "no filter". */
export function normalizePathPrefix(prefix: string | undefined): string | null {
  if (prefix === undefined) return null;
  const trimmed = prefix
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
  return trimmed === '' || trimmed === '.' ? null : trimmed;
}

/** Every directory prefix of a path and the path itself: 'a/b/c.ts' -> ['a', 'a/b', 'a/b/c.ts']. */
export function pathPrefixes(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** True when a path lies at or under a (normalised) prefix, by whole path segments. */
export function pathMatchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Checks a dense vector against the model and returns it as a plain array (the drivers do not take typed arrays). */
export function checkedDense(vector: DenseVector, model: VectorModel, indexName: string, what: string): number[] {
  if (vector.length !== model.dimension) throw new VectorDimensionMismatchError(indexName, model.dimension, vector.length, what);
  const values = Array.from(vector);
  if (!values.every(Number.isFinite)) throw new InvalidVectorError(`${what} contains a value that is not a finite number.`);
  return values;
}

/**
 * A vector of zeros has no direction: cosine similarity is undefined for it. Both adapters store
 * such a chunk without an embedding (so contentHashes still knows it) and search never returns it.
 */
export function isZeroVector(values: readonly number[]): boolean {
  return values.every((value) => value === 0);
}

export function checkedSparse(sparse: SparseVector, what: string): SparseVector {
  const { indices, values } = sparse;
  if (indices.length !== values.length) throw new InvalidVectorError(`${what}: sparse indices and values differ in length.`);
  if (!indices.every((index) => Number.isInteger(index) && index >= 0 && index <= 0xffffffff)) {
    throw new InvalidVectorError(`${what}: sparse indices must be unsigned 32-bit integers.`);
  }
  if (new Set(indices).size !== indices.length) throw new InvalidVectorError(`${what}: sparse indices must be unique.`);
  if (!values.every(Number.isFinite)) throw new InvalidVectorError(`${what}: sparse values must be finite numbers.`);
  return { indices: [...indices], values: [...values] };
}

export function splitQuery(query: VectorQuery): { dense: DenseVector; sparse?: SparseVector } {
  return Array.isArray(query) || query instanceof Float32Array ? { dense: query } : query;
}

/** The point payload, checked: line numbers are integers, the scope fields are non-empty. */
export function checkPoint(point: VectorPoint): void {
  const { payload } = point;
  const what = `Point '${point.id}'`;
  if (!point.id) throw new InvalidVectorError('A point has an empty id.');
  if (!payload.tenantId || !payload.repoId) throw new InvalidVectorError(`${what} has no tenantId or repoId.`);
  if (!Number.isInteger(payload.startLine) || !Number.isInteger(payload.endLine)) {
    throw new InvalidVectorError(`${what} has a non-integer startLine or endLine.`);
  }
}

/** A full re-index covers one repository of one tenant: a point from elsewhere is a caller bug, not data to write. */
export function checkPointInScope(point: VectorPoint, tenantId: string, repoId: string): void {
  if (point.payload.tenantId !== tenantId || point.payload.repoId !== repoId) {
    throw new InvalidVectorError(`Point '${point.id}' does not belong to the repository being re-indexed.`);
  }
}

export function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidVectorError('The search limit must be a positive integer.');
  return limit;
}

/** True when the filter can match nothing at all (an empty list of repositories or kinds): no store round trip needed. */
export function filterMatchesNothing(filter: VectorFilter): boolean {
  return (filter.repoIds !== undefined && filter.repoIds !== null && filter.repoIds.length === 0) || filter.kinds?.length === 0;
}

export function requireTenant(tenantId: string): string {
  if (!tenantId) throw new InvalidVectorError('A tenant id is required for every vector operation.');
  return tenantId;
}

export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** The point's payload with optional fields made explicit, in the shape both stores keep. */
export function storedPayload(point: VectorPoint): Record<string, string | number | null> {
  const { tenantId, repoId, commit, path, kind, uid, startLine, endLine, language, contentHash } = point.payload;
  return { id: point.id, tenantId, repoId, commit, path, kind, uid, startLine, endLine, language: language ?? null, contentHash };
}
