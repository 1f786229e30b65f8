import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type * as OrtModule from 'onnxruntime-node';
import type * as TokenizersModule from '@huggingface/tokenizers';
import type { Embedder, EmbeddingPurpose } from './embedder';
import { EmbeddingConfigError, EmbeddingError } from './embedder';
import { type SentenceTransformersSettings, readSentenceTransformersSettings } from './sentence-transformers-settings';
import { normaliseInPlace } from './vector-math';

type Ort = typeof OrtModule;
type InferenceSession = OrtModule.InferenceSession;
type Tokenizer = TokenizersModule.Tokenizer;

/** What `load` prepares for the embedder. */
interface LoadedModel {
  ort: Ort;
  session: InferenceSession;
  tokenizer: Tokenizer;
  /** The output to pool, and whether it is already one vector per text. */
  outputName: string;
  outputIsPooled: boolean;
  /** How token vectors become one, and the prompts put before texts (see readSentenceTransformersSettings). */
  pooling: SentenceTransformersSettings['pooling'];
  prompts: SentenceTransformersSettings['prompts'];
  maxTokens: number;
  batchSize: number;
  /** Ids of [CLS], [SEP] and the like: truncation keeps the closing one. */
  specialTokenIds: ReadonlySet<number>;
  padTokenId: number;
}

interface TokenizedText {
  ids: number[];
  typeIds: number[];
}

/** Where exports put the model: sentence-transformers / optimum write `model.onnx`, transformers.js layouts `onnx/model.onnx`. */
const MODEL_FILE_CANDIDATES = ['model.onnx', join('onnx', 'model.onnx')];
/** all-MiniLM-L6-v2's `max_seq_length`: it was trained on at most 256 tokens, so more adds cost, not quality. */
const DEFAULT_MAX_TOKENS = 256;
/**
 * Texts per inference run. Texts are sorted by token count first, so padding stays small. Measured on
 * two cores with the indexer's chunks of a real repository, 64 per call as background embedding sends
 * them (docs/benchmarks.md, "Issue 17: ONNX threads and batch size"): batches of 4, 8 and 16 were within
 * the machine's noise of each other, at 0.47 / 0.64 / 1.0 GB peak RSS (ONNX Runtime's arena keeps the
 * peak); 32, 64 and 128 were 35-65% slower (each batch is padded to its longest chunk, and attention
 * grows with its square) and took 1.7, 3.0 and 5.3 GB. Models whose activations are quantised at run
 * time (dynamic int8) make a text's vector depend on its batch neighbours: use 1 for those. The test
 * model computes in float32 and gave identical vectors at every batch size.
 */
const DEFAULT_BATCH_SIZE = 8;
/**
 * Intra-op threads: half the logical cores, at least one (ONNX Runtime's own default is one per physical
 * core). The embedder shares the machine with Neo4j, the indexer and the server it embeds for; measured on
 * two busy cores (docs/benchmarks.md, "Issue 17: ONNX threads and batch size"), one thread embedded
 * ~20% more chunks per second than two, at less CPU per chunk.
 */
function defaultThreads(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}
/**
 * ONNX Runtime's intra-op threads spin-wait between operators by default. On a shared machine a spinning
 * thread burns a core the others need and the slowest thread holds up each operator: two spinning threads
 * embedded ~40% fewer chunks per second than two sleeping ones, at ~50% more CPU per chunk.
 */
const ALLOW_SPINNING = false;

export interface OnnxEmbedderOptions {
  /** Directory holding `model.onnx` (or `onnx/model.onnx`) and `tokenizer.json`; its name becomes the model id. */
  modelDir: string;
  /** Texts longer than this many tokens are truncated (default: the directory's `sentence_bert_config.json`, else 256). */
  maxTokens?: number;
  /** Texts per inference run (default 8); see DEFAULT_BATCH_SIZE. */
  batchSize?: number;
  /** ONNX Runtime intra-op threads (default: half the logical cores, at least one; see defaultThreads). */
  threads?: number;
  /** Whether idle intra-op threads spin-wait for work instead of sleeping (default false: see ALLOW_SPINNING). */
  spinning?: boolean;
}

/**
 * A local sentence-embedding model (e.g. all-MiniLM-L6-v2 or e5-small-v2 exported to ONNX) run
 * in-process by ONNX Runtime, with the model's own WordPiece/BPE tokenizer. Everything is read from one
 * directory on disk: nothing is ever downloaded. Token vectors are pooled as the directory's
 * sentence-transformers settings say (mean over the attention mask unless `1_Pooling/config.json`
 * asks for the [CLS] token), prompts from `config_sentence_transformers.json` go before queries and
 * documents, and vectors are L2-normalised, as sentence-transformers does.
 */
export class OnnxEmbedder implements Embedder {
  /** Serialises inference: the runtime already uses every core for one run, parallel runs would only contend. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly modelId: string,
    readonly dimension: number,
    private readonly model: LoadedModel,
  ) {}

  /** Loads the tokenizer and model from `modelDir` and reads the vector dimension from the model. */
  static async load(options: OnnxEmbedderOptions): Promise<OnnxEmbedder> {
    const modelDir = resolve(options.modelDir);
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      throw new EmbeddingConfigError(`the ONNX embedder's batch size must be a positive integer, got ${batchSize}`);
    }
    if (options.threads !== undefined && (!Number.isInteger(options.threads) || options.threads < 1)) {
      throw new EmbeddingConfigError(`the ONNX embedder's thread count must be a positive integer, got ${options.threads}`);
    }
    const modelFile = MODEL_FILE_CANDIDATES.map((candidate) => join(modelDir, candidate)).find((path) => existsSync(path));
    if (!modelFile) {
      throw new EmbeddingError(`no ONNX model in ${modelDir}: expected ${MODEL_FILE_CANDIDATES.join(' or ')}`);
    }
    const tokenizerFile = join(modelDir, 'tokenizer.json');
    if (!existsSync(tokenizerFile)) throw new EmbeddingError(`no tokenizer.json in ${modelDir}`);

    const maxTokens = options.maxTokens ?? readMaxSeqLength(modelDir) ?? DEFAULT_MAX_TOKENS;
    if (!Number.isInteger(maxTokens) || maxTokens < 2) {
      throw new EmbeddingConfigError(`the ONNX embedder's token limit must be an integer of at least 2, got ${maxTokens}`);
    }

    const { ort, tokenizers } = loadRuntimes();
    let tokenizer: Tokenizer;
    try {
      const tokenizerConfigFile = join(modelDir, 'tokenizer_config.json');
      tokenizer = new tokenizers.Tokenizer(
        JSON.parse(readFileSync(tokenizerFile, 'utf8')),
        existsSync(tokenizerConfigFile) ? JSON.parse(readFileSync(tokenizerConfigFile, 'utf8')) : {},
      );
    } catch (error) {
      throw new EmbeddingError(`cannot read the tokenizer in ${tokenizerFile}: ${describe(error)}`, { cause: error });
    }

    let session: InferenceSession;
    try {
      session = await ort.InferenceSession.create(modelFile, {
        executionProviders: ['cpu'],
        graphOptimizationLevel: 'all',
        // Runs are serialised and the graph is one chain of operators: inter-op threads would only idle.
        interOpNumThreads: 1,
        extra: { session: { intra_op: { allow_spinning: (options.spinning ?? ALLOW_SPINNING) ? '1' : '0' } } },
        intraOpNumThreads: options.threads ?? defaultThreads(),
      });
    } catch (error) {
      throw new EmbeddingError(`cannot load the ONNX model ${modelFile}: ${describe(error)}`, { cause: error });
    }

    const supportedInputs = new Set(['input_ids', 'attention_mask', 'token_type_ids']);
    const unsupported = session.inputNames.filter((name) => !supportedInputs.has(name));
    if (!session.inputNames.includes('input_ids') || unsupported.length > 0) {
      await session.release();
      throw new EmbeddingError(
        `the ONNX model ${modelFile} takes inputs [${session.inputNames.join(', ')}]; ` +
          'a sentence-embedding model with input_ids, attention_mask and optionally token_type_ids is expected',
      );
    }

    const output = chooseOutput(session);
    if (!output) {
      await session.release();
      throw new EmbeddingError(`the ONNX model ${modelFile} has no float32 output of rank 2 or 3 to pool into a sentence vector`);
    }

    const specialTokenIds = new Set<number>();
    for (const [id, token] of tokenizer.get_added_tokens_decoder()) if (token.special) specialTokenIds.add(id);
    const padTokenId = tokenizer.token_to_id('[PAD]') ?? tokenizer.token_to_id('<pad>') ?? 0;

    const model: LoadedModel = {
      ort,
      session,
      tokenizer,
      outputName: output.name,
      outputIsPooled: output.rank === 2,
      ...readSentenceTransformersSettings(modelDir),
      maxTokens,
      batchSize,
      specialTokenIds,
      padTokenId,
    };
    const modelId = basename(modelDir);
    if (output.dimension !== undefined) return new OnnxEmbedder(modelId, output.dimension, model);
    // The export left the hidden size symbolic: learn it from one real run.
    const [probe] = await new OnnxEmbedder(modelId, 0, model).embedAll(['dimension probe']);
    return new OnnxEmbedder(modelId, probe.length, model);
  }

  async embed(texts: string[], purpose: EmbeddingPurpose = 'document'): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const prompt = this.model.prompts[purpose];
    const prompted = prompt === '' ? texts : texts.map((text) => prompt + text);
    const run = this.queue.then(() => this.embedAll(prompted));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Frees the native session; the embedder is unusable afterwards. */
  async release(): Promise<void> {
    await this.queue;
    await this.model.session.release();
  }

  private async embedAll(texts: string[]): Promise<Float32Array[]> {
    const encodings = texts.map((text) => this.encode(text));
    // Batch texts of similar token counts together so little of each batch is padding.
    const order = encodings.map((_, index) => index).sort((a, b) => encodings[a].ids.length - encodings[b].ids.length);
    const vectors = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length; start += this.model.batchSize) {
      const batch = order.slice(start, start + this.model.batchSize);
      const batchVectors = await this.runBatch(batch.map((index) => encodings[index]));
      batch.forEach((index, row) => (vectors[index] = batchVectors[row]));
    }
    return vectors;
  }

  private async runBatch(encodings: TokenizedText[]): Promise<Float32Array[]> {
    const rows = encodings.length;
    const sequenceLength = Math.max(...encodings.map((encoding) => encoding.ids.length));
    const size = rows * sequenceLength;
    const inputIds = new BigInt64Array(size).fill(BigInt(this.model.padTokenId));
    const attentionMask = new BigInt64Array(size);
    const tokenTypeIds = new BigInt64Array(size);
    encodings.forEach((encoding, row) => {
      const offset = row * sequenceLength;
      for (let i = 0; i < encoding.ids.length; i++) {
        inputIds[offset + i] = BigInt(encoding.ids[i]);
        attentionMask[offset + i] = 1n;
        tokenTypeIds[offset + i] = BigInt(encoding.typeIds[i]);
      }
    });

    const shape = [rows, sequenceLength];
    const feeds: Record<string, OrtModule.Tensor> = {};
    for (const name of this.model.session.inputNames) {
      const data = name === 'input_ids' ? inputIds : name === 'attention_mask' ? attentionMask : tokenTypeIds;
      feeds[name] = new this.model.ort.Tensor('int64', data, shape);
    }

    let output: OrtModule.Tensor;
    try {
      const results = await this.model.session.run(feeds, [this.model.outputName]);
      output = results[this.model.outputName];
    } catch (error) {
      throw new EmbeddingError(`ONNX inference failed for model ${this.modelId}: ${describe(error)}`, { cause: error });
    }
    const data = output.data as Float32Array;

    const vectors: Float32Array[] = [];
    if (this.model.outputIsPooled) {
      const hidden = Number(output.dims[1]);
      for (let row = 0; row < rows; row++) vectors.push(data.slice(row * hidden, (row + 1) * hidden));
    } else if (this.model.pooling === 'cls') {
      const hidden = Number(output.dims[2]);
      for (let row = 0; row < rows; row++) vectors.push(data.slice(row * sequenceLength * hidden, row * sequenceLength * hidden + hidden));
    } else {
      // Mean pooling over the real tokens of each row (padding has mask 0 and is left out).
      const hidden = Number(output.dims[2]);
      encodings.forEach((encoding, row) => {
        const pooled = new Float32Array(hidden);
        const rowOffset = row * sequenceLength * hidden;
        const tokens = encoding.ids.length;
        for (let token = 0; token < tokens; token++) {
          const tokenOffset = rowOffset + token * hidden;
          for (let k = 0; k < hidden; k++) pooled[k] += data[tokenOffset + k];
        }
        for (let k = 0; k < hidden; k++) pooled[k] /= tokens;
        vectors.push(pooled);
      });
    }
    for (const vector of vectors) {
      if (!normaliseInPlace(vector)) throw new EmbeddingError(`model ${this.modelId} produced a zero or non-finite vector`);
    }
    return vectors;
  }

  /** Token ids and type ids of one text, truncated to `maxTokens` while keeping the closing special token ([SEP]). */
  private encode(text: string): TokenizedText {
    // Every token covers at least one character, and code averages well under 24 per token: cutting
    // here keeps tokenisation cost bounded on a huge chunk without changing what is kept below.
    const bounded = text.length > this.model.maxTokens * 24 ? text.slice(0, this.model.maxTokens * 24) : text;
    const encoding = this.model.tokenizer.encode(bounded, { return_token_type_ids: true });
    let ids = encoding.ids;
    let typeIds = encoding.token_type_ids ?? new Array<number>(ids.length).fill(0);
    if (ids.length > this.model.maxTokens) {
      const last = ids.length - 1;
      if (this.model.specialTokenIds.has(ids[last])) {
        ids = [...ids.slice(0, this.model.maxTokens - 1), ids[last]];
        typeIds = [...typeIds.slice(0, this.model.maxTokens - 1), typeIds[last]];
      } else {
        ids = ids.slice(0, this.model.maxTokens);
        typeIds = typeIds.slice(0, this.model.maxTokens);
      }
    }
    return { ids, typeIds };
  }
}

/**
 * Loaded on first use rather than imported at the top: onnxruntime-node maps a 45 MB native library
 * when required, which a process using the hashing or HTTP provider should not pay for (or fail on,
 * on a platform the package ships no binary for).
 */
function loadRuntimes(): { ort: Ort; tokenizers: typeof TokenizersModule } {
  try {
    /* eslint-disable @typescript-eslint/no-require-imports -- deliberate lazy load, see above */
    const ort = require('onnxruntime-node') as Ort;
    const tokenizers = require('@huggingface/tokenizers') as typeof TokenizersModule;
    /* eslint-enable @typescript-eslint/no-require-imports */
    return { ort, tokenizers };
  } catch (error) {
    throw new EmbeddingError(`the ONNX runtime cannot be loaded on ${process.platform}-${process.arch}: ${describe(error)}`, {
      cause: error,
    });
  }
}

/** The output to pool: a named sentence embedding if the export has one, else the token embeddings. */
function chooseOutput(session: InferenceSession): { name: string; rank: 2 | 3; dimension?: number } | undefined {
  const tensors = session.outputMetadata.filter(
    (metadata): metadata is OrtModule.InferenceSession.TensorValueMetadata =>
      metadata.isTensor && metadata.type === 'float32' && (metadata.shape.length === 2 || metadata.shape.length === 3),
  );
  const preferred = ['sentence_embedding', 'last_hidden_state', 'token_embeddings'];
  const chosen = preferred.map((name) => tensors.find((tensor) => tensor.name === name)).find(Boolean) ?? tensors[0];
  if (!chosen) return undefined;
  const last = chosen.shape[chosen.shape.length - 1];
  return { name: chosen.name, rank: chosen.shape.length as 2 | 3, dimension: typeof last === 'number' && last > 0 ? last : undefined };
}

/** `max_seq_length` from a sentence-transformers export's `sentence_bert_config.json`, if there is one. */
function readMaxSeqLength(modelDir: string): number | undefined {
  const file = join(modelDir, 'sentence_bert_config.json');
  if (!existsSync(file)) return undefined;
  try {
    const value = (JSON.parse(readFileSync(file, 'utf8')) as { max_seq_length?: unknown }).max_seq_length;
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The message of an error from any realm (native addons and Jest's sandbox defeat instanceof). */
function describe(error: unknown): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(error);
}
