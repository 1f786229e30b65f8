import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EmbeddingConfigError, EmbeddingError } from './embedder';
import { OpenAiCompatibleEmbedder } from './openai-compatible-embedder';

const API_KEY = 'sk-test-secret-123';

interface RecordedRequest {
  method: string;
  url: string;
  authorization?: string;
  body: { model: string; input: string[] };
}

type Behaviour = 'ok' | 'wrong-dimension' | 'unauthorised' | 'slow';

/**
 * A real OpenAI-compatible server on loopback. Its vector for a text is [length, 1, 0, 0], deliberately
 * not normalised, and the items come back in reverse order with their `index`, as servers may do.
 */
class FakeEmbeddingServer {
  readonly requests: RecordedRequest[] = [];
  behaviour: Behaviour = 'ok';
  private readonly server: Server = createServer((request, response) => void this.handle(request, response));
  private readonly timers = new Set<NodeJS.Timeout>();

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as RecordedRequest['body'];
    this.requests.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body });

    if (request.url !== '/v1/embeddings') {
      response.writeHead(404).end();
      return;
    }
    if (this.behaviour === 'unauthorised') {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}` } }));
      return;
    }
    if (this.behaviour === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          resolve();
        }, 2_000);
        this.timers.add(timer);
      });
      if (!this.server.listening) return;
    }
    const width = this.behaviour === 'wrong-dimension' ? 3 : 4;
    const data = body.input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: [text.length, 1, 0, 0].slice(0, width),
    }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ object: 'list', model: body.model, data: data.reverse() }));
  }
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('OpenAiCompatibleEmbedder', () => {
  const server = new FakeEmbeddingServer();
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    server.requests.length = 0;
    server.behaviour = 'ok';
  });

  it('posts batches to /v1/embeddings with the model and key, and returns normalised vectors in input order', async () => {
    const embedder = new OpenAiCompatibleEmbedder({ baseUrl, model: 'nomic-embed-text', dimension: 4, apiKey: API_KEY, batchSize: 2 });
    const vectors = await embedder.embed(['a', 'bbb', 'cc', 'dddd', 'eeeee']);

    expect(server.requests.map(({ method, url, authorization, body }) => ({ method, url, authorization, body }))).toEqual([
      {
        method: 'POST',
        url: '/v1/embeddings',
        authorization: `Bearer ${API_KEY}`,
        body: { model: 'nomic-embed-text', input: ['a', 'bbb'] },
      },
      {
        method: 'POST',
        url: '/v1/embeddings',
        authorization: `Bearer ${API_KEY}`,
        body: { model: 'nomic-embed-text', input: ['cc', 'dddd'] },
      },
      { method: 'POST', url: '/v1/embeddings', authorization: `Bearer ${API_KEY}`, body: { model: 'nomic-embed-text', input: ['eeeee'] } },
    ]);
    // The server's [length, 1, 0, 0], divided by sqrt(length² + 1), for each input in order.
    const expected = [1, 3, 2, 4, 5].map((length) => [length, 1, 0, 0].map((value) => value / Math.sqrt(length * length + 1)));
    vectors.forEach((vector, i) => vector.forEach((value, k) => expect(value).toBeCloseTo(expected[i][k], 6)));
    expect(embedder.modelId).toBe('openai:nomic-embed-text');
    expect(embedder.dimension).toBe(4);
  });

  it('accepts a base URL that already ends in /v1, and sends no authorization without a key', async () => {
    const embedder = new OpenAiCompatibleEmbedder({ baseUrl: `${baseUrl}/v1/`, model: 'm', dimension: 4 });
    await embedder.embed(['x']);
    expect(server.requests.map(({ url, authorization }) => ({ url, authorization }))).toEqual([
      { url: '/v1/embeddings', authorization: undefined },
    ]);
    expect(embedder.endpoint).toBe(`${baseUrl}/v1/embeddings`);
  });

  it('sends nothing for no texts', async () => {
    const embedder = new OpenAiCompatibleEmbedder({ baseUrl, model: 'm', dimension: 4 });
    expect(await embedder.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects vectors of another dimension, naming both', async () => {
    server.behaviour = 'wrong-dimension';
    const embedder = new OpenAiCompatibleEmbedder({ baseUrl, model: 'm', dimension: 4 });
    const failure = embedder.embed(['x']);
    await expect(failure).rejects.toThrow(EmbeddingError);
    await expect(failure).rejects.toThrow(
      `embedding endpoint ${baseUrl}/v1/embeddings returned vectors of dimension 3 for model m, but the configured dimension is 4`,
    );
  });

  it('reports an HTTP error without repeating the API key', async () => {
    server.behaviour = 'unauthorised';
    const embedder = new OpenAiCompatibleEmbedder({ baseUrl, model: 'm', dimension: 4, apiKey: API_KEY });
    const error = await failureOf(embedder.embed(['x']));
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.message).toBe(
      `embedding endpoint ${baseUrl}/v1/embeddings answered HTTP 401 Unauthorized: {"error":{"message":"Incorrect API key provided: [redacted]"}}`,
    );
  });

  it('says the endpoint refused the connection when nothing listens there', async () => {
    const closed = new FakeEmbeddingServer();
    const closedUrl = await closed.start();
    await closed.stop();
    const embedder = new OpenAiCompatibleEmbedder({ baseUrl: closedUrl, model: 'm', dimension: 4, apiKey: API_KEY });
    const error = await failureOf(embedder.embed(['x']));
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.message).toBe(`embedding endpoint ${closedUrl}/v1/embeddings refused the connection (is the embedding server running?)`);
  });

  it('gives up after the timeout on a slow server', async () => {
    server.behaviour = 'slow';
    const embedder = new OpenAiCompatibleEmbedder({ baseUrl, model: 'm', dimension: 4, timeoutMs: 200 });
    const started = Date.now();
    const error = await failureOf(embedder.embed(['x']));
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.message).toBe(`embedding endpoint ${baseUrl}/v1/embeddings did not answer within 200 ms`);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses settings it cannot use', () => {
    const valid = { baseUrl, model: 'm', dimension: 4 };
    expect(() => new OpenAiCompatibleEmbedder({ ...valid, baseUrl: 'localhost:11434' })).toThrow(EmbeddingConfigError);
    expect(() => new OpenAiCompatibleEmbedder({ ...valid, baseUrl: 'http://user:hunter2@127.0.0.1:1' })).toThrow(
      'the embeddings URL carries credentials: pass the key as the API key setting instead',
    );
    expect(() => new OpenAiCompatibleEmbedder({ ...valid, dimension: 0 })).toThrow(
      'the embeddings dimension must be a positive integer, got 0',
    );
    expect(() => new OpenAiCompatibleEmbedder({ ...valid, batchSize: 0 })).toThrow(
      'the embeddings batch size must be a positive integer, got 0',
    );
  });
});
