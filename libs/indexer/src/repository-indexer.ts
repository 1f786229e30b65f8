import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { FileRow, RepositorySnapshot, SkippedFile } from '@lore/domain';
import { readGitInfo } from './git';
import { fileUid } from './identifiers';
import { isScriptLanguage } from './languages';
import { listRepositoryFiles, readSourceFile, resolveRepositoryRoot, type SourceFile } from './repository-files';
import { extractScripts } from './typescript/typescript-extractor';

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

/** Reads a repository from disk into a snapshot of graph rows. Writes nothing. */
export async function indexRepository(path: string, options: IndexOptions): Promise<RepositorySnapshot> {
  const rootPath = resolveRepositoryRoot(path);
  const repositoryId = options.repositoryId ?? sanitizeRepositoryId(basename(rootPath));
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
  const scripts = sources.filter((source) => isScriptLanguage(source.language) && source.text !== null);
  let extracted = 0;
  const extraction = extractScripts({
    tenantId: options.tenantId,
    repositoryId,
    rootPath,
    files: scripts,
    fileUids: new Map(files.map((file) => [file.path, file.uid])),
    onFile: () => options.onProgress?.({ phase: 'extracting', done: ++extracted, total: scripts.length }),
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
    symbols: extraction.symbols,
    calls: extraction.calls,
    imports: extraction.imports,
    skipped: [...skipped, ...extraction.skipped].sort((a, b) => a.path.localeCompare(b.path)),
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
