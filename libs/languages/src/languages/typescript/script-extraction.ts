// TypeScript and JavaScript extraction: the first pass and module linking when called, the exact pass when asked for.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { SourceFile as RepoFile } from '../../repository-files';
import type { CallRow, InheritanceRow, SkippedFile } from '@lore/domain';
import { type Extraction, type ExactResolution, type ExtractionInput, usesNativeChecker } from '../../extractor';
import type { FileResultCache } from '../../file-result-cache';
import { recordAnswers, repositoryChanges, resolveExactly, takeWarmProgram, type ExactPassInput } from './exact-pass';
import { readScripts } from './first-pass';
import { linkScripts, RepositoryModules, resolveBySyntax, resolveModulesThrough, type LinkedScripts } from './module-linking';
import {
  nativeCheckerVersion,
  projectShape,
  releaseNativeSession,
  takeNativeSession,
  type NativeCheckerSession,
  type NativeProgram,
} from './native-checker';
import { packageReferences } from './package-references';
import {
  EXACT_PASS_VERSION,
  FIRST_PASS_VERSION,
  ownPath,
  tooDeep,
  type Answers,
  type ResolvedHeritage,
  type ResolvedSite,
} from './script-model';
import { warmKey, type WarmProgram } from './warm-program';
import { compilerOptionsOf, projectOf, readPackageReach, readProjects, readWorkspace, type ScriptProject } from './workspace';

/**
 * Extracts symbols, calls and imports from TypeScript and JavaScript with the TypeScript compiler,
 * in two passes. The first reads syntax only: symbols, imports, and calls resolved through each
 * file's declarations and imports, followed across re-exports (`import`), else a unique name
 * (`name`); a file whose content did not change since the last run is not parsed, its first pass is
 * taken from the cache. That is what makes a repository queryable. The second, `resolveExactly`,
 * builds the whole program (reusing the first pass's trees, parsing the rest), type-checks it and
 * resolves every call again with the checker: `exact` when the project has a tsconfig or jsconfig
 * (the compiler sees the project as it is built), `import` when it does not; sites it cannot resolve
 * fall back to a unique name (`name`) or a few candidates (`ambiguous`).
 */
export function extractScripts(input: ExtractionInput): Extraction {
  const { rootPath } = input;
  const configPath = ['tsconfig.json', 'jsconfig.json'].find((name) => existsSync(join(rootPath, name))) ?? null;
  // What could not be read as written (a manifest, a bundler config, a tsconfig): the run goes on without it, and says so.
  const findings: SkippedFile[] = [];
  const options = compilerOptionsOf(rootPath, configPath, findings);
  const hasConfig = configPath !== null;
  const byAbsolute = new Map(input.files.map((file) => [join(rootPath, file.path), file]));
  const checkerId = checkerIdOf(input);
  // Answers differ between checkers: a warm program of one is not taken by the other.
  const projectKey = warmKey({ tenantId: input.tenantId, repositoryId: input.repositoryId, rootPath, options });
  const key = usesNativeChecker(input) ? `${checkerId}\0${projectKey}` : projectKey;
  const warm = takeWarmProgram(key);
  const { host, parsed, unparsable } = parsingHost(rootPath, options, byAbsolute, warm);
  // Files whose content did not change since the last run come from the cache; only the others are parsed.
  const firstPassCache = input.cache?.(`typescript-first-pass@${FIRST_PASS_VERSION}/${ts.version}`);
  const firstPass = readScripts(input, host, options, firstPassCache, unparsable);
  const repositoryPaths = new Set(input.fileUids.keys());
  const workspace = readWorkspace(rootPath, repositoryPaths);
  // A repository of several TypeScript projects (project references, workspace packages) is checked one project at a time.
  const projects = readProjects(rootPath, repositoryPaths, workspace?.dirs ?? [], findings);
  findings.push(...(workspace?.findings ?? []));
  const modules = new RepositoryModules(
    input,
    key,
    options,
    host,
    byAbsolute,
    workspace,
    projects,
    readPackageReach(rootPath, repositoryPaths),
  );
  const linked = linkScripts(input, firstPass.outcomes, modules);
  const syntactic = resolveBySyntax(linked, modules.reach);
  return {
    symbols: linked.symbols,
    calls: syntactic.calls,
    imports: linked.imports,
    inheritance: syntactic.inheritance,
    skipped: [...linked.skipped, ...uniqueFindings(findings)],
    externalReferences: packageReferences(input, firstPass.outcomes, modules),
    resolveExactly: async () => {
      const native = nativeSession(input, modules, linked, key);
      let keepSession = true;
      try {
        if (projects) {
          const pass = { input, host, byAbsolute, parsed, firstPass, modules, linked };
          const resolution = resolveProjectByProject(
            pass,
            options,
            projects,
            (projectKey) => exactCacheOf(input, checkerId, projectKey),
            native,
          );
          return { ...resolution, skipped: [...native.skipped, ...resolution.skipped] };
        }
        const nativeProgram = native.session && {
          session: native.session,
          program: {
            dir: rootPath,
            configPath: configPath && join(rootPath, configPath),
            options,
            workspaceImports: native.workspaceImports,
            part: 0,
          },
          configPath,
        };
        const { calls, inheritance, skipped } = resolveExactly({
          input,
          options,
          hasConfig,
          host,
          key,
          warm,
          byAbsolute,
          parsed,
          firstPass,
          modules,
          linked,
          cache: exactCacheOf(input, checkerId, key),
          keepWarm: true,
          native: nativeProgram ?? undefined,
        });
        return { calls, inheritance, skipped: [...native.skipped, ...skipped] };
      } catch (error) {
        keepSession = false;
        // The binder and checker recurse too; when they give up, the syntactic answer stands, said so.
        return { ...syntactic, skipped: [{ path: '.', reason: `${tooDeep(error, 'type-check')}: calls stay resolved by scope and name` }] };
      } finally {
        if (native.session) releaseNativeSession(native.session, keepSession ? native.sessionKey : null);
      }
    },
  };
}

/** The checker the exact pass asks, with its version: what its answers are kept under. */
function checkerIdOf(input: ExtractionInput): string {
  return usesNativeChecker(input) ? `typescript-native@${nativeCheckerVersion()}` : `typescript@${ts.version}`;
}

/**
 * TypeScript 7's checker for this exact pass unless the run asks for TypeScript 6's
 * (LORE_TYPESCRIPT_CHECKER): the session the last run of the same key and project shape kept, told
 * which files changed since, or a new one; with the workspace's imports its programs map to source;
 * none, and the reason listed, when it does not start.
 */
function nativeSession(
  input: ExtractionInput,
  modules: RepositoryModules,
  linked: LinkedScripts,
  key: string,
): { session: NativeCheckerSession | null; sessionKey: string; workspaceImports: Map<string, string>; skipped: SkippedFile[] } {
  const workspaceImports = new Map<string, string>();
  if (!usesNativeChecker(input)) return { session: null, sessionKey: key, workspaceImports, skipped: [] };
  const sessionKey = `${key}\0${projectShape(input.rootPath, input.fileUids.keys())}`;
  for (const specifiers of linked.specifiersByPath.values())
    for (const specifier of specifiers) {
      if (specifier.startsWith('.') || workspaceImports.has(specifier)) continue;
      const file = modules.workspacePackageFile(specifier);
      if (file !== null) workspaceImports.set(specifier, join(input.rootPath, file));
    }
  try {
    const session = takeNativeSession(sessionKey, input.rootPath);
    session.noteFiles(new Map(input.files.map((file) => [join(input.rootPath, file.path), file.contentHash])));
    return { session, sessionKey, workspaceImports, skipped: [] };
  } catch (error) {
    const reason = `TypeScript 7's checker did not start (${String(error)}): calls checked with TypeScript 6`;
    return { session: null, sessionKey, workspaceImports, skipped: [{ path: '.', reason }] };
  }
}

/** Each finding once: a config read for the root and again as a project says what was wrong with it once. */
function uniqueFindings(findings: readonly SkippedFile[]): SkippedFile[] {
  return [...new Map(findings.map((finding) => [`${finding.path}\0${finding.reason}`, finding])).values()];
}

/** The exact pass's answers hold for one set of compiler options and installed packages: the key says which. */
function exactCacheOf(input: ExtractionInput, checkerId: string, key: string): FileResultCache | undefined {
  return input.cache?.(`typescript-exact@${EXACT_PASS_VERSION}/${checkerId}/${createHash('sha256').update(key).digest('hex')}`);
}

/** The repository's record of its programs' answers (see repositoryChanges): one for all its projects' options. */
function exactRecordOf(input: ExtractionInput): FileResultCache | undefined {
  return input.cache?.(`typescript-exact-record@${EXACT_PASS_VERSION}/${checkerIdOf(input)}`);
}

/**
 * Above this resident size, the exact pass of several projects collects the garbage of the programs
 * it let go before building the next, once they add up to COLLECT_EVERY_BYTES (a collection of the
 * kept trees takes about a second: not after every small package). At 512 MiB, prisma's peak was
 * a large program built over 400 MiB of the last one's garbage.
 */
const COLLECT_ABOVE_BYTES = 2 * 1024 ** 3;
const COLLECT_EVERY_BYTES = 256 * 1024 ** 2;

/**
 * A checker's memory grows with the files it checks: a project of more files than this is checked
 * in parts of at most this many, each its own program over the shared trees (prisma's integration
 * tests, 1,020 files, took 1.3 GB in one checker over the 2 GB of kept trees; in four parts, 0.3 to
 * 0.8 GB each; parts of 128 files peaked no lower, the largest part's cost being the types its
 * files share).
 */
const MAX_FILES_PER_PROGRAM = 256;

/**
 * A project's files in parts of at most MAX_FILES_PER_PROGRAM, in path order (a directory's files
 * together: they import each other, and a part checks what they share once), each part with the key
 * its answers are kept under: the project's own when it is one part, so that its cache is the same.
 */
export function programParts(files: readonly RepoFile[], projectKey: string): { files: RepoFile[]; key: string }[] {
  if (files.length <= MAX_FILES_PER_PROGRAM) return [{ files: [...files], key: projectKey }];
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const count = Math.ceil(sorted.length / MAX_FILES_PER_PROGRAM);
  const size = Math.ceil(sorted.length / count);
  return Array.from({ length: count }, (_, i) => ({
    files: sorted.slice(i * size, (i + 1) * size),
    key: `${projectKey}#part ${i + 1} of ${count}`,
  }));
}

/**
 * The exact pass of a repository of several projects: one program per project, with the options of
 * its own tsconfig, over the files it owns (see projectOf), checked and let go before the next is
 * built, so that one checker's memory is held at a time, not the whole monorepo's. The trees are
 * shared: a package's files parsed once serve every program that imports it. Each project's answers
 * are kept on disk under its own options; no program's trees are kept warm in the process (only a
 * repository of one program's are), but TypeScript 7's session is, with every program it opened.
 * What a change since the last run reaches is told once for the repository (repositoryChanges): a
 * program none of whose files it reaches is not built.
 */
function resolveProjectByProject(
  pass: Pick<ExactPassInput, 'input' | 'host' | 'byAbsolute' | 'parsed' | 'firstPass' | 'modules' | 'linked'>,
  firstPassOptions: ts.CompilerOptions,
  projects: readonly ScriptProject[],
  cacheOf: (key: string) => FileResultCache | undefined,
  native: { session: NativeCheckerSession | null; workspaceImports: ReadonlyMap<string, string> },
): ExactResolution {
  const { input, byAbsolute, modules } = pass;
  const { rootPath } = input;
  const filesOf = new Map<ScriptProject, RepoFile[]>();
  for (const file of input.files) {
    const project = projectOf(projects, file.path);
    filesOf.set(project, [...(filesOf.get(project) ?? []), file]);
  }
  const keyOf = (project: ScriptProject): string =>
    warmKey({ tenantId: input.tenantId, repositoryId: input.repositoryId, rootPath, options: project.options });
  // Each file's program, by the key its answers are kept under.
  const partKeyOf = new Map<string, string>();
  for (const [project, projectFiles] of filesOf)
    for (const { files, key } of programParts(projectFiles, keyOf(project))) for (const file of files) partKeyOf.set(file.path, key);
  const record = exactRecordOf(input);
  const reached = repositoryChanges(
    {
      files: input.files.filter((file) => !('skipped' in pass.firstPass.outcomes.get(file.path)!)),
      rootPath,
      host: pass.host,
      modules,
      linked: pass.linked,
      surfaceBefore: (path) => (cacheOf(partKeyOf.get(path)!)?.previous(path) as Answers | undefined)?.surface,
    },
    record,
  );
  // Trees of the standard library and installed packages, shared by the programs (as a language server shares them).
  const outside = new Map<string, ts.SourceFile>();
  const calls: CallRow[] = [];
  const inheritance: InheritanceRow[] = [];
  const skipped: SkippedFile[] = [];
  let liveAfterCollection = 0;
  const order = checkingOrder(
    projects,
    (project) => filesOf.get(project)?.length ?? 0,
    // A project's parts are checked one after another, opened and closed together: its first stands for them.
    (project) => native.session?.isOpen({ dir: join(rootPath, project.dir), part: 0 }) ?? false,
  );
  for (const project of order) {
    const projectFiles = filesOf.get(project);
    if (!projectFiles) continue;
    const projectKey = keyOf(project);
    const host = projectHost(pass.host, project.options, parseKey(project.options) === parseKey(firstPassOptions), byAbsolute, outside);
    resolveModulesThrough(
      host,
      ts.createModuleResolutionCache(rootPath, (name) => name, project.options),
      rootPath,
      (specifier) => modules.workspacePackageFile(specifier),
    );
    for (const [part, { files, key }] of programParts(projectFiles, projectKey).entries()) {
      const resolution = resolveExactly({
        ...pass,
        input: { ...input, files },
        options: project.options,
        hasConfig: project.configPath !== null,
        host,
        key,
        warm: null,
        cache: cacheOf(key),
        keepWarm: false,
        reachedElsewhere: reached,
        native: nativeProgramOf(native, rootPath, project, part),
      });
      recordAnswers(record, resolution);
      calls.push(...resolution.calls);
      inheritance.push(...resolution.inheritance);
      skipped.push(...resolution.skipped);
      // The programs let go are garbage V8 would collect only as the heap nears its limit, on top of
      // the next program's: collected once the process is large and they add up (where Node runs
      // with --expose-gc, as bin/lore.js starts the indexing commands), the peak is one checker's.
      const { rss, heapUsed } = process.memoryUsage();
      const gc = (globalThis as { gc?: () => void }).gc;
      if (gc && rss > COLLECT_ABOVE_BYTES && heapUsed - liveAfterCollection > COLLECT_EVERY_BYTES) {
        gc();
        liveAfterCollection = process.memoryUsage().heapUsed;
      }
    }
  }
  return {
    calls: calls.sort((a, b) => a.callerUid.localeCompare(b.callerUid) || a.calleeUid.localeCompare(b.calleeUid)),
    inheritance: inheritance.sort((a, b) => a.fromUid.localeCompare(b.fromUid) || a.toUid.localeCompare(b.toUid)),
    skipped: uniqueFindings(skipped),
  };
}

/**
 * The order a repository's projects are checked in. Those TypeScript 7's session holds open first:
 * checked in the same order each run, a change reaching more programs than the session keeps open
 * would find each closed just before it was needed (the least recently checked is closed first), and
 * reopen every one; checked first, only the others are opened. Then the largest first, while the
 * process is smallest: the trees of declaration files outside the repository (kept for the programs
 * after) and the answers add up as projects are checked.
 */
export function checkingOrder<Project>(
  projects: readonly Project[],
  sizeOf: (project: Project) => number,
  isOpen: (project: Project) => boolean,
): Project[] {
  return [...projects].sort((a, b) => Number(isOpen(b)) - Number(isOpen(a)) || sizeOf(b) - sizeOf(a));
}

/** A project's program (one of its parts) for TypeScript 7's checker, when it is asked. */
function nativeProgramOf(
  native: { session: NativeCheckerSession | null; workspaceImports: ReadonlyMap<string, string> },
  rootPath: string,
  project: ScriptProject,
  part: number,
): ExactPassInput['native'] {
  if (!native.session) return undefined;
  const program: Omit<NativeProgram, 'files'> = {
    dir: join(rootPath, project.dir),
    configPath: project.configPath && join(rootPath, project.configPath),
    options: project.options,
    workspaceImports: native.workspaceImports,
    part,
  };
  return { session: native.session, program, configPath: project.configPath };
}

/**
 * The options a syntax tree depends on once a program has held it: its parse, its binding, and the
 * imports a program adds to it (the JSX runtime's, tslib's). TypeScript's own list
 * (`affectsSourceFile` options), with `strict`, from which `alwaysStrict` follows.
 */
const PARSE_OPTIONS = [
  'target',
  'module',
  'moduleResolution',
  'moduleDetection',
  'jsx',
  'jsxImportSource',
  'importHelpers',
  'alwaysStrict',
  'strict',
  'noFallthroughCasesInSwitch',
  'allowUnusedLabels',
  'allowUnreachableCode',
] as const;

function parseKey(options: ts.CompilerOptions): string {
  return JSON.stringify(PARSE_OPTIONS.map((name) => options[name] ?? null));
}

/**
 * A project's compiler host. The repository's files come through the shared host (parsed once, by
 * the first pass) when the project's options parse as the first pass's did (`sameTrees`); otherwise
 * they are parsed for this project alone and let go with it: a tree another program held under
 * other options carries imports this one would not add (TypeScript asserts on the JSX runtime's).
 * Declaration files outside the repository (the standard library, installed packages) are parsed once
 * per run, target and module format: kept for every project, not once per project.
 */
function projectHost(
  shared: ts.CompilerHost,
  options: ts.CompilerOptions,
  sameTrees: boolean,
  byAbsolute: ReadonlyMap<string, RepoFile>,
  outside: Map<string, ts.SourceFile>,
): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const defaultGetSourceFile = host.getSourceFile.bind(host);
  const ownTrees = new Map<string, ts.SourceFile | undefined>();
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const file = byAbsolute.get(fileName);
    if (file && sameTrees) return shared.getSourceFile(fileName, languageVersion, onError, shouldCreate);
    if (file) {
      if (!ownTrees.has(fileName)) {
        let tree: ts.SourceFile | undefined;
        try {
          tree = file.text === null ? undefined : ts.createSourceFile(fileName, file.text, languageVersion, false, scriptKindOf(fileName));
        } catch {
          // Too deep to parse: the first pass said so already.
          tree = undefined;
        }
        ownTrees.set(fileName, tree);
      }
      return ownTrees.get(fileName);
    }
    // A declaration file has no JSX and gets no helpers' import: its target and module format tell two parses apart.
    const format =
      typeof languageVersion === 'object' ? `${languageVersion.languageVersion}/${languageVersion.impliedNodeFormat}` : languageVersion;
    const keyed = `${format}\0${fileName}`;
    let sourceFile = outside.get(keyed);
    if (!sourceFile) {
      sourceFile = defaultGetSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (sourceFile) outside.set(keyed, sourceFile);
    }
    return sourceFile;
  };
  return host;
}

/**
 * A compiler host that parses each of the repository's files once: the typed pass reuses the trees of
 * the first, and of the last run in this process for files whose content did not change. Trees are
 * parsed without parent pointers, as tsc parses them: the first pass sets them as it walks
 * (walkPreorder), and the binder where the first pass did not walk. `unparsable` says why a file has no tree.
 */
function parsingHost(
  rootPath: string,
  options: ts.CompilerOptions,
  byAbsolute: ReadonlyMap<string, RepoFile>,
  warm: WarmProgram<ResolvedSite, ResolvedHeritage> | null,
): { host: ts.CompilerHost; parsed: Map<string, ts.SourceFile>; unparsable: Map<string, string> } {
  const host = ts.createCompilerHost(options);
  const parsed = new Map<string, ts.SourceFile>();
  const unparsable = new Map<string, string>();
  const defaultGetSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const own = byAbsolute.get(fileName);
    if (own?.text == null) {
      // The standard library and installed packages: unchanged while the warm key holds.
      const kept = ownPath(rootPath, fileName) ? undefined : warm?.outside.get(fileName);
      return kept ?? defaultGetSourceFile(fileName, languageVersion, onError, shouldCreate);
    }
    let sourceFile = parsed.get(fileName);
    const kept = warm?.files.get(own.path);
    if (!sourceFile && kept?.contentHash === own.contentHash) parsed.set(fileName, (sourceFile = kept.sourceFile));
    if (!sourceFile && !unparsable.has(fileName)) {
      try {
        sourceFile = ts.createSourceFile(fileName, own.text, languageVersion, false, scriptKindOf(fileName));
        parsed.set(fileName, sourceFile);
      } catch (error) {
        // The parser recurses per level of nesting: a deep enough file exhausts the stack.
        unparsable.set(fileName, tooDeep(error, 'parse'));
      }
    }
    return sourceFile;
  };
  return { host, parsed, unparsable };
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
