import type { ProjectFileRecord } from '@lore/graph';
import type { ProjectEntry, ProjectStructure } from '@lore/domain/schemas/structure';
import { posix } from 'node:path';
import { Minimatch } from 'minimatch';

/** Glob options: a pattern without '/' matches a file name anywhere (*.go), dot files are files like any other. */
const GLOB_OPTIONS = { matchBase: true, dot: true } as const;

/** Whether a file's path passes the include globs (none: every file) and none of the exclude globs. */
export function globFilter(include: readonly string[], exclude: readonly string[]): (file: { path: string }) => boolean {
  const included = include.map((pattern) => new Minimatch(pattern, GLOB_OPTIONS));
  const excluded = exclude.map((pattern) => new Minimatch(pattern, GLOB_OPTIONS));
  return ({ path }) => (included.length === 0 || included.some((glob) => glob.match(path))) && !excluded.some((glob) => glob.match(path));
}

/**
 * Every file below `prefix` ('' or a directory without its trailing '/') and every directory holding
 * one, in tree order; a directory's sizes, lines, symbols and files are the sums over the files below it.
 */
export function treeOf(files: readonly ProjectFileRecord[], prefix: string): ProjectEntry[] {
  const base = prefix === '' ? 0 : prefix.split('/').length;
  const directories = new Map<string, ProjectEntry>();
  const entries: ProjectEntry[] = [];
  for (const file of files) {
    const parts = file.path.split('/');
    for (let depth = 1; base + depth < parts.length; depth++) {
      const path = parts.slice(0, base + depth).join('/');
      let directory = directories.get(path);
      if (!directory) {
        directory = { path, kind: 'directory', depth, language: null, bytes: 0, lines: 0, symbols: 0, files: 0, blocked: false };
        directories.set(path, directory);
        entries.push(directory);
      }
      directory.bytes += file.bytes;
      directory.lines += file.lines;
      directory.symbols += file.symbols;
      directory.files += 1;
    }
    entries.push({
      path: file.path,
      kind: 'file',
      depth: parts.length - base,
      language: file.language,
      bytes: file.bytes,
      lines: file.lines,
      symbols: file.symbols,
      files: 1,
      blocked: file.blocked,
    });
  }
  return entries.sort((a, b) => inTreeOrder(a.path, b.path));
}

/** A page's entries as the CodeDoc server lists them; `modified` is when the snapshot was indexed (the graph keeps no per-file time). */
export function codeDocStructureOf(entries: readonly ProjectEntry[], indexedAt: string): ProjectStructure['structure'] {
  return {
    directories: entries.filter((entry) => entry.kind === 'directory').map((entry) => entry.path),
    files: entries
      .filter((entry) => entry.kind === 'file')
      .map((entry) => ({ path: entry.path, size: entry.bytes, modified: indexedAt, extension: posix.extname(entry.path) })),
  };
}

/** Totals over the files and directories of a tree, and the entries its pages hold. */
export function summaryOf(tree: readonly ProjectEntry[], listed: number): ProjectStructure['summary'] {
  const files = tree.filter((entry) => entry.kind === 'file');
  const byLanguage = new Map<string, number>();
  for (const file of files) byLanguage.set(file.language!, (byLanguage.get(file.language!) ?? 0) + 1);
  // extname: with its dot, '' for README, Makefile or .gitignore. Keys sorted, so equal trees answer equal JSON.
  const byExtension = new Map<string, number>();
  for (const file of files) byExtension.set(posix.extname(file.path), (byExtension.get(posix.extname(file.path)) ?? 0) + 1);
  return {
    entries: listed,
    files: files.length,
    directories: tree.length - files.length,
    total_files: files.length,
    total_directories: tree.length - files.length,
    file_types: Object.fromEntries([...byExtension].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    bytes: sum(files, 'bytes'),
    lines: sum(files, 'lines'),
    symbols: sum(files, 'symbols'),
    languages: [...byLanguage]
      .map(([language, count]) => ({ language, files: count }))
      .sort((a, b) => b.files - a.files || (a.language < b.language ? -1 : 1)),
  };
}

/** Paths compared part by part, each by code points: a directory comes right before what it holds. */
export function inTreeOrder(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1;
  }
  return left.length - right.length;
}

function sum(entries: readonly ProjectEntry[], field: 'bytes' | 'lines' | 'symbols'): number {
  return entries.reduce((total, entry) => total + entry[field], 0);
}
