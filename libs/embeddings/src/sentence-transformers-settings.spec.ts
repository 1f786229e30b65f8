import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddingError } from './embedder';
import { readSentenceTransformersSettings } from './sentence-transformers-settings';

function modelDirectory(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'lore-st-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(directory, name, '..'), { recursive: true });
    writeFileSync(join(directory, name), text);
  }
  return directory;
}

describe('readSentenceTransformersSettings', () => {
  it('mean-pools with no prompts when the directory says nothing (MiniLM)', () => {
    expect(readSentenceTransformersSettings(modelDirectory({}))).toEqual({ pooling: 'mean', prompts: { query: '', document: '' } });
  });

  it("takes CLS pooling and the query and document prompts the model was trained with (bge, e5's passage)", () => {
    const bge = modelDirectory({
      '1_Pooling/config.json': '{"pooling_mode_cls_token": true, "pooling_mode_mean_tokens": false}',
      'config_sentence_transformers.json': '{"prompts": {"query": "Represent this: ", "document": ""}}',
    });
    expect(readSentenceTransformersSettings(bge)).toEqual({ pooling: 'cls', prompts: { query: 'Represent this: ', document: '' } });
    const e5 = modelDirectory({ 'config_sentence_transformers.json': '{"prompts": {"query": "query: ", "passage": "passage: "}}' });
    expect(readSentenceTransformersSettings(e5)).toEqual({ pooling: 'mean', prompts: { query: 'query: ', document: 'passage: ' } });
  });

  it('refuses a settings file it cannot read, naming it, rather than pool or prompt otherwise than the model was trained', () => {
    const directory = modelDirectory({ '1_Pooling/config.json': '{"pooling_mode_cls_token": tru' });
    expect(() => readSentenceTransformersSettings(directory)).toThrow(EmbeddingError);
    expect(() => readSentenceTransformersSettings(directory)).toThrow(
      `${join(directory, '1_Pooling', 'config.json')} is not a JSON object`,
    );
  });
});
