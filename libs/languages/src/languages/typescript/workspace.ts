// Monorepos: the workspace's packages by name (resolved to their source files) and the TypeScript projects each file belongs to.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ignore from 'ignore';
import ts from 'typescript';
import type { SkippedFile } from '@lore/domain';
import { readNpmPackage, sourceOf } from '../../provided-packages';
import { packageOfSpecifier } from './package-specifiers';

/**
 * The packages of an npm, yarn or pnpm workspace, by name. An import of one (`@acme/core`,
 * `@acme/core/money`) names the SOURCE file its entry point is built from (see readNpmPackage, as
 * provided-packages.ts maps them for links between repositories): not the copy in node_modules, not
 * a stale build, which the indexer skips anyway. A subpath `exports` does not list is looked for
 * through the root tsconfig's `paths`, then among the package's files.
 */
export class Workspace {
  constructor(
    private readonly packages: ReadonlyMap<string, { dir: string; entries: Record<string, string> }>,
    /** Every listed path of the repository: a subpath no entry point names is looked for among them. */
    private readonly paths: ReadonlySet<string>,
    /** The root tsconfig's `paths`, as repository paths: `@acme/core/*` → `packages/core/src/*`. */
    private readonly aliases: readonly { pattern: string; targets: string[] }[],
    /** How the packages' export subpaths mapped to source, and what was wrong with their manifests and build configs. */
    readonly findings: SkippedFile[],
  ) {}

  /** The packages' directories, relative to the root. */
  get dirs(): string[] {
    return [...this.packages.values()].map((own) => own.dir).sort();
  }

  /** The repository path a bare specifier names in a workspace package, or null when it names none. */
  resolve(specifier: string): string | null {
    if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
    // A scoped name has two segments; the subpath is what follows.
    const segments = specifier.split('/');
    const nameLength = specifier.startsWith('@') ? 2 : 1;
    const own = this.packages.get(segments.slice(0, nameLength).join('/'));
    if (!own) return null;
    const subpath = segments.slice(nameLength).join('/');
    return own.entries[subpath] ?? this.aliased(specifier) ?? (subpath === '' ? null : sourceOf(own.dir, subpath, this.paths));
  }

  /** The file the root tsconfig's `paths` give a specifier, as the compiler would try them. */
  private aliased(specifier: string): string | null {
    for (const { pattern, targets } of this.aliases) {
      const star = pattern.indexOf('*');
      const matched =
        star < 0
          ? pattern === specifier
            ? ''
            : null
          : specifier.startsWith(pattern.slice(0, star)) &&
              specifier.endsWith(pattern.slice(star + 1)) &&
              specifier.length >= pattern.length - 1
            ? specifier.slice(star, specifier.length - (pattern.length - star - 1))
            : null;
      if (matched === null) continue;
      for (const target of targets) {
        const base = target.replace('*', matched);
        const found = [base, ...SCRIPT_EXTENSIONS.map((ext) => base + ext), ...SCRIPT_EXTENSIONS.map((ext) => `${base}/index${ext}`)].find(
          (path) => this.paths.has(path),
        );
        if (found) return found;
      }
    }
    return null;
  }
}

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The workspace the repository declares at its root (package.json `workspaces`, as an array or as
 * `{ packages }`, or pnpm-workspace.yaml `packages`): each listed package.json under one of its
 * patterns, by name. Null when the repository declares none. Its findings say how many export
 * subpaths mapped to source, list those that did not, and name each file that could not be read as
 * written (the run completes, those imports fall back to the first pass's resolution).
 */
export function readWorkspace(rootPath: string, paths: ReadonlySet<string>): Workspace | null {
  const patterns = workspacePatterns(rootPath);
  if (patterns.length === 0) return null;
  // Package directories are matched as gitignore matches directories: `packages/*`, `apps/**`, `!packages/skip`.
  const matcher = ignore().add(patterns.map((pattern) => pattern.replace(/^\.\//, '').replace(/\/$/, '')));
  const packages = new Map<string, { dir: string; entries: Record<string, string> }>();
  const findings: SkippedFile[] = [];
  const unresolved: SkippedFile[] = [];
  let subpaths = 0;
  const readText = (path: string): string | null => {
    try {
      return readFileSync(join(rootPath, path), 'utf8');
    } catch {
      return null;
    }
  };
  for (const path of [...paths].sort()) {
    if (posix.basename(path) !== 'package.json' || path === 'package.json') continue;
    const dir = posix.dirname(path);
    if (dir.split('/').includes('node_modules') || !matcher.ignores(dir)) continue;
    const reading = readNpmPackage(dir, readText(path) ?? '', paths, readText);
    findings.push(...reading.warnings);
    if (!reading.row) continue;
    subpaths += reading.subpaths;
    for (const { subpath, target } of reading.unresolved) {
      const name = reading.row.key.slice('npm:'.length);
      unresolved.push({
        path,
        reason: `workspace export "${subpath === '' ? name : `${name}/${subpath}`}" (${target}): no source file found`,
      });
    }
    const name = reading.row.key.slice('npm:'.length);
    if (!packages.has(name)) packages.set(name, { dir, entries: reading.row.entries });
  }
  if (subpaths > 0)
    findings.push({
      path: 'package.json',
      reason: `workspace: ${subpaths - unresolved.length} of ${subpaths} export subpaths resolved to source${unresolved.length > 0 ? '; the others are listed with their package.json' : ''}`,
    });
  return new Workspace(packages, paths, rootAliases(rootPath, findings), [...findings, ...unresolved]);
}

/** The `paths` of the root tsconfig (or tsconfig.base.json), its `extends` followed, as repository paths. */
function rootAliases(rootPath: string, findings: SkippedFile[]): { pattern: string; targets: string[] }[] {
  const configPath = ['tsconfig.json', 'tsconfig.base.json'].find((name) => existsSync(join(rootPath, name)));
  if (!configPath) return [];
  const options = compilerOptionsOf(rootPath, configPath, findings);
  const base = (options.pathsBasePath as string | undefined) ?? options.baseUrl ?? rootPath;
  return Object.entries(options.paths ?? {}).map(([pattern, targets]) => ({
    pattern,
    targets: targets.map((target) => posix.relative(rootPath, posix.resolve(base, target))),
  }));
}

function workspacePatterns(rootPath: string): string[] {
  const patterns: string[] = [];
  const manifestPath = join(rootPath, 'package.json');
  if (existsSync(manifestPath)) {
    try {
      const { workspaces } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { workspaces?: unknown };
      const listed = Array.isArray(workspaces) ? workspaces : (workspaces as { packages?: unknown } | undefined)?.packages;
      if (Array.isArray(listed)) patterns.push(...listed.filter((pattern): pattern is string => typeof pattern === 'string'));
    } catch {
      // A package.json that is not JSON declares no workspace.
    }
  }
  const pnpmPath = join(rootPath, 'pnpm-workspace.yaml');
  if (existsSync(pnpmPath)) patterns.push(...pnpmPackages(readFileSync(pnpmPath, 'utf8')));
  return patterns;
}

/** The `packages:` list of pnpm-workspace.yaml, read as its documentation writes it (one quoted or bare pattern per `-` line). */
function pnpmPackages(yaml: string): string[] {
  const block = /^packages:\s*\n((?:[ \t]+-.*\n?|[ \t]*#.*\n?|[ \t]*\n)*)/m.exec(yaml)?.[1] ?? '';
  return [...block.matchAll(/^[ \t]+-[ \t]*(['"]?)([^'"#\n]+?)\1[ \t]*(?:#.*)?$/gm)].map((match) => match[2]!);
}

/**
 * Which declarations a file can reach without a compiler's help: those of its own package (the
 * nearest directory above it with a package.json), of the packages that package.json depends on
 * (any kind of dependency) and of the packages the file imports by name, wherever in the repository
 * they are declared. A name guessed for a call the checker cannot place is looked for there only:
 * never a same-named function of an unrelated package. Where no package.json declares a package
 * (a repository without one, a file above every package), nothing is ruled out.
 */
export class PackageReach {
  private readonly packageDirOf = new Map<string, string | null>();

  constructor(
    /** Each package by directory ('' for the root): its name and the names of the packages it depends on. */
    private readonly packages: ReadonlyMap<string, { name: string | null; dependsOn: readonly string[] }>,
    /** Package directories by package name (a name declared twice: every directory that declares it). */
    private readonly dirsByName: ReadonlyMap<string, readonly string[]>,
  ) {}

  /** Whether a file that names these module specifiers can reach the declarations of another file. */
  from(path: string, specifiers: readonly string[]): (declarationPath: string) => boolean {
    const own = this.packageOf(path);
    if (own === null) return () => true;
    const reached = new Set<string>([own]);
    const addNamed = (name: string): void => {
      for (const dir of this.dirsByName.get(name) ?? []) reached.add(dir);
    };
    for (const name of this.packages.get(own)!.dependsOn) addNamed(name);
    for (const specifier of specifiers) {
      const named = packageOfSpecifier(specifier);
      if (named) addNamed(named.name);
    }
    return (declarationPath) => {
      const dir = this.packageOf(declarationPath);
      return dir === null || reached.has(dir);
    };
  }

  /** The directory of the package a path belongs to: the nearest above it with a package.json. */
  packageOf(path: string): string | null {
    const dir = posix.dirname(path);
    return this.packageAt(dir === '.' ? '' : dir);
  }

  private packageAt(dir: string): string | null {
    let found = this.packageDirOf.get(dir);
    if (found !== undefined) return found;
    found = this.packages.has(dir) ? dir : dir === '' ? null : this.packageAt(posix.dirname(dir) === '.' ? '' : posix.dirname(dir));
    this.packageDirOf.set(dir, found);
    return found;
  }
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** Every package.json of the repository (outside node_modules), read for its name and dependencies. */
export function readPackageReach(rootPath: string, paths: ReadonlySet<string>): PackageReach {
  const packages = new Map<string, { name: string | null; dependsOn: string[] }>();
  const dirsByName = new Map<string, string[]>();
  for (const path of [...paths].sort()) {
    if (posix.basename(path) !== 'package.json' || path.split('/').includes('node_modules')) continue;
    const dir = path === 'package.json' ? '' : posix.dirname(path);
    let manifest: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(join(rootPath, path), 'utf8'));
      if (parsed !== null && typeof parsed === 'object') manifest = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: still a package boundary, one that names and depends on nothing (the workspace warns of it).
    }
    const name = typeof manifest.name === 'string' && manifest.name !== '' ? manifest.name : null;
    const dependsOn = DEPENDENCY_FIELDS.flatMap((field) => {
      const listed = manifest[field];
      return listed !== null && typeof listed === 'object' ? Object.keys(listed) : [];
    });
    packages.set(dir, { name, dependsOn });
    if (name !== null) dirsByName.set(name, [...(dirsByName.get(name) ?? []), dir]);
  }
  return new PackageReach(packages, dirsByName);
}

/** One TypeScript project of the repository: a tsconfig/jsconfig and the options it gives its files. */
export interface ScriptProject {
  /** The project's directory, relative to the root ('' for the root). */
  dir: string;
  /** The config file, relative to the root; null when the repository has none. */
  configPath: string | null;
  options: ts.CompilerOptions;
}

/**
 * The projects of a repository of several: the root config, the projects its `references` lead to
 * (solution-style configs with `"files": []` included), directly or not, and the tsconfig.json of
 * each workspace package. Null for a repository of one project (or none): it is read as one program.
 */
export function readProjects(
  rootPath: string,
  paths: ReadonlySet<string>,
  workspaceDirs: readonly string[],
  problems: SkippedFile[],
): ScriptProject[] | null {
  const root = ['tsconfig.json', 'jsconfig.json'].find((name) => paths.has(name) || existsSync(join(rootPath, name))) ?? null;
  const configs = new Set<string>();
  const follow = (configPath: string): void => {
    if (configs.has(configPath) || !existsSync(join(rootPath, configPath))) return;
    configs.add(configPath);
    const { config } = ts.readConfigFile(join(rootPath, configPath), ts.sys.readFile) as { config?: { references?: unknown } };
    if (!Array.isArray(config?.references)) return;
    for (const reference of config.references as { path?: unknown }[]) {
      if (typeof reference?.path !== 'string') continue;
      const target = posix.normalize(posix.join(posix.dirname(configPath), reference.path));
      if (target.startsWith('..')) continue;
      follow(/\.json$/.test(target) ? target : posix.join(target, 'tsconfig.json'));
    }
  };
  if (root) follow(root);
  for (const dir of workspaceDirs) follow(posix.join(dir, 'tsconfig.json'));
  if (configs.size <= 1) return null;
  const projects: ScriptProject[] = [...configs].map((configPath) => ({
    dir: posix.dirname(configPath) === '.' ? '' : posix.dirname(configPath),
    configPath,
    options: compilerOptionsOf(rootPath, configPath, problems),
  }));
  // Files outside every project's directory are read with the root's options, as a repository of one project is.
  if (!projects.some((project) => project.dir === ''))
    projects.push({ dir: '', configPath: root, options: compilerOptionsOf(rootPath, root, problems) });
  // Two configs in one directory (tsconfig.json and tsconfig.build.json): the one met first owns its files.
  const byDir = new Map<string, ScriptProject>();
  for (const project of projects) if (!byDir.has(project.dir)) byDir.set(project.dir, project);
  // Configs of one directory only (tsconfig.app.json beside tsconfig.node.json): one program, as before.
  if (byDir.size <= 1) return null;
  return [...byDir.values()].sort((a, b) => a.dir.localeCompare(b.dir));
}

/** The project a file belongs to: the one whose directory is the nearest above it. */
export function projectOf(projects: readonly ScriptProject[], path: string): ScriptProject {
  let owner = projects.find((project) => project.dir === '')!;
  for (const project of projects) {
    if (project.dir !== '' && path.startsWith(`${project.dir}/`) && project.dir.length > owner.dir.length) owner = project;
  }
  return owner;
}

/** "No inputs were found in config file": the config is read for its options alone. */
const NO_INPUTS_FOUND = 18003;

/** Compiler options that make the compiler print (left out, not set to false: other options keep their cache keys). */
const PRINTING_OPTIONS = [
  'traceResolution',
  'extendedDiagnostics',
  'diagnostics',
  'listFiles',
  'listEmittedFiles',
  'explainFiles',
  'generateTrace',
];

/**
 * The compiler options a config gives (its `extends` followed), for reading, never building. Without
 * a config: modern defaults. What the compiler could not read of the config (an `extends` of a
 * missing file, a cycle of them, a config that is not JSON) goes to `problems`, with the config's
 * path: the options are what could be read.
 */
export function compilerOptionsOf(rootPath: string, configPath: string | null, problems?: SkippedFile[]): ts.CompilerOptions {
  let options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  if (configPath !== null) {
    const report = (diagnostic: ts.Diagnostic): void => {
      // The files come from the listing: that the config's globs find none here is expected.
      if (diagnostic.code === NO_INPUTS_FOUND || diagnostic.category !== ts.DiagnosticCategory.Error) return;
      // Paths in the message as the repository names them, not where this machine keeps it.
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').split(`${rootPath}/`).join('');
      problems?.push({ path: configPath, reason: `tsconfig: ${message}` });
    };
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(rootPath, configPath),
      {},
      {
        ...ts.sys,
        // Options only: the files come from the repository's listing, not from the config's globs.
        readDirectory: () => [],
        onUnRecoverableConfigFileDiagnostic: report,
      },
    );
    if (parsed) {
      options = parsed.options;
      parsed.errors.forEach(report);
    }
  }
  // Options that print (zod's bench package traces every resolution) would write into our output.
  const quiet = { ...options };
  for (const option of PRINTING_OPTIONS) delete quiet[option];
  // We read, never build: no emit, and JavaScript is part of the picture.
  return {
    ...quiet,
    noEmit: true,
    allowJs: true,
    checkJs: false,
    skipLibCheck: true,
    composite: false,
    incremental: false,
    declaration: false,
  };
}
