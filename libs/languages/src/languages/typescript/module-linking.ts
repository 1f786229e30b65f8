// Module linking: the scripts' module specifiers resolved to repository files, their imports as rows, names resolved through them.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import {
  type CallRow,
  type DeferredImportKind,
  type ImportRow,
  type InheritanceRow,
  pairImportKind,
  type SkippedFile,
  type SymbolRow,
} from '@lore/domain';
import type { ExactResolution, ExtractionInput } from '../../extractor';
import type { FileResultCache } from '../../file-result-cache';
import type { SourceFile as RepoFile } from '../../repository-files';
import { resolveCalls, resolveHeritage, sortCalls, sortInheritance } from './call-rows';
import { ModuleScope, resolveModuleFacts, type ModuleFacts, type ScopeTarget } from './module-scope';
import {
  ownPath,
  RESOLUTION_VERSION,
  type CallReference,
  type HeritageReference,
  type ScriptFileOutcome,
  type ScriptFileResult,
} from './script-model';
import type { Resolution } from './warm-program';
import { projectOf, type PackageReach, type ScriptProject, type Workspace } from './workspace';

/**
 * Module resolutions of the last exact pass in this process: the first pass's (over the repository's
 * listed files) and the compiler's (over the disk). They hold while the compiler options and installed
 * packages (the warm key), the repository's scripts and package.json files are the same, as they are
 * between most edits; a file added, deleted or renamed, or a package.json changed, starts afresh.
 */
export interface KeptResolutions {
  key: string;
  layout: string;
  repository: ts.ModuleResolutionCache;
  compiler: ts.ModuleResolutionCache;
}
let keptResolutions: KeptResolutions | null = null;

/** After an exact pass: the next run in this process may take these resolutions again. */
export function keepResolutions(resolutions: KeptResolutions): void {
  keptResolutions = resolutions;
}

function resolutionsFor(key: string, rootPath: string, options: ts.CompilerOptions, input: ExtractionInput): KeptResolutions {
  const layout = createHash('sha256');
  for (const file of input.files) layout.update(`${file.path}\0`);
  for (const path of input.fileUids.keys()) {
    // What decides where a specifier leads: manifests, the workspace, and the compiler options of each project.
    if (!/(^|\/)(package\.json|pnpm-workspace\.yaml|[jt]sconfig[^/]*\.json)$/.test(path)) continue;
    const stat = statSync(join(rootPath, path), { throwIfNoEntry: false });
    layout.update(`${path}\0${stat?.size}\0${stat?.mtimeMs}\0${stat?.ctimeMs}\0`);
  }
  const digest = layout.digest('hex');
  if (keptResolutions?.key === key && keptResolutions.layout === digest) return keptResolutions;
  return {
    key,
    layout: digest,
    repository: ts.createModuleResolutionCache(rootPath, (name) => name, options),
    compiler: ts.createModuleResolutionCache(rootPath, (name) => name, options),
  };
}

/**
 * A file's first pass joined to the repository through module resolution: its imports, module facts,
 * calls and heritage with their path. By the first pass's result (the same object while the file's
 * content is unchanged, see FileResultStore) and the resolutions used (the same while the layout holds).
 */
interface LinkedResult {
  resolutions: KeptResolutions;
  specifiers: string[];
  imports: ImportRow[];
  facts: ModuleFacts;
  calls: (CallReference & { path: string })[];
  heritage: (HeritageReference & { path: string })[];
}
const linkedResults = new WeakMap<ScriptFileResult, LinkedResult>();

/**
 * Module resolution over the repository, for one run: the first pass's (through the repository's
 * listing) and the compiler's (installed in `host`), with their kept caches, and what each file's
 * specifiers resolved to, kept per file while the layout holds (the namespace names it): a new process
 * does not resolve the whole repository's imports again.
 */
export class RepositoryModules {
  readonly resolutions: KeptResolutions;
  private readonly rootPath: string;
  private readonly resolutionHost: ts.ModuleResolutionHost;
  private readonly cache: FileResultCache | undefined;
  private readonly filesByPath: ReadonlyMap<string, RepoFile>;
  private readonly resolvedByPath = new Map<string, { targets: Record<string, string | null>; kept: boolean }>();
  private readonly projectCaches = new Map<ScriptProject, ts.ModuleResolutionCache>();

  constructor(
    input: ExtractionInput,
    key: string,
    private readonly options: ts.CompilerOptions,
    host: ts.CompilerHost,
    private readonly byAbsolute: ReadonlyMap<string, RepoFile>,
    /** The workspace's packages, when the repository declares a workspace: their imports name their sources. */
    readonly workspace: Workspace | null,
    /** A repository of several projects: each file's specifiers are resolved with its own project's options. */
    private readonly projects: readonly ScriptProject[] | null,
    /** The packages each file can reach: where a call no resolution places may be guessed by name. */
    readonly reach: PackageReach,
  ) {
    const { rootPath } = input;
    this.rootPath = rootPath;
    const resolutions = resolutionsFor(key, rootPath, options, input);
    this.resolutions = resolutions;
    keptResolutions = null;
    this.filesByPath = new Map(input.files.map((file) => [file.path, file]));
    resolveModulesThrough(host, resolutions.compiler, rootPath, (specifier) => this.workspacePackageFile(specifier));
    this.resolutionHost = repositoryResolutionHost(rootPath, byAbsolute.keys());
    this.cache = input.cache?.(
      `typescript-resolution@${RESOLUTION_VERSION}/${ts.version}/${createHash('sha256').update(`${key}\0${resolutions.layout}`).digest('hex')}`,
    );
  }

  /** A project's resolution cache for this run (a cache holds for one set of options). */
  private projectResolutions(project: ScriptProject): ts.ModuleResolutionCache {
    let cache = this.projectCaches.get(project);
    if (!cache) this.projectCaches.set(project, (cache = ts.createModuleResolutionCache(this.rootPath, (name) => name, project.options)));
    return cache;
  }

  /** The script a specifier names in a workspace package, as a repository path; null when it names none. */
  workspacePackageFile(specifier: string): string | null {
    const target = this.workspace?.resolve(specifier) ?? null;
    return target !== null && this.filesByPath.has(target) ? target : null;
  }

  /** What a file's specifiers resolve to: kept from an earlier run, or filled in as this one resolves them. */
  resolvedFrom(path: string): { targets: Record<string, string | null>; kept: boolean } {
    let resolved = this.resolvedByPath.get(path);
    if (!resolved) {
      // A path that is not one of the run's files (none is expected) is resolved, not kept.
      const contentHash = this.filesByPath.get(path)?.contentHash;
      const kept =
        contentHash === undefined ? undefined : (this.cache?.get(path, contentHash) as Record<string, string | null> | undefined);
      resolved = { targets: kept ?? {}, kept: kept !== undefined };
      // Set once; what is resolved later lands in the same object, which is saved at the end of the run.
      if (!kept && contentHash !== undefined) this.cache?.set(path, contentHash, resolved.targets);
      this.resolvedByPath.set(path, resolved);
    }
    return resolved;
  }

  /** The repository file a module specifier names, from a file of the repository; null for anything else. */
  resolveFrom(path: string, specifier: string): string | null {
    const resolved = this.resolvedFrom(path);
    if (Object.hasOwn(resolved.targets, specifier)) return resolved.targets[specifier]!;
    const own = this.workspacePackageFile(specifier);
    const project = this.projects && projectOf(this.projects, path);
    const fileName =
      own !== null
        ? join(this.rootPath, own)
        : ts.resolveModuleName(
            specifier,
            join(this.rootPath, path),
            project ? project.options : this.options,
            this.resolutionHost,
            project ? this.projectResolutions(project) : this.resolutions.repository,
          ).resolvedModule?.resolvedFileName;
    const target = (fileName && this.byAbsolute.get(fileName)?.path) ?? null;
    resolved.targets[specifier] = target;
    if (resolved.kept) {
      this.cache?.set(path, this.filesByPath.get(path)!.contentHash, resolved.targets);
      resolved.kept = false;
    }
    return target;
  }
}

/**
 * Installs the compiler's module resolution in `host`, through `cache`: a workspace package's name
 * (`ownFile`) leads to its source, anything else is resolved as the compiler would.
 */
export function resolveModulesThrough(
  host: ts.CompilerHost,
  cache: ts.ModuleResolutionCache,
  rootPath: string,
  ownFile: (specifier: string) => string | null,
): void {
  host.getModuleResolutionCache = () => cache;
  host.resolveModuleNameLiterals = (literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) =>
    literals.map((literal) => {
      const own = ownFile(literal.text);
      if (own !== null) {
        const extension = (/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/.exec(own)?.[0] ?? '.ts') as ts.Extension;
        return { resolvedModule: { resolvedFileName: join(rootPath, own), extension, isExternalLibraryImport: false } };
      }
      return ts.resolveModuleName(
        literal.text,
        containingFile,
        compilerOptions,
        host,
        cache,
        redirectedReference,
        ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions),
      );
    });
}

/** The repository's scripts joined through module resolution: what the syntactic and the exact pass resolve. */
export interface LinkedScripts {
  symbols: SymbolRow[];
  skipped: SkippedFile[];
  symbolsByName: Map<string, SymbolRow[]>;
  calls: (CallReference & { path: string })[];
  heritage: (HeritageReference & { path: string })[];
  imports: ImportRow[];
  facts: Map<string, ModuleFacts>;
  specifiersByPath: Map<string, string[]>;
  /** Each file's first pass as this run read it (the same object while its content is), with its calls and heritage. */
  files: Map<string, LinkedFile>;
  /** The module resolutions the files were joined through. */
  resolutions: KeptResolutions;
}

export interface LinkedFile {
  outcome: ScriptFileOutcome;
  calls: (CallReference & { path: string })[];
  heritage: (HeritageReference & { path: string })[];
}

/** Joins each file's first pass to the repository, in the order of the files. */
export function linkScripts(
  input: ExtractionInput,
  outcomes: ReadonlyMap<string, ScriptFileOutcome>,
  modules: RepositoryModules,
): LinkedScripts {
  const linkedScripts: LinkedScripts = {
    symbols: [],
    skipped: [],
    symbolsByName: new Map(),
    calls: [],
    heritage: [],
    imports: [],
    facts: new Map(),
    specifiersByPath: new Map(),
    files: new Map(),
    resolutions: modules.resolutions,
  };
  const { symbols, skipped, symbolsByName, calls, heritage, imports, facts, specifiersByPath, files } = linkedScripts;
  const { resolutions } = modules;
  for (const file of input.files) {
    const outcome = outcomes.get(file.path)!;
    // Asked for every file, even one linked already: an entry this run does not ask for is not kept.
    modules.resolvedFrom(file.path);
    if ('skipped' in outcome) {
      skipped.push({ path: file.path, reason: outcome.skipped });
      files.set(file.path, { outcome, calls: [], heritage: [] });
      continue;
    }
    for (const symbol of outcome.symbols) {
      symbols.push(symbol);
      // A nested body is reached through its scope (or the checker), never guessed by its name from elsewhere.
      if (symbol.nested) continue;
      const named = symbolsByName.get(symbol.name) ?? [];
      named.push(symbol);
      symbolsByName.set(symbol.name, named);
    }
    let linked = linkedResults.get(outcome);
    if (linked?.resolutions !== resolutions) {
      const resolveHere = (specifier: string): string | null => modules.resolveFrom(file.path, specifier);
      linked = {
        resolutions,
        specifiers: outcome.specifiers.map(([specifier]) => specifier),
        imports: importRows(input, file, outcome.specifiers, resolveHere),
        facts: resolveModuleFacts(outcome.module, resolveHere),
        calls: outcome.calls.map((call) => ({ ...call, path: file.path })),
        heritage: outcome.heritage.map((site) => ({ ...site, path: file.path })),
      };
      linkedResults.set(outcome, linked);
    }
    specifiersByPath.set(file.path, linked.specifiers);
    imports.push(...linked.imports);
    facts.set(file.path, linked.facts);
    for (const call of linked.calls) calls.push(call);
    for (const site of linked.heritage) heritage.push(site);
    files.set(file.path, { outcome, calls: linked.calls, heritage: linked.heritage });
  }
  return linkedScripts;
}

/**
 * Calls and heritage resolved through each file's declarations and imports, followed across
 * re-exports (`import`), else a unique name (`name`). No `ambiguous` guesses here: the typed pass
 * follows, and most such guesses would be written only to be deleted by it.
 *
 * File by file, each file's rows kept for the next run in this process with what they depended on
 * (see SyntacticRows): a file is resolved again when it changed, when a file its names were looked
 * up in changed (found there or not), or when a name it guessed by is declared or dropped anywhere.
 * A caller (and a class) is declared in one file, so a file's rows aggregate as the repository's do.
 */
export function resolveBySyntax(linked: LinkedScripts, reach: PackageReach): Omit<ExactResolution, 'skipped'> {
  const scope = new ModuleScope(linked.facts, linked.symbols);
  const before = keptSyntacticRows?.resolutions === linked.resolutions ? keptSyntacticRows.files : null;
  keptSyntacticRows = null;
  const { changedPaths, changedNames } = changesSince(before, linked.files);
  const rows = new Map<string, SyntacticRows>();
  const calls: CallRow[] = [];
  const inheritance: InheritanceRow[] = [];
  for (const [path, file] of linked.files) {
    let kept = before?.get(path);
    if (!kept || kept.outcome !== file.outcome || !isUnaffected(kept, changedPaths, changedNames)) {
      const reachable = reach.from(path, linked.specifiersByPath.get(path) ?? []);
      kept = resolveFileBySyntax(scope, linked.symbolsByName, path, file, (candidate) => reachable(candidate.path));
    }
    rows.set(path, kept);
    for (const row of kept.calls) calls.push(row);
    for (const row of kept.inheritance) inheritance.push(row);
  }
  keptSyntacticRows = { resolutions: linked.resolutions, files: rows };
  return { calls: sortCalls(calls), inheritance: sortInheritance(inheritance) };
}

/** One file's syntactic rows, and what they were made from: its first pass, the files its names were looked up in, the names it guessed by. */
interface SyntacticRows {
  outcome: ScriptFileOutcome;
  reads: ReadonlySet<string>;
  guessedNames: ReadonlySet<string>;
  calls: CallRow[];
  inheritance: InheritanceRow[];
}

/** The last syntactic resolution in this process, while its module resolutions are the kept ones (one repository). */
let keptSyntacticRows: { resolutions: KeptResolutions; files: Map<string, SyntacticRows> } | null = null;

/** Files whose first pass is not the object it was (changed, added, removed), and the names their symbols had or have. */
function changesSince(
  before: ReadonlyMap<string, SyntacticRows> | null,
  files: ReadonlyMap<string, LinkedFile>,
): { changedPaths: Set<string>; changedNames: Set<string> } {
  const changedPaths = new Set<string>();
  const changedNames = new Set<string>();
  const namesOf = (outcome: ScriptFileOutcome | undefined): void => {
    if (outcome && !('skipped' in outcome)) for (const symbol of outcome.symbols) changedNames.add(symbol.name);
  };
  if (before === null) return { changedPaths, changedNames };
  for (const [path, { outcome }] of files) {
    const earlier = before.get(path)?.outcome;
    if (earlier === outcome) continue;
    changedPaths.add(path);
    namesOf(earlier);
    namesOf(outcome);
  }
  for (const [path, { outcome }] of before) {
    if (files.has(path)) continue;
    changedPaths.add(path);
    namesOf(outcome);
  }
  return { changedPaths, changedNames };
}

function isUnaffected(kept: SyntacticRows, changedPaths: ReadonlySet<string>, changedNames: ReadonlySet<string>): boolean {
  for (const path of kept.reads) if (changedPaths.has(path)) return false;
  for (const name of kept.guessedNames) if (changedNames.has(name)) return false;
  return true;
}

function resolveFileBySyntax(
  scope: ModuleScope,
  symbolsByName: ReadonlyMap<string, SymbolRow[]>,
  path: string,
  file: LinkedFile,
  reachable: (candidate: SymbolRow) => boolean,
): SyntacticRows {
  const reads = new Set<string>([path]);
  const guessedNames = new Set<string>();
  const guessing = { get: (name: string) => (guessedNames.add(name), symbolsByName.get(name)) };
  scope.reads = reads;
  try {
    return {
      outcome: file.outcome,
      reads,
      guessedNames,
      calls: resolveCalls(
        file.calls,
        (call) => asResolution(scope.resolveReference(call.callee, call.path, call.callerUid, 'value')),
        'import',
        guessing,
        1,
        'name',
        reachable,
      ),
      inheritance: resolveHeritage(file.heritage, (site) => {
        const target = scope.resolveReference(site.target, site.path, null, 'type');
        return target?.kind === 'symbol' ? target.uid : undefined;
      }),
    };
  } finally {
    scope.reads = null;
  }
}

/** IMPORTS rows of one file: one per repository file it names, with every name taken from it and the pair's kind. */
function importRows(
  input: ExtractionInput,
  file: RepoFile,
  specifiers: [specifier: string, names: string[], kind: DeferredImportKind | null][],
  resolve: (specifier: string) => string | null,
): ImportRow[] {
  const byTarget = new Map<string, { names: Set<string>; kinds: (DeferredImportKind | null)[] }>();
  for (const [specifier, names, kind] of specifiers) {
    const target = resolve(specifier);
    if (target === null || target === file.path) continue;
    const pair = byTarget.get(target) ?? { names: new Set<string>(), kinds: [] };
    for (const name of names) pair.names.add(name);
    pair.kinds.push(kind);
    byTarget.set(target, pair);
  }
  const fromUid = input.fileUids.get(file.path)!;
  return [...byTarget.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, { names, kinds }]) => {
      const kind = pairImportKind(kinds);
      return { fromUid, toUid: input.fileUids.get(path)!, names: [...names].sort(), ...(kind && { kind }) };
    });
}

/**
 * Module resolution probes many candidate paths per import. Inside the repository (outside its
 * node_modules) the listing already says which files and directories exist; elsewhere the disk is
 * asked, once per path. Workspace packages linked through node_modules still resolve.
 */
function repositoryResolutionHost(rootPath: string, scriptPaths: Iterable<string>): ts.ModuleResolutionHost {
  const files = new Set(scriptPaths);
  const directories = new Set<string>();
  for (const file of files) {
    for (let dir = dirname(file); dir.length > rootPath.length && !directories.has(dir); dir = dirname(dir)) directories.add(dir);
  }
  directories.add(rootPath);
  const remembered = <T>(ask: (path: string) => T): ((path: string) => T) => {
    const answers = new Map<string, T>();
    return (path) => {
      let answer = answers.get(path);
      if (answer === undefined) answers.set(path, (answer = ask(path)));
      return answer;
    };
  };
  const fileOnDisk = remembered((path) => ts.sys.fileExists(path));
  const directoryOnDisk = remembered((path) => ts.sys.directoryExists(path));
  return {
    // package.json files are not scripts: they are read from disk (TypeScript caches them per resolution cache).
    fileExists: (path) => (ownPath(rootPath, path) && !path.endsWith('package.json') ? files.has(path) : fileOnDisk(path)),
    directoryExists: (path) => (ownPath(rootPath, path) && !path.endsWith('node_modules') ? directories.has(path) : directoryOnDisk(path)),
    readFile: (path) => ts.sys.readFile(path),
    realpath: ts.sys.realpath,
    getCurrentDirectory: () => rootPath,
  };
}

function asResolution(target: ScopeTarget | null): Resolution {
  if (target === null) return { kind: 'unknown' };
  return target.kind === 'symbol' ? { kind: 'repository', uid: target.uid } : { kind: 'external' };
}
