import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MODEL_ID, findInstallableModel } from './model-catalog';
import { installCommand } from './model-store';

export interface DefaultEmbedderChoice {
  provider: 'hash' | 'onnx' | 'static';
  modelDir?: string;
  /** One line for the operator when the default model is not installed. */
  hint?: string;
}

/**
 * The embedder used when none is configured: the default model when it is installed in the models
 * directory (its files are checked against their checksums when it loads; a broken install makes
 * search answer full-text with a warning), else the built-in hashing embedder, with a hint.
 */
export function chooseDefaultEmbedder(modelsDirectory: string): DefaultEmbedderChoice {
  const model = findInstallableModel(DEFAULT_MODEL_ID)!;
  const modelDir = join(modelsDirectory, model.id);
  if (existsSync(modelDir)) return { provider: model.provider, modelDir };
  const megabytes = Math.round(model.files.reduce((sum, file) => sum + file.bytes, 0) / 1e6);
  return {
    provider: 'hash',
    hint: `semantic search uses the built-in hashing embedder; for better answers to questions in plain words, run: ${installCommand(model)} (${megabytes} MB, once)`,
  };
}
