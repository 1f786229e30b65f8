import { tokenizeCode } from './code-tokenizer';
import type { Embedder } from './embedder';
import { EmbeddingConfigError } from './embedder';
import { fmix32, fnv1a32 } from './fnv1a';
import { normaliseInPlace } from './vector-math';

export const DEFAULT_HASHING_DIMENSION = 384;

/**
 * Weight of each feature family, keyed by the feature's prefix. Words (and whole identifiers, which
 * share their namespace) carry the meaning; bigrams add word order ("place order" vs "order place");
 * character 3-grams let related forms meet (`validator` / `validate`, `async` / `asynchronously`,
 * `bool` / `boolean`), below a word's weight each since one word yields several of them. v2 doubled
 * the 3-gram weight (0.2 → 0.4): questions name code by other forms of its words far more often
 * than by its exact sub-words (bench/retrieval.ts). Changing any weight changes the vector space:
 * bump MODEL_VERSION with it.
 */
const FAMILY_WEIGHTS: Readonly<Record<string, number>> = { w: 1.0, b: 0.5, t: 0.4, e: 1.0 };
const MODEL_VERSION = 'v2';

/** The dimension of a hashing embedder's model id (`lore-hash-v2-384`), or null for another model's id. */
export function hashingDimensionOf(modelId: string): number | null {
  const match = new RegExp(`^lore-hash-${MODEL_VERSION}-(\\d+)$`).exec(modelId);
  return match ? Number(match[1]) : null;
}

/** Stands in for an input with no features, so even an empty text gets a unit vector (zero vectors break cosine indexes). */
const EMPTY_TEXT_FEATURE = 'e:';

export interface HashingEmbedderOptions {
  /** Vector length; the default matches MiniLM-sized models so indexes can be sized the same. */
  dimension?: number;
}

/**
 * The offline default: a deterministic, model-free embedder. Text is split into code-aware words,
 * turned into features (words, word bigrams, character 3-grams), and each feature is hashed into one
 * signed slot of a fixed-length vector (the "hashing trick"). No training, no files, no network, and
 * the same text gives the same vector on every machine: good for keyword-like semantic matching of
 * identifiers and prose; no synonyms beyond shared sub-words.
 */
export class HashingEmbedder implements Embedder {
  readonly dimension: number;
  readonly modelId: string;

  constructor(options: HashingEmbedderOptions = {}) {
    const dimension = options.dimension ?? DEFAULT_HASHING_DIMENSION;
    if (!Number.isInteger(dimension) || dimension < 2 || dimension > 65536) {
      throw new EmbeddingConfigError(`the hashing embedder's dimension must be an integer from 2 to 65536, got ${dimension}`);
    }
    this.dimension = dimension;
    this.modelId = `lore-hash-${MODEL_VERSION}-${dimension}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }

  /** Synchronous form, for callers that embed inline (and for benchmarks). */
  embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimension);
    for (const [feature, weight] of extractFeatures(text)) {
      const hash = fnv1a32(feature);
      const sign = fmix32(hash) & 1 ? -1 : 1;
      vector[hash % this.dimension] += sign * weight;
    }
    if (!normaliseInPlace(vector)) {
      // Every feature cancelled out in its slot (vanishingly rare): fall back to the empty-text vector.
      const hash = fnv1a32(EMPTY_TEXT_FEATURE);
      vector.fill(0);
      vector[hash % this.dimension] = fmix32(hash) & 1 ? -1 : 1;
    }
    return vector;
  }
}

/** Feature → weight, with sublinear term frequency (1 + ln count) so a repeated word does not drown the rest. */
export function extractFeatures(text: string): Map<string, number> {
  const { words, identifiers } = tokenizeCode(text);
  const counts = new Map<string, number>();
  const count = (feature: string): void => {
    counts.set(feature, (counts.get(feature) ?? 0) + 1);
  };

  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    count(`w:${word}`);
    if (i > 0) count(`b:${words[i - 1]} ${word}`);
    const marked = `<${word}>`;
    for (let j = 0; j + 3 <= marked.length; j++) count(`t:${marked.slice(j, j + 3)}`);
  }
  // Same namespace as words: a joined identifier and the same word written out are one feature.
  for (const identifier of identifiers) count(`w:${identifier}`);
  if (counts.size === 0) counts.set(EMPTY_TEXT_FEATURE, 1);

  const features = new Map<string, number>();
  for (const [feature, n] of counts) features.set(feature, (1 + Math.log(n)) * FAMILY_WEIGHTS[feature[0]]);
  return features;
}
