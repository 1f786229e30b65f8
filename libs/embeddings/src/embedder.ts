/** What a text is embedded for: to be found (a chunk), or to find (a search query). */
export type EmbeddingPurpose = 'query' | 'document';

/**
 * The port every embedding provider implements. Callers (indexer, search) depend on this alone, so a
 * provider can be swapped by configuration without touching them.
 */
export interface Embedder {
  /**
   * Names the vector space: two embedders with the same id produce comparable vectors. Stored beside
   * the vectors so a change of model is detected instead of silently mixing spaces.
   */
  readonly modelId: string;
  /** Length of every vector this embedder returns. */
  readonly dimension: number;
  /**
   * One L2-normalised vector per text, in input order. Rejects with an {@link EmbeddingError}.
   * `purpose` (default `document`): models trained for retrieval read a search query with a prompt of
   * its own (e5's `query: `); the others ignore it.
   */
  embed(texts: string[], purpose?: EmbeddingPurpose): Promise<Float32Array[]>;
}

/**
 * A provider failed at run time: endpoint down or slow, a model that cannot be loaded, a vector of
 * the wrong dimension. The message is written for an operator and never carries a credential.
 */
export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The embedding settings are wrong or incomplete; raised at start-up, naming the setting to fix. */
export class EmbeddingConfigError extends Error {
  override readonly name = 'EmbeddingConfigError';
}
