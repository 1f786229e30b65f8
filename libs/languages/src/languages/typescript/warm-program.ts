import { statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ModuleSurface } from './module-surface';

/** What the checker answered for one call site: a repository symbol, something outside, or nothing. */
export type Resolution = { kind: 'repository'; uid: string } | { kind: 'external' } | { kind: 'unknown' };

/** What the exact pass answered for one file, as data: what a later run (or process, through the cache) takes again. */
export interface FileAnswers<Site, Heritage> {
  /** Module specifiers the file's types may come through (imports, import types, references). */
  specifiers: string[];
  /** The repository files they named when the file was last resolved. */
  dependencies: string[];
  /** A script, `declare global` or `declare module`: its declarations reach files that never import it. */
  global: boolean;
  /** What the file shows its importers: the next run tells from it which names an edit changed. */
  surface: ModuleSurface;
  sites: Site[];
  heritage: Heritage[];
}

/** One file as the last exact pass in this process left it: its tree, and its answers about that tree. */
export interface WarmFile<Site, Heritage> {
  contentHash: string;
  /** The tree the program held. */
  sourceFile: ts.SourceFile;
  answers: FileAnswers<Site, Heritage>;
}

/**
 * The last exact pass of one repository in this process, kept for the next (`lore index --watch`,
 * `lore up`, the bench): its trees, which the next program takes as they are where the files did not
 * change (parsed and bound once, as a language server shares them between programs), and each file's
 * answers. Not the program: its checker's caches are most of its memory (on zod, 1.05 GB of heap
 * after a run against 0.35 GB for the trees), and a new checker over bound trees is as fast. A file's
 * answers are taken again only when a change reaches a name it mentions (see module-surface.ts): the
 * checker's answer at a call site depends on the declarations reachable through the file's imports,
 * nothing else, unless a changed file declares globals, in which case everything is resolved again.
 * So a program holds only what the files to resolve again reach; the trees of the others stay kept.
 */
export interface WarmProgram<Site, Heritage> {
  key: string;
  /** Trees of the standard library and installed packages, by file name. */
  outside: Map<string, ts.SourceFile>;
  files: Map<string, WarmFile<Site, Heritage>>;
}

/** Everything that, changed, makes the kept program useless: the repository, its compiler options, its installed packages. */
export function warmKey(parts: { tenantId: string; repositoryId: string; rootPath: string; options: ts.CompilerOptions }): string {
  // Installing packages rewrites these; types from node_modules are otherwise taken as unchanged.
  const installs = [
    'node_modules/.package-lock.json',
    'node_modules/.modules.yaml',
    'node_modules/.yarn-state.yml',
    'node_modules/.yarn-integrity',
  ]
    .map((path) => statSync(join(parts.rootPath, path), { throwIfNoEntry: false })?.mtimeMs ?? 0)
    .join(',');
  return JSON.stringify([parts.tenantId, parts.repositoryId, parts.rootPath, parts.options, installs]);
}

/** Whether a file's declarations can reach files that do not import it. */
export function declaresGlobals(sourceFile: ts.SourceFile): boolean {
  if (!ts.isExternalModule(sourceFile)) return true;
  return sourceFile.statements.some(
    (statement) =>
      ts.isModuleDeclaration(statement) &&
      ((statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0 || ts.isStringLiteral(statement.name)),
  );
}

/**
 * Module specifiers a file's types can come through beyond its import statements: `import('x')` in
 * code, in types and in JSDoc (read from the text, so JSDoc counts), and `/// <reference path>`.
 */
export function typeSpecifiers(sourceFile: ts.SourceFile): string[] {
  const found = new Set<string>();
  for (const match of sourceFile.text.matchAll(/\bimport\s*\(\s*(['"])([^'"\n]+)\1/g)) found.add(match[2]!);
  for (const reference of sourceFile.referencedFiles)
    found.add(reference.fileName.startsWith('.') ? reference.fileName : `./${reference.fileName}`);
  return [...found];
}
