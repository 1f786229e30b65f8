import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileUid, type SymbolRow } from '@lore/domain';
import type { ExtractionInput } from '../src/extractor';
import { languageOf } from '../src/languages';
import { readSourceFile, type SourceFile } from '../src/repository-files';
import { FIXTURES } from '../../../test/support/fixtures';

/** Test helpers shared by the indexer's specs (test-only: not part of the library or its build). */

/** The listed files of a fixture repository (test/fixtures/<repository>), read as the indexer reads them. */
export async function fixtureInput(
  repository: string,
  paths: readonly string[],
  onFile?: (path: string) => void,
): Promise<ExtractionInput> {
  const root = join(FIXTURES, repository);
  const files: SourceFile[] = [];
  for (const path of paths) {
    const outcome = readSourceFile(root, path, 1_000_000);
    if (!('file' in outcome)) throw new Error(`fixture file not readable: ${path}`);
    files.push(outcome.file);
  }
  return {
    tenantId: 't',
    repositoryId: repository,
    rootPath: root,
    files,
    fileUids: new Map(paths.map((path) => [path, fileUid('t', repository, path)])),
    onFile,
  };
}

/** An input made of in-memory files (nothing on disk is read). */
export function memoryInput(sources: Record<string, string>): ExtractionInput {
  const files: SourceFile[] = Object.entries(sources).map(([path, text]) => ({
    path,
    language: languageOf(path),
    isTest: false,
    blocked: false,
    contentHash: '',
    bytes: Buffer.byteLength(text),
    lines: text.split('\n').length,
    text,
  }));
  return {
    tenantId: 't',
    repositoryId: 'memory',
    rootPath: '/nonexistent',
    files,
    fileUids: new Map(files.map((file) => [file.path, fileUid('t', 'memory', file.path)])),
  };
}

/** A uid without its `t:<repository>:` prefix: `path#qualifiedName`. */
export function short(uid: string): string {
  return uid.slice(uid.indexOf(':', 2) + 1);
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** A repository on disk made of the given files (no git), in a fresh temporary directory named `name`. */
export function scratchRepository(files: Record<string, string | Buffer>, name = 'scratch'): string {
  const root = join(mkdtempSync(join(tmpdir(), 'lore-indexer-')), name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** A top-level TypeScript symbol row with the given fields; the rest are plain defaults. */
export function symbolRow(fields: Pick<SymbolRow, 'uid' | 'fileUid' | 'kind' | 'name' | 'qualifiedName' | 'path'>): SymbolRow {
  return {
    parentUid: null,
    nameTokens: '',
    language: 'typescript',
    signature: null,
    doc: null,
    startLine: 1,
    endLine: 1,
    exported: true,
    complexity: null,
    ...fields,
  };
}
