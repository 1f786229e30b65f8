import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EmbeddingError } from './embedder';
import { StaticEmbedder } from './static-embedder';
import { norm } from './vector-math';

/** The static model `lore models install tokenlearn-static-10k-64d-int8` puts on disk; LORE_TEST_STATIC_MODEL_DIR points elsewhere. */
const REAL_MODEL_NAME = 'tokenlearn-static-10k-64d-int8';
const realModelDir = process.env.LORE_TEST_STATIC_MODEL_DIR ?? resolve(__dirname, '../../../.data/models', REAL_MODEL_NAME);
const realModelAvailable = existsSync(join(realModelDir, 'model.safetensors'));
if (!realModelAvailable) {
  console.warn(
    `StaticEmbedder comparison with model2vec skipped: no model at ${realModelDir} (run lore models install ${REAL_MODEL_NAME} or set LORE_TEST_STATIC_MODEL_DIR)`,
  );
}

/** A WordPiece tokenizer over four words, [UNK] first. */
const TOKENIZER = {
  version: '1.0',
  added_tokens: [{ id: 0, content: '[UNK]', single_word: false, lstrip: false, rstrip: false, normalized: false, special: true }],
  normalizer: { type: 'Lowercase' },
  pre_tokenizer: { type: 'BertPreTokenizer' },
  post_processor: null,
  decoder: null,
  model: {
    type: 'WordPiece',
    vocab: { '[UNK]': 0, order: 1, total: 2, validate: 3 },
    unk_token: '[UNK]',
    continuing_subword_prefix: '##',
    max_input_chars_per_word: 100,
  },
};

type Dtype = 'F32' | 'I8' | 'I64';
const BYTES: Record<Dtype, number> = { F32: 4, I8: 1, I64: 8 };

/** Writes a safetensors file of the given tensors. */
function safetensors(tensors: Record<string, { dtype: Dtype; shape: number[]; values: number[] }>): Buffer {
  let offset = 0;
  const header: Record<string, unknown> = {};
  const parts: Buffer[] = [];
  for (const [name, { dtype, shape, values }] of Object.entries(tensors)) {
    const data = Buffer.alloc(values.length * BYTES[dtype]);
    values.forEach((value, i) => {
      if (dtype === 'F32') data.writeFloatLE(value, i * 4);
      else if (dtype === 'I8') data.writeInt8(value, i);
      else data.writeBigInt64LE(BigInt(value), i * 8);
    });
    header[name] = { dtype, shape, data_offsets: [offset, offset + data.length] };
    offset += data.length;
    parts.push(data);
  }
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, ...parts]);
}

function modelDir(name: string, model: Buffer): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'lore-static-')), name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'model.safetensors'), model);
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(TOKENIZER));
  return dir;
}

const rounded = (vector: Float32Array): number[] => [...vector].map((value) => Math.round(value * 1e5) / 1e5);

describe('StaticEmbedder', () => {
  it('averages the weighted vectors of the known tokens and normalises, leaving unknown tokens out', async () => {
    const embedder = await StaticEmbedder.load({
      modelDir: modelDir(
        'tiny-static',
        safetensors({
          embeddings: { dtype: 'F32', shape: [4, 2], values: [0, 0, 1, 0, 0, 1, 1, 1] },
          weights: { dtype: 'F32', shape: [4], values: [1, 2, 1, 1] },
        }),
      ),
    });
    expect([embedder.modelId, embedder.dimension]).toEqual(['tiny-static', 2]);
    const [validateOrder, withUnknown, nothingKnown] = await embedder.embed(['Validate order', 'validate zebra order', 'zebra']);
    // validate [1,1]×1 + order [1,0]×2 = [3,1], normalised
    expect(rounded(validateOrder!)).toEqual([0.94868, 0.31623]);
    expect(rounded(withUnknown!)).toEqual([0.94868, 0.31623]);
    // no known token: a fixed unit vector, never a zero one
    expect(rounded(nothingKnown!)).toEqual([1, 0]);
  });

  it('looks tokens up through the mapping of a quantised vocabulary, int8 rows scaled away by normalisation', async () => {
    const embedder = await StaticEmbedder.load({
      modelDir: modelDir(
        'tiny-quantised',
        safetensors({
          embeddings: { dtype: 'I8', shape: [2, 2], values: [127, 0, 0, 127] },
          mapping: { dtype: 'I64', shape: [4], values: [0, 0, 1, 0] },
        }),
      ),
      maxTokens: 1,
    });
    const [total, totalValidate] = await embedder.embed(['total', 'total validate']);
    expect(rounded(total!)).toEqual([0, 1]);
    // maxTokens 1 keeps "total" only
    expect(rounded(totalValidate!)).toEqual([0, 1]);
  });

  it('names the missing file, and a mapping that points past the vectors', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lore-static-empty-'));
    await expect(StaticEmbedder.load({ modelDir: empty })).rejects.toThrow(new EmbeddingError(`no model.safetensors in ${empty}`));
    const broken = modelDir(
      'tiny-broken',
      safetensors({
        embeddings: { dtype: 'F32', shape: [1, 2], values: [1, 0] },
        mapping: { dtype: 'I64', shape: [4], values: [0, 0, 1, 0] },
      }),
    );
    await expect(StaticEmbedder.load({ modelDir: broken })).rejects.toThrow(
      `${join(broken, 'model.safetensors')}: "mapping" must be integer rows of "embeddings" (0 to 0)`,
    );
  });

  (realModelAvailable ? it : it.skip)('gives the vectors model2vec 0.10.0 gives for the packaged static model, to 5 decimals', async () => {
    const embedder = await StaticEmbedder.load({ modelDir: realModelDir });
    expect(embedder.dimension).toBe(64);
    const [question, code, long] = await embedder.embed([
      'where do we validate the order total',
      'def parse_config(path):\n    return yaml.safe_load(open(path))',
      'x'.repeat(5000),
    ]);
    // StaticModel.from_pretrained(dir).encode([...])[:, :6] with model2vec 0.10.0
    expect(rounded(question!).slice(0, 6)).toEqual([-0.15892, -0.04892, -0.17435, -0.05866, -0.15438, 0.18645]);
    expect(rounded(code!).slice(0, 6)).toEqual([-0.41923, -0.09831, -0.25184, -0.37849, -0.01738, -0.13959]);
    expect(rounded(long!).slice(0, 6)).toEqual([-0.00872, -0.26168, -0.02617, -0.29657, -0.31402, 0]);
    expect(norm(question!)).toBeCloseTo(1, 5);
  });
});
