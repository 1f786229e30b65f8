import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { fileUid, type FileRow, type RepositorySnapshot, type SkippedFile } from '@lore/domain';
import {
  DEFAULT_TYPESCRIPT_CHECKER,
  type ExactResolution,
  type LanguageServerSettings,
  type PyrightSettings,
  type TypeScriptChecker,
} from '@lore/languages/extractor';
import { readGitInfo } from '@lore/languages/git';
import { FileResultStore } from '@lore/languages/file-result-cache';
import { isTestPath } from '@lore/languages/languages';
import { applyLoreIgnore } from './lore-ignore';
import { buildChunks } from './chunks';
import { renameExternalReferences } from '@lore/languages/external-references';
import { extractLanguages, type LanguageResolution } from './language-extraction';
import { extractDocuments, MARKDOWN_CACHE } from './markdown/markdown-documents';
import { providedPackages } from '@lore/languages/provided-packages';
import { listRepositoryFiles, readSourceFiles, resolveRepositoryRoot, type SourceFile } from '@lore/languages/repository-files';
import { SecretScanner } from './secrets/secret-scanner';
import { redactDocuments, redactSymbols, renameSymbolsNamingSecrets, scanForSecrets, secretsByPath } from './secret-redaction';
import { deriveTests } from './test-coverage';
import { runInputs } from './run-inputs';

export interface IndexProgress {
  phase: 'reading' | 'extracting';
  done: number;
  total: number;
}

export interface IndexOptions {
  tenantId: string;
  /** Defaults to the directory name. */
  repositoryId?: string;
  maxFileBytes: number;
  onProgress?: (progress: IndexProgress) => void;
  /** Where per-file results are kept between runs ("off" or absent: nowhere). */
  cacheDir?: string;
  /** How Python's exact pass runs pyright (its defaults when absent). */
  pyright?: PyrightSettings;
  /** Where the exact pass finds clangd and gopls (its defaults when absent). */
  languageServers?: LanguageServerSettings;
  /** Which checker answers TypeScript's exact pass (LORE_TYPESCRIPT_CHECKER; TypeScript 7's when absent, DEFAULT_TYPESCRIPT_CHECKER). */
  typescriptChecker?: TypeScriptChecker;
}

export interface RepositoryLocation {
  rootPath: string;
  repositoryId: string;
}

/** Checks the path (bad input is refused before anything else happens) and names the repository. */
export function locateRepository(path: string, repositoryId?: string): RepositoryLocation {
  const rootPath = resolveRepositoryRoot(path);
  return { rootPath, repositoryId: repositoryId ?? sanitizeRepositoryId(basename(rootPath)) };
}

/** A repository read from disk: its snapshot from syntax, and the way to the compiler-exact one. */
export interface RepositoryReading {
  unchanged?: false;
  /** The digest of what the snapshot is made from (see runInputs). */
  inputs: string;
  /** Symbols, files, imports, documents, and calls resolved by scope and name: queryable as it is. */
  snapshot: RepositorySnapshot;
  /**
   * The same snapshot with calls, inheritance and tests resolved again by a compiler (TypeScript's
   * checker); null when no language of the repository has one. Call it once: it releases the trees.
   */
  resolveExactly: (() => Promise<RepositorySnapshot>) | null;
}

/** A repository whose inputs are those of the graph's last complete run (see readRepositoryIfChanged): its files were read and hashed, nothing else was done. */
export interface UnchangedReading {
  unchanged: true;
  inputs: string;
  commitSha: string;
}

/** Reads a repository from disk into a snapshot of graph rows, exact where a compiler allows. Writes nothing. */
export async function indexRepository(path: string, options: IndexOptions): Promise<RepositorySnapshot> {
  const reading = await readRepository(path, options);
  return reading.resolveExactly ? reading.resolveExactly() : reading.snapshot;
}

/** Reads a repository from disk in two steps (see RepositoryReading). Writes nothing. */
export async function readRepository(path: string, options: IndexOptions): Promise<RepositoryReading> {
  return (await readRepositoryIfChanged(path, options, async () => false)) as RepositoryReading;
}

/**
 * As readRepository, but once the files are read and hashed, asks `alreadyIndexed` whether the graph
 * holds, complete, the snapshot of these inputs (see runInputs): then nothing is extracted, resolved
 * or kept, and the reading says it is unchanged. Writes nothing.
 */
export async function readRepositoryIfChanged(
  path: string,
  options: IndexOptions,
  alreadyIndexed: (inputs: string) => Promise<boolean>,
): Promise<RepositoryReading | UnchangedReading> {
  const { rootPath, repositoryId } = locateRepository(path, options.repositoryId);
  // Started now, the secret scanner's worker loads its rules while the files are listed and read. One
  // per run, closed when its findings are in: an idle process holds no thread.
  const scanner = new SecretScanner();
  const [gitInfo, listed] = await Promise.all([readGitInfo(rootPath), listRepositoryFiles(rootPath)]).catch((error: unknown) => {
    void scanner.close();
    throw error;
  });
  const { paths, skipped: ignored } = applyLoreIgnore(rootPath, listed);
  const { files, readable, skipped } = await readFiles(rootPath, paths, options, repositoryId);
  const commitSha = gitInfo?.head ?? workingTreeDigest(files);
  const inputs = runInputs({
    tenantId: options.tenantId,
    repositoryId,
    rootPath,
    gitInfo,
    files,
    skipped: [...ignored, ...skipped],
    settings: {
      maxFileBytes: options.maxFileBytes,
      pyright: options.pyright ?? null,
      languageServers: options.languageServers ?? null,
      typescriptChecker: options.typescriptChecker ?? DEFAULT_TYPESCRIPT_CHECKER,
    },
    languageServersDirectory: options.languageServers?.directory,
  });
  const known = await alreadyIndexed(inputs).catch((error: unknown) => {
    void scanner.close();
    throw error;
  });
  if (known) {
    void scanner.close();
    return { unchanged: true, inputs, commitSha };
  }
  const fileUids = new Map(files.map((file) => [file.path, file.uid]));
  const kept = FileResultStore.open(options.cacheDir, options.tenantId, repositoryId);
  // Secrets are looked for in a worker while the extractors parse.
  const secretScan = scanForSecrets(scanner, readable, kept);
  const extraction = await extractLanguages({
    tenantId: options.tenantId,
    repositoryId,
    rootPath,
    files: readable,
    fileUids,
    kept,
    pyright: options.pyright,
    languageServers: options.languageServers,
    typescriptChecker: options.typescriptChecker,
    onExtracted: (done, total) => options.onProgress?.({ phase: 'extracting', done, total }),
  });
  const secrets = secretsByPath(await secretScan, readable);
  const secretValues = [...secrets.values()].flatMap((found) => found.map(({ value }) => value));
  redactSymbols(extraction.symbols, secrets);
  const named = renameSymbolsNamingSecrets(extraction.symbols, secrets);
  const renamed = named.symbols !== extraction.symbols ? named.uidOf : null;
  const documents = redactDocuments(
    extractDocuments({
      tenantId: options.tenantId,
      repositoryId,
      files: readable.filter((source) => source.language === 'markdown'),
      fileUids,
      symbols: named.symbols,
      cache: kept.scope(MARKDOWN_CACHE),
    }),
    secrets,
  );
  const snapshot: RepositorySnapshot = {
    tenantId: options.tenantId,
    repositoryId,
    rootPath,
    commitSha,
    defaultBranch: gitInfo?.branch ?? null,
    url: gitInfo?.remoteUrl ?? null,
    gitPrefix: gitInfo ? gitInfo.prefix : null,
    files,
    symbols: named.symbols,
    calls: [],
    imports: extraction.imports,
    inheritance: [],
    tests: [],
    ...documents,
    skipped: [...ignored, ...skipped, ...extraction.skipped].sort((a, b) => a.path.localeCompare(b.path)),
    languageServers: [],
    chunks: buildChunks({
      symbols: named.symbols,
      documents: documents.documents,
      sections: documents.sections,
      texts: new Map(readable.map((source) => [source.path, source.text!])),
      secrets,
    }),
    secretsFound: [...secrets.values()].reduce((sum, found) => sum + found.length, 0),
    packages: providedPackages(readable),
    externalReferences: renamed ? renameExternalReferences(extraction.externalReferences, renamed) : extraction.externalReferences,
  };
  return {
    inputs,
    ...twoStepReading(
      (chosen) => snapshotWith(snapshot, chosen, renamed),
      extraction.resolutions,
      () => kept.save(secretValues),
    ),
  };
}

/**
 * The snapshot with the syntactic resolutions, and the way to the exact one. The results kept on disk
 * are saved after redaction (what is kept is what the graph stores), and, when a second pass follows,
 * after it, with its answers: a run that stops before only costs the next run a re-read.
 */
function twoStepReading(
  snapshotOf: (chosen: readonly ExactResolution[]) => RepositorySnapshot,
  resolutions: LanguageResolution[],
  saveKept: () => void,
): Omit<RepositoryReading, 'inputs'> {
  const exactPasses = resolutions.filter((resolution) => resolution.resolveExactly);
  if (exactPasses.length === 0) saveKept();
  return {
    snapshot: snapshotOf(resolutions),
    resolveExactly:
      exactPasses.length === 0
        ? null
        : async () => {
            const exact: ExactResolution[] = [];
            for (const resolution of resolutions) {
              exact.push(resolution.resolveExactly ? await resolution.resolveExactly() : resolution);
              // The syntax trees and the checker are the largest things held: this reading lets them go
              // (an extractor may keep them for the next run, see warm-program.ts).
              delete resolution.resolveExactly;
            }
            saveKept();
            return snapshotOf(exact);
          },
  };
}

/** The repository's files read from disk (reported as `reading` progress): a row for each, the readable ones, the skipped. */
async function readFiles(
  rootPath: string,
  paths: string[],
  options: IndexOptions,
  repositoryId: string,
): Promise<{ files: FileRow[]; readable: SourceFile[]; skipped: SkippedFile[] }> {
  const sources: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  const outcomes = await readSourceFiles(rootPath, paths, options.maxFileBytes, (done) =>
    options.onProgress?.({ phase: 'reading', done, total: paths.length }),
  );
  for (const outcome of outcomes) {
    if ('file' in outcome) sources.push(outcome.file);
    else skipped.push(outcome.skipped);
  }
  const files: FileRow[] = sources.map((source) => ({
    uid: fileUid(options.tenantId, repositoryId, source.path),
    path: source.path,
    language: source.language,
    contentHash: source.contentHash,
    lines: source.lines,
    bytes: source.bytes,
    isTest: source.isTest,
    blocked: source.blocked,
  }));
  return { files, readable: sources.filter((source) => source.text !== null), skipped };
}

/**
 * The snapshot with the calls and inheritance of the resolutions chosen (syntactic or exact), under
 * the uids symbols have after redaction (`renamed`, when any symbol was renamed), and the tests they derive.
 */
function snapshotWith(
  snapshot: RepositorySnapshot,
  chosen: readonly ExactResolution[],
  renamed: ((uid: string) => string) | null,
): RepositorySnapshot {
  let calls = chosen.flatMap((resolution) => resolution.calls);
  let inheritance = chosen.flatMap((resolution) => resolution.inheritance);
  if (renamed) {
    calls = calls.map((call) => ({ ...call, callerUid: renamed(call.callerUid), calleeUid: renamed(call.calleeUid) }));
    inheritance = inheritance.map((row) => ({ ...row, fromUid: renamed(row.fromUid), toUid: renamed(row.toUid) }));
  }
  const exactSkips = chosen.flatMap((resolution) => resolution.skipped);
  return {
    ...snapshot,
    calls,
    inheritance,
    tests: deriveTests(snapshot.symbols, calls, isTestPath),
    languageServers: chosen.flatMap((resolution) => resolution.languageServers ?? []),
    skipped: exactSkips.length === 0 ? snapshot.skipped : [...snapshot.skipped, ...exactSkips].sort((a, b) => a.path.localeCompare(b.path)),
  };
}

/** Outside git there is no commit: name the snapshot by its content instead. */
function workingTreeDigest(files: FileRow[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.path}\0${file.contentHash}\n`);
  return hash.digest('hex').slice(0, 40);
}

/** A directory or URL name as a repository id (letters, digits, dot, dash, underscore). */
export function sanitizeRepositoryId(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return cleaned || 'repository';
}
