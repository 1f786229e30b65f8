import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddingsConfig } from '../create-embedder';
import { hashingDimensionOf } from '../hashing-embedder';
import { findInstallableModel } from './model-catalog';

/**
 * The settings that make an embedder of a model a repository was embedded with before, so its
 * vectors can answer queries until the serving model's are complete: the built-in hashing embedder
 * at its dimension, or a catalog model still installed in the models directory. Null for a model this
 * process cannot run (an OpenAI-compatible server's, a model since removed): that repository waits.
 */
export function previousModelSettings(
  modelId: string,
  modelsDirectory: string,
): Pick<EmbeddingsConfig, 'provider' | 'modelDir' | 'dimension'> | null {
  const dimension = hashingDimensionOf(modelId);
  if (dimension !== null) return { provider: 'hash', dimension };
  const model = findInstallableModel(modelId);
  const modelDir = join(modelsDirectory, modelId);
  return model && existsSync(modelDir) ? { provider: model.provider, modelDir } : null;
}
