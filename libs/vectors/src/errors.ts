import { ConflictError, InvalidInputError } from '@lore/domain';

/**
 * The model's dimension differs from the one the existing index/collection was built with, or a
 * vector's length differs from the model's. Vectors of two dimensions cannot share an index, and a
 * silent fallback would either index nothing (Neo4j skips vectors of the wrong length without a
 * word) or search an empty collection. Fix: use a new model id, or drop the old index first.
 */
export class VectorDimensionMismatchError extends InvalidInputError {
  constructor(
    readonly indexName: string,
    readonly expectedDimension: number,
    readonly actualDimension: number,
    what: string,
  ) {
    super(`${what} has ${actualDimension} dimensions but the vector index '${indexName}' has ${expectedDimension}.`, {
      hint: 'Vectors of one model id must all have one dimension: give the new model its own id, or drop the old index and re-index.',
      details: { indexName, expectedDimension, actualDimension },
    });
  }
}

/** A point or query that cannot be stored or searched: non-finite numbers, a malformed sparse vector, a point outside the re-index's scope. */
export class InvalidVectorError extends InvalidInputError {}

/** A full re-index tried to commit after a newer one of the same repository had already committed (its points are discarded). */
export class VectorReindexConflictError extends ConflictError {
  constructor(repoId: string, generation: string, liveGeneration: string) {
    super(`A newer full re-index of repository '${repoId}' is already live (${liveGeneration}); this one (${generation}) was discarded.`, {
      details: { generation, liveGeneration },
    });
  }
}

/** A FullReindex was used after commit() or abort(): a programming error of the caller. */
export class VectorReindexFinishedError extends Error {
  constructor(generation: string, state: 'committed' | 'aborted') {
    super(`The full re-index ${generation} was already ${state}.`);
    this.name = 'VectorReindexFinishedError';
  }
}
