/**
 * @jest-environment ./libs/embeddings/test/onnx-test-environment.js
 */
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { createEmbedder } from './create-embedder';
import { EmbeddingConfigError, EmbeddingError } from './embedder';
import { OnnxEmbedder } from './onnx-embedder';
import { cosineSimilarity, norm } from './vector-math';

/** The model scripts/fetch-test-model.sh puts on disk; LORE_TEST_ONNX_MODEL_DIR points elsewhere. */
const TEST_MODEL_NAME = 'all-MiniLM-L6-v2-onnx-int8';
const modelDir = process.env.LORE_TEST_ONNX_MODEL_DIR ?? resolve(__dirname, '../../../.data/models', TEST_MODEL_NAME);
const available = process.env.LORE_TEST_ONNX_MODEL_DIR !== undefined || existsSync(join(modelDir, 'model.onnx'));
const isTestModel = basename(modelDir) === TEST_MODEL_NAME;

const maybe = available ? describe : describe.skip;
if (!available) {
  console.warn(`OnnxEmbedder spec skipped: no model at ${modelDir} (run scripts/fetch-test-model.sh or set LORE_TEST_ONNX_MODEL_DIR)`);
}

describe('OnnxEmbedder.load', () => {
  it('names the missing file when the directory holds no model', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lore-no-model-'));
    const failure = OnnxEmbedder.load({ modelDir: empty });
    await expect(failure).rejects.toThrow(EmbeddingError);
    await expect(failure).rejects.toThrow(`no ONNX model in ${empty}: expected model.onnx or onnx/model.onnx`);
  });

  it('refuses a thread count or batch size that is not a positive integer, before reading the directory', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lore-no-model-'));
    await expect(OnnxEmbedder.load({ modelDir: empty, threads: 0 })).rejects.toThrow(
      new EmbeddingConfigError("the ONNX embedder's thread count must be a positive integer, got 0"),
    );
    await expect(OnnxEmbedder.load({ modelDir: empty, batchSize: 1.5 })).rejects.toThrow(
      new EmbeddingConfigError("the ONNX embedder's batch size must be a positive integer, got 1.5"),
    );
  });
});

maybe('OnnxEmbedder with a real model', () => {
  let embedder: OnnxEmbedder;

  beforeAll(async () => {
    embedder = await OnnxEmbedder.load({ modelDir });
  });
  afterAll(() => embedder?.release());

  it('takes its id from the directory and its dimension from the model', () => {
    expect(embedder.modelId).toBe(basename(modelDir));
    if (isTestModel) expect(embedder.dimension).toBe(384);
  });

  it('returns unit vectors in input order, the same for a text alone or in a batch', async () => {
    const texts = ['place an order', 'function placeOrder(cart) { return orders.create(cart); }', 'a', ''];
    const together = await embedder.embed(texts);
    for (const vector of together) expect(norm(vector)).toBeCloseTo(1, 5);
    for (let i = 0; i < texts.length; i++) {
      const [alone] = await embedder.embed([texts[i]]);
      expect(cosineSimilarity(alone, together[i])).toBeCloseTo(1, 6);
    }
  });

  it('gives the same vectors with one intra-op thread and batches of 64', async () => {
    const texts = ['place an order', 'def send(self, request): return self._transport.handle_request(request)', 'retry with backoff'];
    const tuned = await OnnxEmbedder.load({ modelDir, threads: 1, batchSize: 64 });
    try {
      const [expected, actual] = [await embedder.embed(texts), await tuned.embed(texts)];
      for (let i = 0; i < texts.length; i++) expect(cosineSimilarity(actual[i], expected[i])).toBeCloseTo(1, 6);
    } finally {
      await tuned.release();
    }
  });

  it('keeps working past the token limit by truncating', async () => {
    const [vector] = await embedder.embed([Array(2_000).fill('parseHttpRequest handles the body').join(' ')]);
    expect(norm(vector)).toBeCloseTo(1, 5);
  });

  (isTestModel ? describe : describe.skip)('the all-MiniLM-L6-v2 test model', () => {
    // Reference: the same files run by Python onnxruntime 1.31 + tokenizers 0.23 (truncation 256,
    // mean pooling, L2), which checks tokenisation, truncation and pooling here against the canonical code.
    it('matches the reference implementation', async () => {
      const long = Array(120).fill('parseHttpRequest handles the body').join(' ');
      const vectors = await embedder.embed([
        'place an order',
        'function placeOrder(cart) { return orders.create(cart); }',
        'Ünïcode café — naïve résumé',
        long,
      ]);
      const reference = [
        [-0.013831, 0.007613, 0.043587, 0.007041, -0.068868, 0.061526],
        [-0.05652, -0.049309, -0.0149, 0.004025, -0.068945, -0.011239],
        [-0.058862, -0.046932, 0.012173, 0.008243, -0.048413, 0.054873],
        [-0.049041, -0.039426, 0.048091, -0.014044, -0.120461, -0.041309],
      ];
      reference.forEach((head, i) => head.forEach((value, k) => expect(vectors[i][k]).toBeCloseTo(value, 5)));
    });

    /** The test model's files beside sentence-transformers settings of its own, in a directory outside the catalog. */
    const withSettings = (settings: Record<string, object>): string => {
      const directory = mkdtempSync(join(tmpdir(), 'lore-st-model-'));
      for (const file of ['model.onnx', 'tokenizer.json']) symlinkSync(join(modelDir, file), join(directory, file));
      for (const [name, value] of Object.entries(settings)) {
        mkdirSync(dirname(join(directory, name)), { recursive: true });
        writeFileSync(join(directory, name), JSON.stringify(value));
      }
      return directory;
    };

    it('puts the prompt of each purpose before the text', async () => {
      const prompted = await OnnxEmbedder.load({
        modelDir: withSettings({ 'config_sentence_transformers.json': { prompts: { query: 'query: ', passage: 'passage: ' } } }),
      });
      try {
        const [query] = await prompted.embed(['place an order'], 'query');
        const [document] = await prompted.embed(['place an order']);
        const [expectedQuery, expectedDocument] = await embedder.embed(['query: place an order', 'passage: place an order']);
        expect(cosineSimilarity(query, expectedQuery)).toBeCloseTo(1, 6);
        expect(cosineSimilarity(document, expectedDocument)).toBeCloseTo(1, 6);
        expect(cosineSimilarity(query, document)).toBeLessThan(0.99);
      } finally {
        await prompted.release();
      }
    });

    // Reference: the first token's vector, L2-normalised, from the same files run by Python onnxruntime 1.32 + tokenizers.
    it('pools the [CLS] token when 1_Pooling/config.json says so', async () => {
      const cls = await OnnxEmbedder.load({ modelDir: withSettings({ '1_Pooling/config.json': { pooling_mode_cls_token: true } }) });
      try {
        const vectors = await cls.embed(['place an order', 'function placeOrder(cart) { return orders.create(cart); }']);
        const reference = [
          [0.004211, 0.008533, 0.039178, -0.027369, -0.043552, 0.042194],
          [-0.003799, -0.025637, 0.021133, 0.004962, -0.035959, 0.022094],
        ];
        reference.forEach((head, i) => head.forEach((value, k) => expect(vectors[i]![k]).toBeCloseTo(value, 5)));
      } finally {
        await cls.release();
      }
    });

    it('ranks code for natural-language queries', async () => {
      const code = await embedder.embed([
        'function placeOrder(cart) { return orders.create(cart); }',
        'class OrderValidator { validate(order) { if (!order.items.length) throw new Error("empty order"); } }',
        'async function cancelInvoice(id) { await invoices.markCancelled(id); }',
        'function parseHttpRequest(req) { return parser.parse(req.body); }',
        'class EmailNotifier { sendEmail(to, body) { return smtp.send(to, body); } }',
      ]);
      const rank = async (query: string): Promise<number[]> => {
        const [vector] = await embedder.embed([query]);
        return code
          .map((candidate, index) => ({ index, score: cosineSimilarity(vector, candidate) }))
          .sort((a, b) => b.score - a.score)
          .map(({ index }) => index);
      };
      expect(await rank('place an order')).toEqual([0, 1, 2, 4, 3]);
      expect(await rank('check that an order is valid')).toEqual([1, 0, 3, 2, 4]);
      expect(await rank('cancel an invoice')).toEqual([2, 1, 0, 3, 4]);
      expect(await rank('parse the body of an HTTP request')).toEqual([3, 4, 2, 1, 0]);
      expect(await rank('send an email notification')).toEqual([4, 3, 2, 1, 0]);
    });
  });
});

maybe('createEmbedder with provider onnx', () => {
  it('loads the model behind a cache', async () => {
    const embedder = await createEmbedder({ provider: 'onnx', modelDir });
    expect(embedder.inner).toBeInstanceOf(OnnxEmbedder);
    expect(embedder.modelId).toBe(basename(modelDir));
    await embedder.close();
  });

  it('refuses a configured dimension the model does not produce', async () => {
    const failure = createEmbedder({ provider: 'onnx', modelDir, dimension: 7 });
    await expect(failure).rejects.toThrow(EmbeddingConfigError);
    await expect(failure).rejects.toThrow(/^LORE_EMBEDDINGS_DIMENSION is 7 but the model in .* produces vectors of dimension \d+$/);
  });
});
