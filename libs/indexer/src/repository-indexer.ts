import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { fileUid, type FileRow, type ImportRow, type RepositorySnapshot, type SkippedFile, type SymbolRow } from '@lore/domain';
import type { ExactResolution, LanguageExtractor } from './extractor';
import { readGitInfo } from './git';
import { FileResultStore } from './file-result-cache';
import { nameTokens } from './identifiers';
import { isTestPath } from './languages';
import { buildChunks } from './chunks';
import { type Documents, extractDocuments, MARKDOWN_CACHE } from './markdown/markdown-documents';
import { listRepositoryFiles, readSourceFiles, resolveRepositoryRoot, type SourceFile } from './repository-files';
import { SECRET_RULES_VERSION, SecretScanner, redactSecrets, type SecretFinding } from './secrets/secret-scanner';
import { deriveTests } from './test-coverage';
import { GoExtractor } from './go/go-extractor';
import { JavaExtractor } from './java/java-extractor';
import { PythonExtractor } from './python/python-extractor';
import { TypeScriptExtractor } from './typescript/typescript-extractor';

/** One extractor per language family; a file of another language is recorded but not extracted. */
const EXTRACTORS: readonly LanguageExtractor[] = [new TypeScriptExtractor(), new PythonExtractor(), new JavaExtractor(), new GoExtractor()];

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
  /** Symbols, files, imports, documents, and calls resolved by scope and name: queryable as it is. */
  snapshot: RepositorySnapshot;
  /**
   * The same snapshot with calls, inheritance and tests resolved again by a compiler (TypeScript's
   * checker); null when no language of the repository has one. Call it once: it releases the trees.
   */
  resolveExactly: (() => Promise<RepositorySnapshot>) | null;
}

/** Reads a repository from disk into a snapshot of graph rows, exact where a compiler allows. Writes nothing. */
export async function indexRepository(path: string, options: IndexOptions): Promise<RepositorySnapshot> {
  const reading = await readRepository(path, options);
  return reading.resolveExactly ? reading.resolveExactly() : reading.snapshot;
}

/** Reads a repository from disk in two steps (see RepositoryReading). Writes nothing. */
export async function readRepository(path: string, options: IndexOptions): Promise<RepositoryReading> {
  const { rootPath, repositoryId } = locateRepository(path, options.repositoryId);
  // Started now, the secret scanner's worker loads its rules while the files are listed and read. One
  // per run, closed when its findings are in: an idle process holds no thread.
  const scanner = new SecretScanner();
  const [gitInfo, paths] = await Promise.all([readGitInfo(rootPath), listRepositoryFiles(rootPath)]).catch((error: unknown) => {
    void scanner.close();
    throw error;
  });

  const sources: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  const outcomes = await readSourceFiles(rootPath, paths, options.maxFileBytes, (done) =>
    options.onProgress?.({ phase: 'reading', done, total: paths.length }),
  );
  for (const outcome of outcomes) {
    if ('file' in outcome) sources.push(outcome.file);
    else skipped.push(outcome.skipped);
  }

  const uidOf = (filePath: string): string => fileUid(options.tenantId, repositoryId, filePath);
  const files: FileRow[] = sources.map((source) => ({
    uid: uidOf(source.path),
    path: source.path,
    language: source.language,
    contentHash: source.contentHash,
    lines: source.lines,
    bytes: source.bytes,
    isTest: source.isTest,
    blocked: source.blocked,
  }));
  const fileUids = new Map(files.map((file) => [file.path, file.uid]));
  const readable = sources.filter((source) => source.text !== null);
  const kept = FileResultStore.open(options.cacheDir, options.tenantId, repositoryId);
  // Secrets are looked for in a worker while the extractors parse; a file scanned before, with the
  // same content and rules, is not scanned again (what is kept is where the secrets are, never what).
  const keptFindings = kept.scope(`secrets@${SECRET_RULES_VERSION}`);
  const knownFindings: SecretFinding[] = [];
  const toScan: SourceFile[] = [];
  for (const source of readable) {
    const found = keptFindings.get(source.path, source.contentHash) as SecretFinding[] | undefined;
    if (found) knownFindings.push(...found);
    else toScan.push(source);
  }
  const secretScan = scanner
    .scan(toScan.map((source) => ({ path: source.path, text: source.text! })))
    .then((findings) => {
      const byPath = new Map<string, SecretFinding[]>();
      for (const finding of findings) byPath.set(finding.path, [...(byPath.get(finding.path) ?? []), finding]);
      for (const source of toScan) keptFindings.set(source.path, source.contentHash, byPath.get(source.path) ?? []);
      return [...knownFindings, ...findings];
    })
    .finally(() => scanner.close());
  const total = readable.filter((source) => EXTRACTORS.some((extractor) => extractor.languages.includes(source.language))).length;
  let extracted = 0;
  const symbols: SymbolRow[] = [];
  const imports: ImportRow[] = [];
  const extractionSkips: SkippedFile[] = [];
  // Calls and inheritance per extractor, so an exact pass can replace its own.
  const resolutions: (ExactResolution & { resolveExactly?: () => Promise<ExactResolution> })[] = [];
  for (const extractor of EXTRACTORS) {
    const languageFiles = readable.filter((source) => extractor.languages.includes(source.language));
    if (languageFiles.length === 0) continue;
    const extraction = await extractor.extract({
      tenantId: options.tenantId,
      repositoryId,
      rootPath,
      files: languageFiles,
      fileUids,
      onFile: () => options.onProgress?.({ phase: 'extracting', done: ++extracted, total }),
      cache: (namespace) => kept.scope(namespace),
    });
    symbols.push(...extraction.symbols);
    imports.push(...extraction.imports);
    extractionSkips.push(...extraction.skipped);
    resolutions.push({
      calls: extraction.calls,
      inheritance: extraction.inheritance,
      skipped: [],
      resolveExactly: extraction.resolveExactly,
    });
  }
  const secrets = secretsByPath(await secretScan, readable);
  const secretValues = [...secrets.values()].flatMap((found) => found.map(({ value }) => value));
  redactSymbols(symbols, secrets);
  const { symbols: namedSymbols, uidOf: symbolUidNow } = renameSymbolsNamingSecrets(symbols, secrets);
  const documents = redactDocuments(
    extractDocuments({
      tenantId: options.tenantId,
      repositoryId,
      files: readable.filter((source) => source.language === 'markdown'),
      fileUids,
      symbols: namedSymbols,
      cache: kept.scope(MARKDOWN_CACHE),
    }),
    secrets,
  );

  const withResolutions = (chosen: readonly ExactResolution[]): RepositorySnapshot => {
    let calls = chosen.flatMap((resolution) => resolution.calls);
    let inheritance = chosen.flatMap((resolution) => resolution.inheritance);
    if (namedSymbols !== symbols) {
      calls = calls.map((call) => ({ ...call, callerUid: symbolUidNow(call.callerUid), calleeUid: symbolUidNow(call.calleeUid) }));
      inheritance = inheritance.map((row) => ({ ...row, fromUid: symbolUidNow(row.fromUid), toUid: symbolUidNow(row.toUid) }));
    }
    const exactSkips = chosen.flatMap((resolution) => resolution.skipped);
    return {
      ...snapshot,
      calls,
      inheritance,
      tests: deriveTests(namedSymbols, calls, isTestPath),
      skipped:
        exactSkips.length === 0 ? snapshot.skipped : [...snapshot.skipped, ...exactSkips].sort((a, b) => a.path.localeCompare(b.path)),
    };
  };
  const snapshot: RepositorySnapshot = {
    tenantId: options.tenantId,
    repositoryId,
    rootPath,
    commitSha: gitInfo?.head ?? workingTreeDigest(files),
    defaultBranch: gitInfo?.branch ?? null,
    url: gitInfo?.remoteUrl ?? null,
    gitPrefix: gitInfo ? gitInfo.prefix : null,
    files,
    symbols: namedSymbols,
    calls: [],
    imports,
    inheritance: [],
    tests: [],
    ...documents,
    skipped: [...skipped, ...extractionSkips].sort((a, b) => a.path.localeCompare(b.path)),
    chunks: buildChunks({
      symbols: namedSymbols,
      documents: documents.documents,
      sections: documents.sections,
      texts: new Map(readable.map((source) => [source.path, source.text!])),
      secrets,
    }),
    secretsFound: [...secrets.values()].reduce((sum, found) => sum + found.length, 0),
  };
  const exactPasses = resolutions.filter((resolution) => resolution.resolveExactly);
  // After redaction (what is kept on disk is what the graph stores), and, when a second pass follows,
  // after it, with its answers: a run that stops before only costs the next run a re-read.
  if (exactPasses.length === 0) kept.save(secretValues);
  return {
    snapshot: withResolutions(resolutions),
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
            kept.save(secretValues);
            return withResolutions(exact);
          },
  };
}

/** Each secret found, as the text to take out, by path. */
function secretsByPath(findings: readonly SecretFinding[], sources: readonly SourceFile[]): Map<string, { value: string; rule: string }[]> {
  const texts = new Map(sources.map((source) => [source.path, source.text!]));
  const byPath = new Map<string, { value: string; rule: string }[]>();
  for (const finding of findings) {
    const value = texts.get(finding.path)!.slice(finding.start, finding.end);
    byPath.set(finding.path, [...(byPath.get(finding.path) ?? []), { value, rule: finding.rule }]);
  }
  return byPath;
}

/** No stored snippet (signature, doc comment) keeps a secret found in its file. */
function redactSymbols(symbols: SymbolRow[], secrets: ReadonlyMap<string, { value: string; rule: string }[]>): void {
  for (const symbol of symbols) {
    const found = secrets.get(symbol.path);
    if (!found) continue;
    if (symbol.signature !== null) symbol.signature = redactSecrets(symbol.signature, found);
    if (symbol.doc !== null) symbol.doc = redactSecrets(symbol.doc, found);
  }
}

/**
 * A symbol whose name holds a secret found in its file (a test's title: `it('accepts ghp_…')`, and
 * what is nested in it) is named with the secret redacted, and its uid made the same way: uids are
 * stored and served too. New rows for those (the rows the first pass cached stay as the extractor made
 * them; FileResultStore.save keeps no entry holding a secret), and the uid each symbol now has.
 */
function renameSymbolsNamingSecrets(
  symbols: SymbolRow[],
  secrets: ReadonlyMap<string, { value: string; rule: string }[]>,
): { symbols: SymbolRow[]; uidOf: (uid: string) => string } {
  const renamed = new Map<string, string>();
  const taken = new Set(symbols.map((symbol) => symbol.uid));
  for (const symbol of symbols) {
    const found = secrets.get(symbol.path);
    if (!found?.some(({ value }) => symbol.uid.includes(value))) continue;
    let uid = redactSecrets(symbol.uid, found);
    // Two titles that differ only in their secret: the second gets a suffix, as clashing names do.
    for (let n = 2; taken.has(uid); n++) uid = `${redactSecrets(symbol.uid, found)}~${n}`;
    taken.add(uid);
    renamed.set(symbol.uid, uid);
  }
  if (renamed.size === 0) return { symbols, uidOf: (uid) => uid };
  const uidOf = (uid: string): string => renamed.get(uid) ?? uid;
  return {
    symbols: symbols.map((symbol) => {
      if (!renamed.has(symbol.uid) && !(symbol.parentUid && renamed.has(symbol.parentUid))) return symbol;
      const found = secrets.get(symbol.path)!;
      const name = redactSecrets(symbol.name, found);
      const qualifiedName = redactSecrets(symbol.qualifiedName, found);
      return {
        ...symbol,
        uid: uidOf(symbol.uid),
        parentUid: symbol.parentUid && uidOf(symbol.parentUid),
        name,
        qualifiedName,
        nameTokens: nameTokens(name, qualifiedName),
      };
    }),
    uidOf,
  };
}

/** No document or section title (a heading's text) keeps a secret found in its file. New rows: the readings are memoized. */
function redactDocuments(documents: Documents, secrets: ReadonlyMap<string, { value: string; rule: string }[]>): Documents {
  if (secrets.size === 0) return documents;
  const pathOf = new Map(documents.documents.map((document) => [document.uid, document.path]));
  const redact = <Row extends { title: string }>(row: Row, path: string): Row => {
    const found = secrets.get(path);
    return found ? { ...row, title: redactSecrets(row.title, found) } : row;
  };
  return {
    ...documents,
    documents: documents.documents.map((document) => redact(document, document.path)),
    sections: documents.sections.map((section) => redact(section, pathOf.get(section.documentUid)!)),
  };
}

/** Outside git there is no commit: name the snapshot by its content instead. */
function workingTreeDigest(files: FileRow[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.path}\0${file.contentHash}\n`);
  return hash.digest('hex').slice(0, 40);
}

function sanitizeRepositoryId(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return cleaned || 'repository';
}
