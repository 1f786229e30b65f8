import type { Embedder } from './embedder';

/**
 * An embedder made on first use, not at start-up: loading an ONNX model takes seconds that a
 * process which never searches should not pay. A creation that fails is forgotten, so the next use
 * tries again (once the model directory is fixed or the endpoint is back).
 */
export class LazyEmbedder {
  private embedder: Promise<Embedder> | undefined;

  constructor(private readonly create: () => Promise<Embedder>) {}

  get(): Promise<Embedder> {
    const attempt = (this.embedder ??= this.create());
    return attempt.catch((error: unknown) => {
      if (this.embedder === attempt) this.embedder = undefined;
      throw error;
    });
  }
}
