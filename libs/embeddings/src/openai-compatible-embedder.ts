import type { Embedder } from './embedder';
import { EmbeddingConfigError, EmbeddingError } from './embedder';
import { normaliseInPlace } from './vector-math';

export const DEFAULT_HTTP_BATCH_SIZE = 64;
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;

export interface OpenAiCompatibleEmbedderOptions {
  /** Server root, e.g. `http://127.0.0.1:11434` (Ollama); a trailing `/v1` is accepted too (`https://api.openai.com/v1`). */
  baseUrl: string;
  /** Model name the server knows, sent as `model`. */
  model: string;
  /** The dimension the index was built for; every returned vector is checked against it. */
  dimension: number;
  /** Sent as `Authorization: Bearer <key>` when set; never logged nor put in an error. */
  apiKey?: string;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Per-request timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
}

interface EmbeddingsResponse {
  data?: Array<{ embedding?: unknown; index?: unknown }>;
}

/**
 * Any server speaking the OpenAI embeddings API: `POST /v1/embeddings {model, input: string[]}`
 * answered by `{data: [{embedding, index}]}`. Ollama, vLLM, Hugging Face TEI and OpenAI all do.
 * Requests go one batch at a time, in order: a local model server is usually saturated by one.
 */
export class OpenAiCompatibleEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  /** The endpoint as shown in errors: scheme, host, port and path only, so no credential can leak. */
  readonly endpoint: string;
  private readonly url: URL;
  private readonly batchSize: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiCompatibleEmbedderOptions) {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new EmbeddingConfigError(`the embeddings URL is not a valid URL: ${JSON.stringify(redactUrl(options.baseUrl))}`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new EmbeddingConfigError(`the embeddings URL must be http or https, got ${base.protocol}`);
    }
    if (base.username || base.password) {
      throw new EmbeddingConfigError('the embeddings URL carries credentials: pass the key as the API key setting instead');
    }
    const path = base.pathname.replace(/\/+$/, '');
    this.url = new URL(`${path.endsWith('/v1') ? path : `${path}/v1`}/embeddings`, base);
    this.url.search = base.search;
    this.endpoint = `${this.url.origin}${this.url.pathname}`;

    if (!options.model) throw new EmbeddingConfigError('the embeddings model name is empty');
    if (!Number.isInteger(options.dimension) || options.dimension < 1) {
      throw new EmbeddingConfigError(`the embeddings dimension must be a positive integer, got ${options.dimension}`);
    }
    this.batchSize = options.batchSize ?? DEFAULT_HTTP_BATCH_SIZE;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) {
      throw new EmbeddingConfigError(`the embeddings batch size must be a positive integer, got ${this.batchSize}`);
    }
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new EmbeddingConfigError(`the embeddings timeout must be a positive number of milliseconds, got ${this.timeoutMs}`);
    }
    this.modelId = `openai:${options.model}`;
    this.dimension = options.dimension;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      vectors.push(...(await this.request(texts.slice(start, start + this.batchSize))));
    }
    return vectors;
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;

    let response: Response;
    let body: string;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.options.model, input }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // Read the body under the same timeout: a server can stall after sending its headers.
      body = await response.text();
    } catch (error) {
      throw new EmbeddingError(`embedding endpoint ${this.endpoint} ${describeFetchFailure(error, this.timeoutMs)}`, { cause: error });
    }

    if (!response.ok) {
      throw new EmbeddingError(
        `embedding endpoint ${this.endpoint} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}` +
          (body ? `: ${this.redact(body).slice(0, 300)}` : ''),
      );
    }

    let parsed: EmbeddingsResponse;
    try {
      parsed = JSON.parse(body) as EmbeddingsResponse;
    } catch {
      throw new EmbeddingError(
        `embedding endpoint ${this.endpoint} answered something that is not JSON: ${this.redact(body).slice(0, 120)}`,
      );
    }
    const data = parsed.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw new EmbeddingError(
        `embedding endpoint ${this.endpoint} returned ${Array.isArray(data) ? data.length : 'no'} embeddings for ${input.length} inputs`,
      );
    }

    const vectors = new Array<Float32Array>(input.length);
    data.forEach((item, position) => {
      // OpenAI documents `index`; servers that omit it answer in input order.
      const index = typeof item.index === 'number' ? item.index : position;
      const embedding = item.embedding;
      if (!Array.isArray(embedding) || index < 0 || index >= input.length || vectors[index]) {
        throw new EmbeddingError(`embedding endpoint ${this.endpoint} returned a malformed embedding at position ${position}`);
      }
      if (embedding.length !== this.dimension) {
        throw new EmbeddingError(
          `embedding endpoint ${this.endpoint} returned vectors of dimension ${embedding.length} for model ${this.options.model}, ` +
            `but the configured dimension is ${this.dimension}`,
        );
      }
      const vector = Float32Array.from(embedding as number[]);
      // Servers differ (OpenAI normalises, Ollama and TEI may not): normalise here so every provider agrees.
      if (!normaliseInPlace(vector)) {
        throw new EmbeddingError(`embedding endpoint ${this.endpoint} returned a zero or non-numeric vector at position ${position}`);
      }
      vectors[index] = vector;
    });
    return vectors;
  }

  /** Error bodies sometimes echo the request's credentials; never pass the key on. */
  private redact(text: string): string {
    const key = this.options.apiKey;
    return key ? text.split(key).join('[redacted]') : text;
  }
}

/** The URL without user, password or query string, for messages. */
function redactUrl(raw: string): string {
  return raw.replace(/\/\/[^/@]*@/, '//').replace(/\?.*$/, '');
}

/**
 * Turns fetch's generic "fetch failed" into what happened: refused, unknown host, timed out. Reads
 * fields rather than using instanceof: fetch's errors may come from another realm (Jest's sandbox).
 */
function describeFetchFailure(error: unknown, timeoutMs: number): string {
  const name = field(error, 'name');
  if (name === 'TimeoutError' || name === 'AbortError') return `did not answer within ${timeoutMs} ms`;
  const cause = field(error, 'cause');
  const code = field(cause, 'code');
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused the connection (is the embedding server running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'has a host name that does not resolve';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'closed the connection';
    default:
      return `is unreachable: ${String(code ?? field(cause, 'message') ?? field(error, 'message') ?? error)}`;
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
