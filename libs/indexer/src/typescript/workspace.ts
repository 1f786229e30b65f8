// Monorepos: the workspace's packages by name (resolved to their source files) and the TypeScript projects each file belongs to.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ignore from 'ignore';
import ts from 'typescript';
import { npmPackage, sourceOf } from '../provided-packages';

/**
 * The packages of an npm, yarn or pnpm workspace, by name. An import of one (`@acme/core`,
 * `@acme/core/money`) names the SOURCE file its entry point is built from (`exports`, `types`, `main`
 * mapped back from dist/ or build/ to src/, as provided-packages.ts does for links between
 * repositories): not the copy in node_modules, not a stale build, which the indexer skips anyway.
 */
export class Workspace {
  constructor(
    private readonly packages: ReadonlyMap<string, { dir: string; entries: Record<string, string> }>,
    /** Every listed path of the repository: a subpath no entry point names is looked for among them. */
    private readonly paths: ReadonlySet<string>,
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
    return own.entries[subpath] ?? (subpath === '' ? null : sourceOf(own.dir, subpath, this.paths));
  }
}

/**
 * The workspace the repository declares at its root (package.json `workspaces`, as an array or as
 * `{ packages }`, or pnpm-workspace.yaml `packages`): each listed package.json under one of its
 * patterns, by name. Null when the repository declares none.
 */
export function readWorkspace(rootPath: string, paths: ReadonlySet<string>): Workspace | null {
  const patterns = workspacePatterns(rootPath);
  if (patterns.length === 0) return null;
  // Package directories are matched as gitignore matches directories: `packages/*`, `apps/**`, `!packages/skip`.
  const matcher = ignore().add(patterns.map((pattern) => pattern.replace(/^\.\//, '').replace(/\/$/, '')));
  const packages = new Map<string, { dir: string; entries: Record<string, string> }>();
  for (const path of [...paths].sort()) {
    if (posix.basename(path) !== 'package.json' || path === 'package.json') continue;
    const dir = posix.dirname(path);
    if (dir.split('/').includes('node_modules') || !matcher.ignores(dir)) continue;
    const text = readFileSync(join(rootPath, path), 'utf8');
    for (const row of npmPackage(dir, text, paths)) {
      const name = row.key.slice('npm:'.length);
      if (!packages.has(name)) packages.set(name, { dir, entries: row.entries });
    }
  }
  return new Workspace(packages, paths);
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
export function readProjects(rootPath: string, paths: ReadonlySet<string>, workspaceDirs: readonly string[]): ScriptProject[] | null {
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
    options: compilerOptionsOf(rootPath, configPath),
  }));
  // Files outside every project's directory are read with the root's options, as a repository of one project is.
  if (!projects.some((project) => project.dir === ''))
    projects.push({ dir: '', configPath: root, options: compilerOptionsOf(rootPath, root) });
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
 * a config: modern defaults.
 */
export function compilerOptionsOf(rootPath: string, configPath: string | null): ts.CompilerOptions {
  let options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  if (configPath !== null) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(rootPath, configPath),
      {},
      {
        ...ts.sys,
        // Options only: the files come from the repository's listing, not from the config's globs.
        readDirectory: () => [],
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    );
    if (parsed) options = parsed.options;
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
