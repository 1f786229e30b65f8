/** Small vector helpers shared by the providers and their tests. */

/** Scales `vector` in place to unit length; returns false (and leaves it untouched) for a zero vector. */
export function normaliseInPlace(vector: Float32Array): boolean {
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i++) sumOfSquares += vector[i] * vector[i];
  if (sumOfSquares === 0 || !Number.isFinite(sumOfSquares)) return false;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  return true;
}

/** Euclidean length. */
export function norm(vector: Float32Array): number {
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i++) sumOfSquares += vector[i] * vector[i];
  return Math.sqrt(sumOfSquares);
}

/** Cosine similarity; for the unit vectors every {@link Embedder} returns this is the dot product. */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`cannot compare vectors of dimension ${a.length} and ${b.length}`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
