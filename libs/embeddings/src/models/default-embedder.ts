import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MODEL_ID, INSTALLABLE_MODELS, findInstallableModel } from './model-catalog';
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
 * search answer full-text with a warning); else another installed catalog model, in catalog order (a
 * model installed before the default changed keeps serving, not hash), with a hint; else the built-in
 * hashing embedder, with a hint.
 */
export function chooseDefaultEmbedder(modelsDirectory: string): DefaultEmbedderChoice {
  const model = findInstallableModel(DEFAULT_MODEL_ID)!;
  const installed = (id: string): boolean => existsSync(join(modelsDirectory, id));
  if (installed(model.id)) return { provider: model.provider, modelDir: join(modelsDirectory, model.id) };
  const megabytes = Math.round(model.files.reduce((sum, file) => sum + file.bytes, 0) / 1e6);
  const install = `${installCommand(model)} (${megabytes} MB, once)`;
  const other = INSTALLABLE_MODELS.find((candidate) => installed(candidate.id));
  if (other) {
    return {
      provider: other.provider,
      modelDir: join(modelsDirectory, other.id),
      hint: `semantic search uses ${other.id}, the model installed; the default, ${model.id}, answers questions in plain words better: run ${install}`,
    };
  }
  return {
    provider: 'hash',
    hint: `semantic search uses the built-in hashing embedder; for better answers to questions in plain words, run: ${install}`,
  };
}
