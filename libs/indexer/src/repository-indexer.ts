import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { CallRow, FileRow, ImportRow, InheritanceRow, RepositorySnapshot, SkippedFile, SymbolRow } from '@lore/domain';
import type { LanguageExtractor } from './extractor';
import { readGitInfo } from './git';
import { fileUid } from './identifiers';
import { isTestPath } from './languages';
import { buildChunks } from './chunks';
import { extractDocuments } from './markdown/markdown-documents';
import { listRepositoryFiles, readSourceFile, resolveRepositoryRoot, type SourceFile } from './repository-files';
import { SecretScanner, redactSecrets, type SecretFinding } from './secrets/secret-scanner';
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
}

const READ_CONCURRENCY = 16;

export interface RepositoryLocation {
  rootPath: string;
  repositoryId: string;
}

/** Checks the path (bad input is refused before anything else happens) and names the repository. */
export function locateRepository(path: string, repositoryId?: string): RepositoryLocation {
  const rootPath = resolveRepositoryRoot(path);
  return { rootPath, repositoryId: repositoryId ?? sanitizeRepositoryId(basename(rootPath)) };
}

/** Reads a repository from disk into a snapshot of graph rows. Writes nothing. */
export async function indexRepository(path: string, options: IndexOptions): Promise<RepositorySnapshot> {
  const { rootPath, repositoryId } = locateRepository(path, options.repositoryId);
  const gitInfo = await readGitInfo(rootPath);
  const paths = await listRepositoryFiles(rootPath);

  const sources: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  let done = 0;
  for (let start = 0; start < paths.length; start += READ_CONCURRENCY) {
    const outcomes = await Promise.all(
      paths.slice(start, start + READ_CONCURRENCY).map((p) => readSourceFile(rootPath, p, options.maxFileBytes)),
    );
    for (const outcome of outcomes) {
      if ('file' in outcome) sources.push(outcome.file);
      else skipped.push(outcome.skipped);
    }
    done += outcomes.length;
    options.onProgress?.({ phase: 'reading', done, total: paths.length });
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
  // Secrets are looked for in a worker while the extractors parse.
  const scanner = new SecretScanner();
  const secretScan = scanner.scan(readable.map((source) => ({ path: source.path, text: source.text! }))).finally(() => scanner.close());
  const total = readable.filter((source) => EXTRACTORS.some((extractor) => extractor.languages.includes(source.language))).length;
  let extracted = 0;
  const symbols: SymbolRow[] = [];
  const calls: CallRow[] = [];
  const imports: ImportRow[] = [];
  const inheritance: InheritanceRow[] = [];
  const extractionSkips: SkippedFile[] = [];
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
    });
    symbols.push(...extraction.symbols);
    calls.push(...extraction.calls);
    imports.push(...extraction.imports);
    inheritance.push(...extraction.inheritance);
    extractionSkips.push(...extraction.skipped);
  }
  const secrets = secretsByPath(await secretScan, readable);
  redactSymbols(symbols, secrets);
  const documents = extractDocuments({
    tenantId: options.tenantId,
    repositoryId,
    files: readable.filter((source) => source.language === 'markdown'),
    fileUids,
    symbols,
  });

  return {
    tenantId: options.tenantId,
    repositoryId,
    rootPath,
    commitSha: gitInfo?.head ?? workingTreeDigest(files),
    defaultBranch: gitInfo?.branch ?? null,
    url: gitInfo?.remoteUrl ?? null,
    gitPrefix: gitInfo ? gitInfo.prefix : null,
    files,
    symbols,
    calls,
    imports,
    inheritance,
    tests: deriveTests(symbols, calls, isTestPath),
    ...documents,
    skipped: [...skipped, ...extractionSkips].sort((a, b) => a.path.localeCompare(b.path)),
    chunks: buildChunks({
      symbols,
      documents: documents.documents,
      sections: documents.sections,
      texts: new Map(readable.map((source) => [source.path, source.text!])),
      secrets,
    }),
    secretsFound: [...secrets.values()].reduce((sum, found) => sum + found.length, 0),
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
