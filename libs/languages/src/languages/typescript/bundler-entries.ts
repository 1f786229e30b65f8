// A package's bundler configuration read statically: which source file each built file is made from.
import { posix } from 'node:path';
import { minimatch } from 'minimatch';
import type ts from 'typescript';
import { typescript } from './compiler';

/** The configuration files of the bundlers whose `entry` is read: tsdown, tsup, rollup, vite, unbuild. */
export const BUNDLER_CONFIGS = /^(tsdown|tsup|rollup|vite|build)\.config\.[cm]?[jt]s$/;
const ENTRY_KEYS = new Set(['entry', 'entries', 'input']);
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** What one bundler configuration builds: each output's stem under its out directory, with its source file. */
export interface BundlerEntries {
  /** The out directory, relative to the package ('dist' unless the config says otherwise). */
  outDir: string;
  /** The source file (a repository path) by output stem: `{ 'exports/index': 'src/exports/index.ts' }` → `exports/index`. */
  sources: Map<string, string>;
}

/**
 * The entries of a bundler configuration, read from its syntax, never run: an `entry` (`entries`,
 * `input`) that is a string, an array of strings (unbuild's `{ input }` objects too) or an object of
 * strings, wherever it stands in the exported object (`defineConfig({ … })`, an array of configs,
 * vite's `build.lib`). An array's outputs are named by their path under the entries' common
 * directory, as esbuild and rolldown name them; an object's by its keys. Anything computed (a
 * variable, a call, a spread) is not guessed: the reason is returned instead.
 */
export function readBundlerEntries(
  configPath: string,
  text: string,
  paths: ReadonlySet<string>,
): { entries: BundlerEntries | null; problem: string | null } {
  const compiler = typescript();
  const dir = posix.dirname(configPath) === '.' ? '' : posix.dirname(configPath);
  const sourceFile = compiler.createSourceFile(configPath, text, compiler.ScriptTarget.Latest, true);
  const entryValues: ts.Expression[] = [];
  let outDir = 'dist';
  const visit = (node: ts.Node): void => {
    if (compiler.isPropertyAssignment(node) && propertyName(node.name) !== null) {
      const name = propertyName(node.name)!;
      if (ENTRY_KEYS.has(name)) entryValues.push(node.initializer);
      if ((name === 'outDir' || name === 'dir') && compiler.isStringLiteralLike(node.initializer)) outDir = node.initializer.text;
    }
    compiler.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (entryValues.length === 0) return { entries: null, problem: null };
  const sources = new Map<string, string>();
  for (const value of entryValues) {
    const named = namedEntries(value, dir, paths);
    if (typeof named === 'string') return { entries: null, problem: named };
    for (const [stem, source] of named) sources.set(stem, source);
  }
  return { entries: { outDir: posix.normalize(outDir).replace(/^\.\//, '').replace(/\/$/, ''), sources }, problem: null };
}

/** One `entry` value as (output stem, source path) pairs, or why it cannot be read without running the config. */
function namedEntries(value: ts.Expression, dir: string, paths: ReadonlySet<string>): [string, string][] | string {
  const compiler = typescript();
  const at = (node: ts.Node): string => `line ${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  if (compiler.isStringLiteralLike(value) || compiler.isArrayLiteralExpression(value)) {
    const elements = compiler.isArrayLiteralExpression(value) ? [...value.elements] : [value];
    const files: string[] = [];
    for (const element of elements) {
      const input = compiler.isObjectLiteralExpression(element) ? stringProperty(element, 'input') : element;
      if (!input || !compiler.isStringLiteralLike(input))
        return `entry at ${at(element)} is computed, not a string: not read without running the config`;
      files.push(...sourcesOf(dir, input.text, paths));
    }
    if (files.length === 0) return [];
    const base = commonDirectory(files.map((file) => posix.dirname(file)));
    return files.map((file) => [stemOf(posix.relative(base, file)), file]);
  }
  if (compiler.isObjectLiteralExpression(value)) {
    const pairs: [string, string][] = [];
    for (const property of value.properties) {
      const key = compiler.isPropertyAssignment(property) ? propertyName(property.name) : null;
      if (!compiler.isPropertyAssignment(property) || key === null || !compiler.isStringLiteralLike(property.initializer))
        return `entry at ${at(property)} is computed, not a string: not read without running the config`;
      const [file] = sourcesOf(dir, property.initializer.text, paths);
      if (file) pairs.push([key, file]);
    }
    return pairs;
  }
  return `entry at ${at(value)} is computed (${compiler.SyntaxKind[value.kind]}): not read without running the config`;
}

/** The repository files an entry names: a path (its extension optional, as unbuild writes them) or a glob. */
function sourcesOf(dir: string, entry: string, paths: ReadonlySet<string>): string[] {
  const relative = posix.normalize(entry).replace(/^\.\//, '');
  if (relative.startsWith('..')) return [];
  const full = dir === '' ? relative : `${dir}/${relative}`;
  if (/[*?{[]/.test(relative)) return [...paths].filter((path) => minimatch(path, full) && !/\.d\.[cm]?ts$/.test(path)).sort();
  const found = [full, ...SOURCE_EXTENSIONS.map((ext) => full + ext), ...SOURCE_EXTENSIONS.map((ext) => `${full}/index${ext}`)].find(
    (path) => paths.has(path),
  );
  return found ? [found] : [];
}

function stemOf(path: string): string {
  return path.replace(/\.[cm]?[jt]sx?$/, '');
}

function commonDirectory(dirs: string[]): string {
  let common = dirs[0]!.split('/');
  for (const dir of dirs.slice(1)) {
    const parts = dir.split('/');
    let i = 0;
    while (i < common.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join('/');
}

function propertyName(name: ts.PropertyName): string | null {
  const compiler = typescript();
  return compiler.isIdentifier(name) || compiler.isStringLiteralLike(name) || compiler.isNumericLiteral(name) ? name.text : null;
}

function stringProperty(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  const compiler = typescript();
  for (const property of object.properties)
    if (compiler.isPropertyAssignment(property) && propertyName(property.name) === name) return property.initializer;
  return undefined;
}
