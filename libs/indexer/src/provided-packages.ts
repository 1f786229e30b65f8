// The packages a repository provides, read from its manifests and source layout: what other repositories' imports can name.
import { posix } from 'node:path';
import type { PackageRow } from '@lore/domain';
import { isTestPath } from './languages';
import type { SourceFile } from './repository-files';
import { compare } from './tree-sitter/edges';

/** Where builds put what a package.json's entry points name; the sources are beside them, most often in src/. */
const BUILD_DIRECTORIES = new Set(['dist', 'lib', 'build', 'out', 'esm', 'cjs']);
const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** The conditions of an `exports` entry looked at first: types and sources before builds. */
const EXPORT_CONDITIONS = ['types', 'import', 'require', 'node', 'default'];

/**
 * Every package the repository's files declare: package.json names (with their entry points mapped
 * to the source files they are built from), pyproject.toml distribution names and the top-level
 * Python packages, go.mod module paths, pom.xml coordinates and the Java packages of its sources.
 */
export function providedPackages(files: readonly SourceFile[]): PackageRow[] {
  const paths = new Set(files.map((file) => file.path));
  const rows: PackageRow[] = [...pythonPackages(paths)];
  for (const file of files) {
    if (file.text === null || file.path.split('/').includes('node_modules')) continue;
    const dir = directoryOf(file.path);
    const name = posix.basename(file.path);
    if (name === 'package.json') rows.push(...npmPackage(dir, file.text, paths));
    else if (name === 'pyproject.toml') rows.push(...pyprojectPackage(dir, file.text));
    else if (name === 'go.mod') rows.push(...goModule(dir, file.text));
    else if (name === 'pom.xml') rows.push(...mavenArtifact(dir, file.text));
    else if (file.language === 'java' && !isTestPath(file.path)) rows.push(...javaPackage(dir, file.text));
  }
  const unique = new Map(rows.map((row) => [`${row.key}\u0000${row.path}`, row]));
  return [...unique.values()].sort((a, b) => compare(a.key, b.key) || compare(a.path, b.path));
}

/** A package.json's name, and its entry points mapped to the source files they are built from. */
export function npmPackage(dir: string, text: string, paths: ReadonlySet<string>): PackageRow[] {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [];
  }
  if (typeof manifest.name !== 'string' || manifest.name === '') return [];
  const entries: Record<string, string> = {};
  for (const [subpath, target] of exportTargets(manifest.exports)) {
    const file = sourceOf(dir, target, paths);
    if (file !== null) entries[subpath] = file;
  }
  if (entries[''] === undefined) {
    const main = [manifest.types, manifest.typings, manifest.module, manifest.main, 'index'].find((value) => typeof value === 'string');
    const file = sourceOf(dir, main as string, paths);
    if (file !== null) entries[''] = file;
  }
  return [{ key: `npm:${manifest.name}`, path: dir, entries }];
}

/** `exports` as (module, target) pairs: `"./x.js"`, `{ ".": …, "./events": … }` or conditions; patterns (`./*`) left out. */
function exportTargets(exports: unknown): [string, string][] {
  if (exports === null || exports === undefined) return [];
  const keys = typeof exports === 'object' && !Array.isArray(exports) ? Object.keys(exports) : [];
  const bySubpath: [string, unknown][] =
    keys.length > 0 && keys.every((key) => key.startsWith('.')) ? Object.entries(exports as Record<string, unknown>) : [['.', exports]];
  const targets: [string, string][] = [];
  for (const [subpath, value] of bySubpath) {
    const target = conditionTarget(value);
    if (target !== null && !subpath.includes('*')) targets.push([subpath === '.' ? '' : subpath.replace(/^\.\//, ''), target]);
  }
  return targets;
}

function conditionTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(conditionTarget).find((target) => target !== null) ?? null;
  if (value === null || typeof value !== 'object') return null;
  const conditions = value as Record<string, unknown>;
  const ordered = [...EXPORT_CONDITIONS.filter((key) => key in conditions), ...Object.keys(conditions)];
  return ordered.map((key) => conditionTarget(conditions[key])).find((target) => target !== null) ?? null;
}

/** The repository file an entry point is, or is built from: `dist/index.js` -> `src/index.ts`. */
export function sourceOf(dir: string, target: string, paths: ReadonlySet<string>): string | null {
  const relative = posix.normalize(target).replace(/^\.\//, '');
  if (relative.startsWith('..')) return null;
  const stem = relative.replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
  const [first, ...rest] = stem.split('/');
  const stems = [stem];
  if (BUILD_DIRECTORIES.has(first!) && rest.length > 0) stems.push(['src', ...rest].join('/'), rest.join('/'));
  const candidates = [
    relative,
    ...stems.flatMap((base) => [base, `${base}/index`].flatMap((name) => SCRIPT_EXTENSIONS.map((ext) => name + ext))),
  ];
  return candidates.map((candidate) => join(dir, candidate)).find((path) => paths.has(path)) ?? null;
}

/** Top-level packages (a directory with `__init__.py` whose parent has none), outside tests, with each module's file. */
function pythonPackages(paths: ReadonlySet<string>): PackageRow[] {
  const packageDirs = new Set([...paths].filter((path) => posix.basename(path) === '__init__.py').map(directoryOf));
  const rows: PackageRow[] = [];
  for (const dir of packageDirs) {
    if (dir === '' || packageDirs.has(directoryOf(dir)) || isTestPath(`${dir}/__init__.py`)) continue;
    const entries: Record<string, string> = {};
    for (const path of paths) {
      if (!path.endsWith('.py') || !path.startsWith(`${dir}/`)) continue;
      const module = path.slice(dir.length + 1, -'.py'.length).replace(/(^|\/)__init__$/, '');
      entries[module] = path;
    }
    rows.push({ key: `python:${posix.basename(dir)}`, path: dir, entries });
  }
  return rows;
}

/** `[project] name`, normalised as PyPI compares names. */
function pyprojectPackage(dir: string, text: string): PackageRow[] {
  const project = /^\[project\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const name = /^\s*name\s*=\s*["']([^"']+)["']/m.exec(project)?.[1];
  return name ? [{ key: `pypi:${name.toLowerCase().replace(/[-_.]+/g, '-')}`, path: dir, entries: {} }] : [];
}

function goModule(dir: string, text: string): PackageRow[] {
  const modulePath = /^\s*module\s+"?([^\s"]+)"?/m.exec(text)?.[1];
  return modulePath ? [{ key: `go:${modulePath}`, path: dir, entries: {} }] : [];
}

/** groupId (its own, else the parent's) and artifactId of the project, not of its dependencies or plugins. */
function mavenArtifact(dir: string, text: string): PackageRow[] {
  const project = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(dependencies|dependencyManagement|build|profiles|reporting)>[\s\S]*?<\/\1>/g, '');
  const parent = /<parent>([\s\S]*?)<\/parent>/.exec(project)?.[1] ?? '';
  const own = project.replace(/<parent>[\s\S]*?<\/parent>/, '');
  const tag = (xml: string, name: string): string | undefined => new RegExp(`<${name}>\\s*([^<\\s]+)\\s*</${name}>`).exec(xml)?.[1];
  const groupId = tag(own, 'groupId') ?? tag(parent, 'groupId');
  const artifactId = tag(own, 'artifactId');
  return groupId && artifactId ? [{ key: `maven:${groupId}:${artifactId}`, path: dir, entries: {} }] : [];
}

function javaPackage(dir: string, text: string): PackageRow[] {
  const name = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  return name ? [{ key: `java:${name}`, path: dir, entries: {} }] : [];
}

function directoryOf(path: string): string {
  const dir = posix.dirname(path);
  return dir === '.' ? '' : dir;
}

function join(dir: string, path: string): string {
  return dir === '' ? path : `${dir}/${path}`;
}
