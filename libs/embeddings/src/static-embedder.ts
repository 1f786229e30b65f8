import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import type { Embedder } from './embedder';
import { EmbeddingConfigError, EmbeddingError } from './embedder';
import { normaliseInPlace } from './vector-math';

/** Model2Vec's default token limit: a static model costs the same per token whatever the length. */
const DEFAULT_MAX_TOKENS = 512;

export interface StaticEmbedderOptions {
  /** Directory holding `model.safetensors` and `tokenizer.json` (and optionally `config.json`); its name becomes the model id. */
  modelDir: string;
  /** Tokens kept per text (default 512, as Model2Vec). */
  maxTokens?: number;
}

/** One tensor of a safetensors file, as numbers. */
interface Tensor {
  shape: number[];
  values: Float32Array | Int32Array;
}

interface TokenizerJson {
  model?: { type?: string; unk_id?: number | null; unk_token?: string | null; vocab?: Record<string, number> | [string, number][] };
}

/**
 * A static (Model2Vec-style) embedding model: a tokenizer and one vector per token, no network. A
 * text's vector is the mean of its tokens' vectors (each scaled by the token's weight when the model
 * has weights, looked up through the token-to-row mapping when its vocabulary is quantised), then
 * L2-normalised: what `model2vec.StaticModel.encode` computes. Thousands of chunks a second on one
 * core, at the price of knowing no word order.
 */
export class StaticEmbedder implements Embedder {
  private constructor(
    readonly modelId: string,
    readonly dimension: number,
    private readonly tokenizer: Tokenizer,
    /** Row-major [rows, dimension]. */
    private readonly embeddings: Float32Array,
    /** Token id → row of `embeddings`; null when every token has its own row. */
    private readonly mapping: Int32Array | null,
    private readonly weights: Float32Array | null,
    private readonly unknownId: number | null,
    private readonly maxTokens: number,
    /** Texts are cut to maxTokens × this many characters before tokenising, as Model2Vec does. */
    private readonly medianTokenLength: number,
  ) {}

  static async load(options: StaticEmbedderOptions): Promise<StaticEmbedder> {
    const modelDir = resolve(options.modelDir);
    const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    if (!Number.isInteger(maxTokens) || maxTokens < 1) {
      throw new EmbeddingConfigError(`the static embedder's token limit must be a positive integer, got ${maxTokens}`);
    }
    const modelFile = join(modelDir, 'model.safetensors');
    const tokenizerFile = join(modelDir, 'tokenizer.json');
    for (const file of [modelFile, tokenizerFile]) if (!existsSync(file)) throw new EmbeddingError(`no ${basename(file)} in ${modelDir}`);

    let tensors: Map<string, Tensor>;
    try {
      tensors = readSafetensors(readFileSync(modelFile));
    } catch (error) {
      throw new EmbeddingError(`cannot read ${modelFile}: ${(error as Error).message}`, { cause: error });
    }
    const embeddings = tensors.get('embeddings');
    if (!embeddings || embeddings.shape.length !== 2 || !(embeddings.values instanceof Float32Array)) {
      throw new EmbeddingError(`${modelFile} has no float or int8 tensor "embeddings" of rank 2`);
    }
    const [rows, dimension] = embeddings.shape as [number, number];
    const mapping = tensors.get('mapping')?.values ?? null;
    const weights = tensors.get('weights')?.values ?? null;
    if (mapping !== null && (!(mapping instanceof Int32Array) || mapping.some((row) => row < 0 || row >= rows))) {
      throw new EmbeddingError(`${modelFile}: "mapping" must be integer rows of "embeddings" (0 to ${rows - 1})`);
    }
    if (weights !== null && !(weights instanceof Float32Array)) throw new EmbeddingError(`${modelFile}: "weights" must be floats`);

    let tokenizer: Tokenizer;
    let tokenizerJson: TokenizerJson;
    try {
      tokenizerJson = JSON.parse(readFileSync(tokenizerFile, 'utf8')) as TokenizerJson;
      tokenizer = new Tokenizer(tokenizerJson as object, {});
    } catch (error) {
      throw new EmbeddingError(`cannot read the tokenizer in ${tokenizerFile}: ${(error as Error).message}`, { cause: error });
    }
    const vocabulary = vocabularyTokens(tokenizerJson);
    const tokens = mapping?.length ?? rows;
    if (weights !== null && weights.length !== tokens) {
      throw new EmbeddingError(`${modelFile}: ${weights.length} weights for ${tokens} tokens`);
    }
    if (vocabulary.length > tokens) {
      throw new EmbeddingError(`${tokenizerFile} has ${vocabulary.length} tokens but ${modelFile} has vectors for ${tokens}`);
    }
    const model = tokenizerJson.model ?? {};
    const unknownId =
      model.type === 'Unigram' ? (model.unk_id ?? null) : model.unk_token ? (tokenizer.token_to_id(model.unk_token) ?? null) : null;

    return new StaticEmbedder(
      basename(modelDir),
      dimension,
      tokenizer,
      embeddings.values,
      mapping as Int32Array | null,
      weights as Float32Array | null,
      unknownId,
      maxTokens,
      median(vocabulary.map((token) => token.length)),
    );
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }

  private embedOne(text: string): Float32Array {
    const ids = this.tokenizer
      .encode(text.slice(0, this.maxTokens * this.medianTokenLength), { add_special_tokens: false })
      .ids.filter((id: number) => id !== this.unknownId)
      .slice(0, this.maxTokens);
    const vector = new Float32Array(this.dimension);
    for (const id of ids) {
      const row = (this.mapping ? this.mapping[id]! : id) * this.dimension;
      const weight = this.weights ? this.weights[id]! : 1;
      for (let k = 0; k < this.dimension; k++) vector[k] += this.embeddings[row + k]! * weight;
    }
    // The mean's scale disappears in normalisation; a text of no known token gets a fixed unit vector.
    if (!normaliseInPlace(vector)) vector.fill(0)[0] = 1;
    return vector;
  }
}

/** Reads a safetensors file: an 8-byte header length, a JSON header of name → dtype/shape/offsets, the data. */
function readSafetensors(file: Buffer): Map<string, Tensor> {
  const headerLength = Number(file.readBigUInt64LE(0));
  const header = JSON.parse(file.subarray(8, 8 + headerLength).toString('utf8')) as Record<
    string,
    { dtype: string; shape: number[]; data_offsets: [number, number] }
  >;
  const base = 8 + headerLength;
  const tensors = new Map<string, Tensor>();
  for (const [
    name,
    {
      dtype,
      shape,
      data_offsets: [start, end],
    },
  ] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const bytes = file.subarray(base + start, base + end);
    const count = shape.reduce((product, size) => product * size, 1);
    tensors.set(name, { shape, values: decode(dtype, bytes, count, name) });
  }
  return tensors;
}

function decode(dtype: string, bytes: Buffer, count: number, name: string): Float32Array | Int32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const expectBytes = (size: number): void => {
    if (bytes.byteLength !== count * size) throw new Error(`tensor ${name} has ${bytes.byteLength} bytes for ${count} ${dtype} values`);
  };
  switch (dtype) {
    case 'F32': {
      expectBytes(4);
      return Float32Array.from({ length: count }, (_, i) => view.getFloat32(i * 4, true));
    }
    case 'F16': {
      expectBytes(2);
      return Float32Array.from({ length: count }, (_, i) => halfToFloat(view.getUint16(i * 2, true)));
    }
    case 'I8': {
      expectBytes(1);
      return Float32Array.from({ length: count }, (_, i) => view.getInt8(i));
    }
    case 'I64': {
      expectBytes(8);
      return Int32Array.from({ length: count }, (_, i) => Number(view.getBigInt64(i * 8, true)));
    }
    case 'I32': {
      expectBytes(4);
      return Int32Array.from({ length: count }, (_, i) => view.getInt32(i * 4, true));
    }
    default:
      throw new Error(`tensor ${name} has dtype ${dtype}; F32, F16, I8, I32 or I64 is expected`);
  }
}

function halfToFloat(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** The tokens of a WordPiece/BPE (`{token: id}`) or Unigram (`[[token, score], …]`) vocabulary. */
function vocabularyTokens(tokenizer: TokenizerJson): string[] {
  const vocab = tokenizer.model?.vocab;
  if (!vocab) return [];
  return Array.isArray(vocab) ? vocab.map(([token]) => token) : Object.keys(vocab);
}

/** numpy's median, rounded down to an integer as Model2Vec does; at least 1. */
function median(values: number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.max(1, Math.floor(value));
}
