// The packages a repository provides, read from its manifests and source layout: what other repositories' imports can name.
import { posix } from 'node:path';
import type { PackageRow, SkippedFile } from '@lore/domain';
import { isTestPath } from './languages';
import type { SourceFile } from './repository-files';
import { BUNDLER_CONFIGS, readBundlerEntries, type BundlerEntries } from './languages/typescript/bundler-entries';
import { typescript } from './languages/typescript/compiler';
import { compare } from './tree-sitter/edges';

/** Where builds put what a package.json's entry points name; the sources are beside them, most often in src/. */
const BUILD_DIRECTORIES = new Set(['dist', 'lib', 'build', 'out', 'esm', 'cjs']);
const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Every package the repository's files declare: package.json names (with their entry points mapped
 * to the source files they are built from), pyproject.toml distribution names and the top-level
 * Python packages, go.mod module paths, pom.xml coordinates and the Java packages of its sources.
 */
export function providedPackages(files: readonly SourceFile[]): PackageRow[] {
  const paths = new Set(files.map((file) => file.path));
  const textByPath = new Map(files.map((file) => [file.path, file.text]));
  const rows: PackageRow[] = [...pythonPackages(paths)];
  for (const file of files) {
    if (file.text === null || file.path.split('/').includes('node_modules')) continue;
    const dir = directoryOf(file.path);
    const name = posix.basename(file.path);
    if (name === 'package.json') rows.push(...npmPackage(dir, file.text, paths, (path) => textByPath.get(path) ?? null));
    else if (name === 'pyproject.toml') rows.push(...pyprojectPackage(dir, file.text));
    else if (name === 'go.mod') rows.push(...goModule(dir, file.text));
    else if (name === 'pom.xml') rows.push(...mavenArtifact(dir, file.text));
    else if (file.language === 'java' && !isTestPath(file.path)) rows.push(...javaPackage(dir, file.text));
  }
  const unique = new Map(rows.map((row) => [`${row.key}\u0000${row.path}`, row]));
  return [...unique.values()].sort((a, b) => compare(a.key, b.key) || compare(a.path, b.path));
}

/** A package.json's name, and its entry points mapped to the source files they are built from. */
export function npmPackage(dir: string, text: string, paths: ReadonlySet<string>, readText: (path: string) => string | null): PackageRow[] {
  const read = readNpmPackage(dir, text, paths, readText);
  return read.row ? [read.row] : [];
}

/** What reading one package.json found: its row, its export subpaths that map to no source file, and what was wrong with it. */
export interface NpmPackageReading {
  row: PackageRow | null;
  /** Export subpaths ('' for the package itself) whose targets name no repository file, with the target looked for. */
  unresolved: { subpath: string; target: string }[];
  /** The subpaths `exports` lists (script targets, patterns left out): the ones resolved are those not unresolved. */
  subpaths: number;
  warnings: SkippedFile[];
}

/**
 * A package.json's name, and its entry points mapped to the source files they are built from, as the
 * package builds them: a condition of `exports` pointing at a source file (`source`, `development`, a
 * custom one), else the built file it names, mapped back through the package's bundler configuration
 * (see bundler-entries.ts), its tsconfig's `outDir`/`rootDir`, and the usual layouts (`dist/X.js` from
 * `src/X.ts`, `src/exports/X.ts` or `src/X/index.ts`). Bad input (not JSON, malformed `exports`, a
 * computed bundler entry) maps what it can and says what it could not, with the file.
 */
export function readNpmPackage(
  dir: string,
  text: string,
  paths: ReadonlySet<string>,
  readText: (path: string) => string | null,
): NpmPackageReading {
  const manifestPath = join(dir, 'package.json');
  const reading: NpmPackageReading = { row: null, unresolved: [], subpaths: 0, warnings: [] };
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    reading.warnings.push({ path: manifestPath, reason: `not JSON (${(error as Error).message}): its package is not mapped to source` });
    return reading;
  }
  if (manifest === null || typeof manifest !== 'object' || typeof manifest.name !== 'string' || manifest.name === '') return reading;
  const builds = buildsOf(dir, paths, readText, reading.warnings);
  const entries: Record<string, string> = {};
  const problems: string[] = [];
  for (const [subpath, targets] of exportTargets(manifest.exports, problems)) {
    const scripts = targets.filter((target) => SCRIPT_TARGET.test(target));
    if (scripts.length === 0) continue;
    reading.subpaths++;
    const file = firstSource(dir, scripts, paths, builds);
    if (file !== null) entries[subpath] = file;
    else reading.unresolved.push({ subpath, target: scripts[0]! });
  }
  for (const problem of problems) reading.warnings.push({ path: manifestPath, reason: `exports: ${problem}` });
  // A config that builds the subpaths no source answers to, by code: said once, with the count.
  if (reading.unresolved.length > 0)
    for (const config of builds.entryless)
      reading.warnings.push({
        path: config,
        reason: `names no entry to read (its configuration is made by code, not run): ${reading.unresolved.length} export subpaths of its package map to no source`,
      });
  if (entries[''] === undefined) {
    const main = [manifest.types, manifest.typings, manifest.module, manifest.main, 'index'].find((value) => typeof value === 'string');
    const file = firstSource(dir, [main as string], paths, builds);
    if (file !== null) entries[''] = file;
  }
  reading.row = { key: `npm:${manifest.name}`, path: dir, entries };
  return reading;
}

/** A target that is (or builds from) a script, not a stylesheet, JSON or the package.json itself. */
const SCRIPT_TARGET = /(\.d)?\.[cm]?[jt]sx?$|\/[^./]+$|^\.\/[^./]+$/;

/** Where a package's builds put their output, from what: its bundler configurations and its tsconfig files' outDir and rootDir. */
interface PackageBuilds {
  bundled: BundlerEntries[];
  /** Bundler configs with no `entry` to read: made by code (a call such as `defineShellConfig(name)`), or building no library. */
  entryless: string[];
  compiled: { outDir: string; rootDir: string }[];
}

function buildsOf(
  dir: string,
  paths: ReadonlySet<string>,
  readText: (path: string) => string | null,
  warnings: SkippedFile[],
): PackageBuilds {
  const builds: PackageBuilds = { bundled: [], entryless: [], compiled: [] };
  for (const path of [...paths].filter((candidate) => directoryOf(candidate) === dir).sort()) {
    const name = posix.basename(path);
    if (BUNDLER_CONFIGS.test(name)) {
      const text = readText(path);
      if (text === null) continue;
      const { entries, problem } = readBundlerEntries(path, text, paths);
      if (entries) builds.bundled.push(entries);
      else if (!problem) builds.entryless.push(path);
      if (problem) warnings.push({ path, reason: `${problem}; its outputs are mapped by layout only` });
    } else if (/^tsconfig[^/]*\.json$/.test(name)) {
      const text = readText(path);
      const { config } = text === null ? { config: undefined } : typescript().parseConfigFileTextToJson(path, text);
      const options = (config as { compilerOptions?: Record<string, unknown> } | undefined)?.compilerOptions;
      const outDir = options?.declarationDir ?? options?.outDir;
      if (typeof outDir === 'string' && typeof options?.rootDir === 'string')
        builds.compiled.push({
          outDir: posix.normalize(outDir).replace(/\/$/, ''),
          rootDir: posix.normalize(options.rootDir).replace(/\/$/, ''),
        });
    }
  }
  return builds;
}

/**
 * The first target of an export that is, or is built from, a repository file. Sources named directly
 * (a `source` or custom condition) come first, as the conditions are ordered; then each target
 * mapped back through the package's builds.
 */
function firstSource(dir: string, targets: string[], paths: ReadonlySet<string>, builds: PackageBuilds): string | null {
  for (const target of targets) {
    const relative = posix.normalize(target).replace(/^\.\//, '');
    const path = join(dir, relative);
    if (paths.has(path) && !/\.d\.[cm]?ts$/.test(path) && !BUILD_DIRECTORIES.has(relative.split('/')[0]!)) return path;
  }
  for (const target of targets) {
    const file = sourceOf(dir, target, paths, builds);
    if (file !== null) return file;
  }
  return null;
}

/**
 * `exports` as (subpath, targets) pairs: `"./x.js"`, `{ ".": …, "./events": … }` or conditions, each
 * subpath's targets in the order they are looked at (custom conditions such as `source` first, then
 * types, then the builds); patterns (`./*`) left out. What Node would reject is said in `problems`.
 */
function exportTargets(exports: unknown, problems: string[]): [string, string[]][] {
  if (exports === null || exports === undefined) return [];
  if (typeof exports !== 'string' && typeof exports !== 'object') {
    problems.push(`is a ${typeof exports}, not a path, an array or an object`);
    return [];
  }
  const keys = typeof exports === 'object' && !Array.isArray(exports) ? Object.keys(exports) : [];
  const subpathKeys = keys.filter((key) => key.startsWith('.'));
  if (subpathKeys.length > 0 && subpathKeys.length < keys.length) {
    problems.push(`mixes subpaths and conditions (${keys.filter((key) => !key.startsWith('.')).join(', ')})`);
    return [];
  }
  const bySubpath: [string, unknown][] = subpathKeys.length > 0 ? Object.entries(exports as Record<string, unknown>) : [['.', exports]];
  const found: [string, string[]][] = [];
  for (const [subpath, value] of bySubpath) {
    if (subpath.includes('*')) continue;
    const targets: string[] = [];
    conditionTargets(value, subpath, targets, problems, 0);
    if (targets.length > 0) found.push([subpath === '.' ? '' : subpath.replace(/^\.\//, ''), targets]);
  }
  return found;
}

/** Conditions Node and bundlers define: a condition not among them (`source`, `@scope/source`) is a custom one, looked at first. */
const STANDARD_CONDITIONS = ['types', 'import', 'module', 'require', 'node', 'browser', 'worker', 'deno', 'bun', 'react-native', 'default'];
/** Nesting of conditions deeper than this is not a real package's. */
const MAX_CONDITION_DEPTH = 8;

function conditionTargets(value: unknown, subpath: string, targets: string[], problems: string[], depth: number): void {
  if (value === null) return;
  if (depth > MAX_CONDITION_DEPTH) {
    problems.push(`"${subpath}" nests conditions more than ${MAX_CONDITION_DEPTH} deep`);
    return;
  }
  if (typeof value === 'string') {
    if (value.startsWith('./')) targets.push(value);
    else problems.push(`target "${value}" of "${subpath}" does not start with "./"`);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) conditionTargets(item, subpath, targets, problems, depth + 1);
    return;
  }
  if (typeof value !== 'object') {
    problems.push(`"${subpath}" has a ${typeof value} where a target or conditions belong`);
    return;
  }
  const conditions = Object.keys(value as Record<string, unknown>);
  const custom = conditions.filter((key) => !STANDARD_CONDITIONS.includes(key) && !key.startsWith('.'));
  const ordered = [...custom, ...STANDARD_CONDITIONS.filter((key) => conditions.includes(key))];
  for (const key of ordered) conditionTargets((value as Record<string, unknown>)[key], subpath, targets, problems, depth + 1);
}

/** The repository file an entry point is, or is built from: `dist/index.js` -> `src/index.ts`. */
export function sourceOf(dir: string, target: string, paths: ReadonlySet<string>, builds?: PackageBuilds): string | null {
  const relative = posix.normalize(target).replace(/^\.\//, '');
  if (relative.startsWith('..')) return null;
  const stem = relative.replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
  for (const bundled of builds?.bundled ?? []) {
    const underOut =
      bundled.outDir === '' || bundled.outDir === '.'
        ? stem
        : stem.startsWith(`${bundled.outDir}/`)
          ? stem.slice(bundled.outDir.length + 1)
          : null;
    const source = underOut === null ? undefined : bundled.sources.get(underOut);
    if (source !== undefined) return source;
  }
  const stems = [stem];
  for (const { outDir, rootDir } of builds?.compiled ?? [])
    if (stem.startsWith(`${outDir}/`)) stems.push(posix.join(rootDir, stem.slice(outDir.length + 1)));
  const [first, ...rest] = stem.split('/');
  if (BUILD_DIRECTORIES.has(first!) && rest.length > 0)
    stems.push(['src', ...rest].join('/'), ['src', 'exports', ...rest].join('/'), rest.join('/'));
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
