import { HashingEmbedder } from './hashing-embedder';
import { cosineSimilarity, norm } from './vector-math';

const embedder = new HashingEmbedder();
const similarity = (a: string, b: string): number => cosineSimilarity(embedder.embedOne(a), embedder.embedOne(b));

describe('HashingEmbedder', () => {
  it('names its space after the version and dimension', () => {
    expect(embedder.modelId).toBe('lore-hash-v2-384');
    expect(embedder.dimension).toBe(384);
    const small = new HashingEmbedder({ dimension: 128 });
    expect(small.modelId).toBe('lore-hash-v2-128');
    expect(small.embedOne('placeOrder')).toHaveLength(128);
  });

  it('rejects a dimension that is not a usable integer', () => {
    expect(() => new HashingEmbedder({ dimension: 0 })).toThrow(
      "the hashing embedder's dimension must be an integer from 2 to 65536, got 0",
    );
    expect(() => new HashingEmbedder({ dimension: 1.5 })).toThrow(/got 1.5/);
  });

  it('is deterministic across instances and calls', async () => {
    const text = 'function parseHttpRequest(req) { return parser.parse(req.body); }';
    const [first] = await embedder.embed([text]);
    const [second] = await new HashingEmbedder().embed([text]);
    expect(Array.from(second)).toEqual(Array.from(first));
  });

  it('returns unit vectors, also for empty and punctuation-only text', async () => {
    const vectors = await embedder.embed(['placeOrder', 'a much longer text about orders and invoices', '', '() => {};']);
    for (const vector of vectors) expect(norm(vector)).toBeCloseTo(1, 6);
    expect(Array.from(vectors[3])).toEqual(Array.from(vectors[2]));
  });

  it('maps one name in every naming convention to the same vector', () => {
    const reference = Array.from(embedder.embedOne('placeOrder'));
    for (const spelling of ['PlaceOrder', 'place_order', 'place-order', 'PLACE_ORDER']) {
      expect(Array.from(embedder.embedOne(spelling))).toEqual(reference);
    }
  });

  // Pinned values of the v2 space. Vectors are stored: if one of these changes, the space changed and
  // MODEL_VERSION in hashing-embedder.ts must be bumped so stored vectors are rebuilt.
  it('keeps the v2 vector space', () => {
    const vector = embedder.embedOne('placeOrder');
    // Slot 242 holds two features of opposite sign that cancel up to float rounding.
    const slots = Array.from(vector.keys()).filter((i) => Math.abs(vector[i]) > 1e-6);
    expect(slots).toEqual([28, 31, 54, 109, 136, 158, 260, 266, 281, 299, 356, 369]);
    expect(vector[28]).toBeCloseTo(-0.469841, 6);
    expect(vector[260]).toBeCloseTo(-0.23492, 6);
    expect(vector[369]).toBeCloseTo(0.469841, 6);
    expect(similarity('placeOrder', 'place order')).toBeCloseTo(0.882751, 6);
    expect(similarity('OrderValidator.validate', 'validate order')).toBeCloseTo(0.766493, 6);
  });

  it('puts an identifier closer to its words than to unrelated words', () => {
    expect(similarity('placeOrder', 'place order')).toBeGreaterThan(similarity('placeOrder', 'cancel invoice'));
    expect(similarity('OrderValidator.validate', 'validate order')).toBeGreaterThan(similarity('OrderValidator.validate', 'place order'));
    expect(similarity('OrderValidator.validate', 'place order')).toBeGreaterThan(similarity('OrderValidator.validate', 'cancel invoice'));
  });

  it('ranks code for natural-language queries', () => {
    const code = [
      'placeOrder',
      'OrderValidator.validate',
      'InvoiceService.cancelInvoice',
      'function parseHttpRequest(req) { return parser.parse(req.body); }',
      'class EmailNotifier { sendEmail(to, body) {} }',
    ];
    const rank = (query: string): number[] =>
      code
        .map((text, index) => ({ index, score: similarity(query, text) }))
        .sort((a, b) => b.score - a.score)
        .map(({ index }) => index);
    expect(rank('place order')).toEqual([0, 1, 2, 4, 3]);
    expect(rank('validate order')).toEqual([1, 0, 2, 4, 3]);
    expect(rank('cancel invoice')).toEqual([2, 0, 4, 1, 3]);
    expect(rank('parse http request')).toEqual([3, 0, 1, 2, 4]);
    expect(rank('send email notification')).toEqual([4, 0, 3, 2, 1]);
  });

  it('lets other forms of a word meet through character 3-grams', () => {
    // No word in common, only 3-grams: "asynchronously" shares <as, asy, syn, ync with "async".
    expect(similarity('asynchronously', 'async')).toBeCloseTo(0.265015, 6);
    expect(similarity('boolean', 'stringbool')).toBeCloseTo(0.1363, 6);
    expect(similarity('boolean', 'stringify')).toBe(0);
  });

  it('tells word order apart through bigrams', () => {
    expect(similarity('place order', 'order place')).toBeCloseTo(0.858357, 6);
  });
});
