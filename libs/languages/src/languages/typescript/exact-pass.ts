// The exact pass: every call site and heritage clause resolved again by the TypeScript checker, and the answers kept for the next run.
import { join } from 'node:path';
import ts from 'typescript';
import type { SkippedFile } from '@lore/domain';
import type { ExactResolution, ExtractionInput } from '../../extractor';
import type { FileResultCache } from '../../file-result-cache';
import type { SourceFile as RepoFile } from '../../repository-files';
import { resolveCalls, resolveHeritage, sortCalls } from './call-rows';
import { declarationUidsOf, treesOf, type FirstPass } from './first-pass';
import { keepResolutions, type LinkedScripts, type RepositoryModules } from './module-linking';
import { changedNames, filesToResolveAgain, moduleSurface, type ModuleSurface } from './module-surface';
import type { NativeAnswers, NativeCheckerSession, NativeProgram, UidAtSpan } from './native-checker';
import {
  calleeExpressionOf,
  checkedOrUnknown,
  type Answers,
  type CallNode,
  type FileTrees,
  type ResolvedHeritage,
  type ResolvedSite,
} from './script-model';
import { declaresGlobals, typeSpecifiers, type Resolution, type WarmFile, type WarmProgram } from './warm-program';

const MAX_AMBIGUOUS_TARGETS = 5;

/** The last exact pass in this process (one repository at a time: its trees are hundreds of megabytes). */
let warmProgram: WarmProgram<ResolvedSite, ResolvedHeritage> | null = null;

/** The last exact pass's trees and answers, if they were of the same repository, options and packages (the warm key). */
export function takeWarmProgram(key: string): WarmProgram<ResolvedSite, ResolvedHeritage> | null {
  // Taken, not shared: a run that stops half-way leaves nothing half-updated for the next.
  const warm = warmProgram?.key === key ? warmProgram : null;
  warmProgram = null;
  return warm;
}

/** What the first pass and module linking leave for the exact pass, and how its program parses. */
export interface ExactPassInput {
  input: ExtractionInput;
  options: ts.CompilerOptions;
  /** With a tsconfig or jsconfig the checker's answers are `exact`; without, `import`. */
  hasConfig: boolean;
  /** Parses each repository file once, sharing the first pass's trees and the warm program's. */
  host: ts.CompilerHost;
  key: string;
  warm: WarmProgram<ResolvedSite, ResolvedHeritage> | null;
  byAbsolute: ReadonlyMap<string, RepoFile>;
  /** The trees the host parsed or took, by file name. */
  parsed: ReadonlyMap<string, ts.SourceFile>;
  firstPass: FirstPass;
  modules: RepositoryModules;
  linked: LinkedScripts;
  /** The exact pass's answers per file, kept between processes. */
  cache: FileResultCache | undefined;
  /** Whether this pass's trees are kept for the next run in this process: one program's, not a project's of several. */
  keepWarm: boolean;
  /**
   * For one program of a repository checked in several: the files a change since the last exact pass
   * reaches, told for the whole repository at once (see repositoryChanges); null when every file is
   * resolved again. A file of another program is then this pass's concern only through that set;
   * undefined, every file importing one is resolved again.
   */
  reachedElsewhere?: ReadonlySet<string> | null;
  /** TypeScript 7's checker, when the run asks for it: this pass's program, the files TypeScript 6 checks only where it cannot. */
  native?: { session: NativeCheckerSession; program: Omit<NativeProgram, 'files'>; configPath: string | null };
}

/** What an exact pass answered, file by file: the repository's record of it is made from these (see recordAnswers). */
export interface ExactPassResult extends ExactResolution {
  answers: ReadonlyMap<string, { contentHash: string; answers: Answers }>;
}

/**
 * Builds the program (reusing the first pass's trees, parsing the rest), type-checks it and resolves
 * again every call and heritage clause of the files a change reaches; the other files keep their
 * earlier answers. Throws when the binder or checker recurse too deeply (see tooDeep).
 */
export function resolveExactly(pass: ExactPassInput): ExactPassResult {
  const { input, options, hasConfig, host, key, warm, byAbsolute, parsed, modules, cache, reachedElsewhere } = pass;
  const { rootPath } = input;
  const { outcomes, trees } = pass.firstPass;
  const { specifiersByPath, symbolsByName } = pass.linked;
  const resolveFrom = (path: string, specifier: string): string | null => modules.resolveFrom(path, specifier);
  // This pass's files: the repository's, or one project's of a repository of several (see workspace.ts).
  const allFiles = input.files.map((file) => join(rootPath, file.path));
  const createProgram = (rootNames: string[]): ts.Program => ts.createProgram({ rootNames, options, host });
  // Each file's tree as the program will hold it: this run's first pass, else the last run's for
  // unchanged content; none yet for a file whose first pass came from the cache.
  const current = new Map<string, { file: RepoFile; sourceFile: ts.SourceFile | undefined }>();
  for (const file of input.files) {
    if ('skipped' in outcomes.get(file.path)!) continue;
    const kept = warm?.files.get(file.path);
    const sourceFile = parsed.get(join(rootPath, file.path)) ?? (kept?.contentHash === file.contentHash ? kept.sourceFile : undefined);
    current.set(file.path, { file, sourceFile });
  }
  const earlier = earlierAnswers(warm, cache, current);
  let program: ts.Program | undefined;
  // A file without answers is read for what it names; without a tree yet, the whole program gives it one.
  if ([...current].some(([path, { sourceFile }]) => !sourceFile && !earlier.answers.has(path))) {
    program = createProgram(allFiles);
    for (const [path, entry] of current) {
      entry.sourceFile = program.getSourceFile(join(rootPath, path));
      if (!entry.sourceFile) current.delete(path);
    }
  }
  // Each changed file, with the names its edit changed where the surface it had is known (see module-surface.ts).
  const changed = new Map<string, Set<string> | null>();
  // A known file not among this pass's is gone, or another program's: what its change reaches is in reachedElsewhere.
  const elsewhere = (path: string): boolean => reachedElsewhere !== undefined && input.fileUids.has(path);
  for (const path of earlier.known) if (!current.has(path) && !elsewhere(path)) changed.set(path, null);
  // Parsed through the host, once: a file whose tree is read here is mostly one the program then holds.
  const treeNow = (path: string): ts.SourceFile | undefined => {
    const entry = current.get(path);
    if (!entry) return undefined;
    return entry.sourceFile ?? host.getSourceFile(join(rootPath, path), ts.ScriptTarget.Latest);
  };
  for (const path of current.keys()) {
    if (earlier.answers.has(path)) continue;
    const before = earlier.surface(path);
    const tree = before && treeNow(path);
    changed.set(path, before && tree ? changedNames(before, moduleSurface(tree)) : null);
  }
  const specifiers = new Map<string, string[]>();
  const dependencies = new Map<string, string[]>();
  for (const [path, { sourceFile }] of current) {
    const named = earlier.answers.get(path)?.answers.specifiers ?? [...specifiersByPath.get(path)!, ...typeSpecifiers(sourceFile!)];
    specifiers.set(path, named);
    const targets = named.map((specifier) => resolveFrom(path, specifier)).filter((target) => target !== null);
    dependencies.set(path, targets);
    // Its imports now lead elsewhere (a file added, a package.json changed): as good as edited, names unknown.
    const before = earlier.answers.get(path)?.answers.dependencies;
    if (before && (before.length !== targets.length || before.some((target, i) => target !== targets[i]))) changed.set(path, null);
  }
  // A file without a tree here has the content it had: it declares globals as it did.
  const declaresGlobalsNow = (path: string): boolean => {
    const sourceFile = current.get(path)?.sourceFile;
    return sourceFile !== undefined && declaresGlobals(sourceFile);
  };
  const globalChange =
    reachedElsewhere === null || !earlier.any || [...changed.keys()].some((path) => earlier.globals.has(path) || declaresGlobalsNow(path));
  const before = [...earlier.answers].map(([path, kept]): [string, string[]] => [path, kept.answers.dependencies]);
  const again = globalChange
    ? null
    : filesToResolveAgain(changed, {
        dependencies: [...dependencies, ...before],
        text: (path) => current.get(path)?.file.text ?? undefined,
        tree: treeNow,
        target: resolveFrom,
      });
  for (const path of reachedElsewhere ?? []) if (current.has(path)) again?.add(path);
  // The program need not hold more than the files to resolve again, what they import, directly or
  // not, and the files that declare globals: nothing else can change a type they see. A commit
  // hook's `lore index` after a small change parses a part of the repository, not all of it, and
  // a running lore builds and checks a part of its kept trees.
  const partial = again !== null && !program;
  // Nothing to resolve again (an unchanged commit): no program, no checker.
  if (!program && again?.size !== 0) {
    const roots = partial
      ? [...again, ...[...earlier.globals].filter((path) => current.has(path))].map((path) => join(rootPath, path))
      : allFiles;
    program = createProgram(roots);
  }

  const fresh: [string, FileTrees][] = [];
  const files = new Map<string, WarmFile<ResolvedSite, ResolvedHeritage>>();
  const answersByPath = new Map<string, { contentHash: string; answers: Answers }>();
  for (const [path, { file }] of current) {
    const sourceFile = program?.getSourceFile(join(rootPath, path));
    const kept = again === null || again.has(path) ? undefined : earlier.answers.get(path);
    if (!kept) {
      const own = trees.get(path);
      const fileTrees = own?.sourceFile === sourceFile ? own : treesOf(input, file, sourceFile);
      if (!fileTrees) continue;
      fresh.push([path, fileTrees]);
      continue;
    }
    const answers = { ...kept.answers, dependencies: dependencies.get(path)! };
    answersByPath.set(path, { contentHash: file.contentHash, answers });
    // Outside a partial program, a call resolved again cannot land here: no declarations needed.
    if (!sourceFile) continue;
    files.set(path, { contentHash: file.contentHash, sourceFile, answers });
  }
  const uidOfDeclaration = declarationUidsOf(input, byAbsolute);
  const skipped: SkippedFile[] = [];
  const native =
    pass.native && fresh.length > 0
      ? nativelyChecked(pass.native, program!, fresh, uidAtSpan(uidOfDeclaration, byAbsolute, program!, host), skipped)
      : undefined;
  // TypeScript 6 checks what the native checker did not answer (all of it when it is not asked).
  const checker = fresh.some(([path]) => !native?.has(path)) ? program!.getTypeChecker() : undefined;
  for (const [path, fileTrees] of fresh) {
    const nativeAnswers = native?.get(path);
    const ask: CheckerQuestions = nativeAnswers
      ? { site: (i) => nativeAnswers.sites[i]!, heritage: (i) => nativeAnswers.heritage[i] }
      : {
          site: (i) =>
            checkedOrUnknown(() => resolveWithChecker(fileTrees.sites[i]!.node, checker!, uidOfDeclaration), { kind: 'unknown' }),
          heritage: (i) => checkedOrUnknown(() => heritageTarget(fileTrees.heritage[i]!.expression, checker!, uidOfDeclaration), undefined),
        };
    const answers = checkedAnswers(fileTrees, specifiers.get(path)!, dependencies.get(path)!, ask);
    const contentHash = current.get(path)!.file.contentHash;
    answersByPath.set(path, { contentHash, answers });
    files.set(path, { contentHash, sourceFile: fileTrees.sourceFile, answers });
  }
  keepResolutions(modules.resolutions);
  if (pass.keepWarm) keepWarmProgram(key, warm, program, byAbsolute, current, files, answersByPath);
  keepAnswers(cache, answersByPath, new Set(fresh.map(([path]) => path)));
  const ordered = input.files
    .map((file) => ({ path: file.path, answers: answersByPath.get(file.path)?.answers }))
    .filter((entry): entry is { path: string; answers: Answers } => entry.answers !== undefined);
  // A caller is declared in one file: each file's rows are its own, resolved with what that file reaches.
  const calls = ordered.flatMap(({ path, answers }) => {
    const reachable = modules.reach.from(path, answers.specifiers);
    return resolveCalls(
      answers.sites,
      (site) => site.resolution,
      hasConfig ? 'exact' : 'import',
      symbolsByName,
      MAX_AMBIGUOUS_TARGETS,
      'ambiguous',
      (candidate) => reachable(candidate.path),
    );
  });
  return {
    calls: sortCalls(calls),
    inheritance: resolveHeritage(
      ordered.flatMap(({ answers }) => answers.heritage),
      (site) => site.toUid,
    ),
    skipped,
    answers: answersByPath,
  };
}

/** What the checker answered for a file's i-th call site and heritage clause. */
interface CheckerQuestions {
  site(i: number): Resolution;
  heritage(i: number): string | undefined;
}

/** A file's answers from the checker: the target of each call site and heritage clause, and what a later run needs of the file. */
function checkedAnswers(fileTrees: FileTrees, specifiers: string[], dependencies: string[], ask: CheckerQuestions): Answers {
  return {
    specifiers,
    dependencies,
    global: declaresGlobals(fileTrees.sourceFile),
    surface: moduleSurface(fileTrees.sourceFile),
    sites: fileTrees.sites.map(({ callerUid, line, isNew, callee }, i) => ({ callerUid, line, isNew, callee, resolution: ask.site(i) })),
    heritage: fileTrees.heritage.map(({ fromUid, kind, target }, i) => ({ fromUid, kind, target, toUid: ask.heritage(i) })),
  };
}

/**
 * The fresh files' answers from TypeScript 7's checker, by repository path, over the roots of this
 * pass's TypeScript 6 program; undefined when it cannot load the program, which the run then lists
 * (the project and the reason) before TypeScript 6 checks the files, as it checks a file the native
 * program does not hold.
 */
function nativelyChecked(
  native: NonNullable<ExactPassInput['native']>,
  program: ts.Program,
  fresh: readonly [string, FileTrees][],
  uidAt: UidAtSpan,
  skipped: SkippedFile[],
): Map<string, NativeAnswers> | undefined {
  const project = native.configPath ?? '.';
  const files = new Map(fresh.map(([, trees]) => [trees.sourceFile.fileName, trees]));
  let byFileName: Map<string, NativeAnswers>;
  try {
    byFileName = native.session.check({ ...native.program, files: [...program.getRootFileNames()] }, files, uidAt);
  } catch (error) {
    skipped.push({ path: project, reason: `TypeScript 7 could not check the project (${String(error)}): checked with TypeScript 6` });
    return undefined;
  }
  if (byFileName.size < files.size)
    skipped.push({
      path: project,
      reason: `TypeScript 7's program held ${byFileName.size} of the ${files.size} files to check: the others checked with TypeScript 6`,
    });
  const byPath = new Map<string, NativeAnswers>();
  for (const [path, trees] of fresh) {
    const answers = byFileName.get(trees.sourceFile.fileName);
    if (answers) byPath.set(path, answers);
  }
  return byPath;
}

/**
 * The repository symbol declared at a span of a file, as TypeScript 6's trees know it: the native
 * checker names declarations by file and position, which count alike in both (UTF-16 offsets).
 * A variable whose initializer is the declaration (`const f = () => …`) is that declaration's, as in resolveWithChecker.
 */
function uidAtSpan(
  uidOf: (declaration: ts.Node) => string | undefined,
  byAbsolute: ReadonlyMap<string, RepoFile>,
  program: ts.Program,
  host: ts.CompilerHost,
): UidAtSpan {
  const uidAt = (fileName: string, pos: number, end: number): string | undefined => {
    if (!byAbsolute.has(fileName)) return undefined;
    const sourceFile = program.getSourceFile(fileName) ?? host.getSourceFile(fileName, ts.ScriptTarget.Latest);
    if (!sourceFile) return undefined;
    const found: ts.Node[] = [];
    const visit =
      (parent: ts.Node) =>
      (node: ts.Node): void => {
        if (node.pos > pos || node.end < end) return;
        // A tree no checker bound yet has no parents: the path down is set, as the binder would (uidOf asks for the node's file).
        if (!node.parent) (node as { parent: ts.Node }).parent = parent;
        if (node.pos === pos && node.end === end) found.push(node);
        ts.forEachChild(node, visit(node));
      };
    ts.forEachChild(sourceFile, visit(sourceFile));
    for (const node of found) {
      const uid = uidOf(node) ?? (ts.isVariableDeclaration(node) && node.initializer ? uidOf(node.initializer) : undefined);
      if (uid) return uid;
    }
    return undefined;
  };
  return { owns: (fileName) => byAbsolute.has(fileName), uidAt };
}

/**
 * Keeps this run's trees for the next, not its program: the checker (the largest part of it) goes
 * with this run. Trees kept before and left out of a partial program stay kept, with their files' answers.
 */
function keepWarmProgram(
  key: string,
  warm: WarmProgram<ResolvedSite, ResolvedHeritage> | null,
  program: ts.Program | undefined,
  byAbsolute: ReadonlyMap<string, RepoFile>,
  current: ReadonlyMap<string, { file: RepoFile; sourceFile: ts.SourceFile | undefined }>,
  files: Map<string, WarmFile<ResolvedSite, ResolvedHeritage>>,
  answersByPath: ReadonlyMap<string, { answers: Answers }>,
): void {
  for (const [path, kept] of warm?.files ?? []) {
    const now = current.get(path);
    if (files.has(path) || now?.sourceFile !== kept.sourceFile || now.file.contentHash !== kept.contentHash) continue;
    files.set(path, { ...kept, answers: answersByPath.get(path)?.answers ?? kept.answers });
  }
  const outside = new Map(warm?.outside);
  for (const sourceFile of program?.getSourceFiles() ?? [])
    if (!byAbsolute.has(sourceFile.fileName)) outside.set(sourceFile.fileName, sourceFile);
  warmProgram = { key, outside, files };
}

/** What the repository's record keeps per file, for its content: what a program of another project needs to know of it. */
interface RecordedFile {
  specifiers: string[];
  dependencies: string[];
  global: boolean;
}

/** What a repository of several programs asks of its files to tell what a change since the last exact pass reaches. */
export interface RepositoryFiles {
  /** The files the programs check (every project's, their first pass not skipped). */
  files: readonly RepoFile[];
  rootPath: string;
  host: ts.CompilerHost;
  modules: RepositoryModules;
  linked: LinkedScripts;
  /** What the file showed its importers when its own program last resolved it. */
  surfaceBefore(path: string): ModuleSurface | undefined;
}

/**
 * The files of a repository of several programs that a change since the last exact pass reaches,
 * told once for the whole repository from its record (see recordAnswers): each file's content then,
 * its module specifiers and the files they led to, and whether it declared globals. A file is
 * changed when its content is not the recorded one (its names told from the surface its program
 * kept, see module-surface.ts), when its specifiers now lead elsewhere, or when it is gone; the files
 * those reach, through any program's files, are resolved again by their own programs and the others
 * keep their answers: an unchanged commit builds no program at all. Null (every file resolved again)
 * when a changed file declares globals or did; undefined without a record (a first run, another
 * version): then each program tells from its own answers, resolving again every file that imports
 * another program's.
 */
export function repositoryChanges(repository: RepositoryFiles, record: FileResultCache | undefined): Set<string> | null | undefined {
  if (!record || record.get(RECORD_ENTRY, '') === undefined) return undefined;
  const { files, rootPath, host, modules } = repository;
  const resolveFrom = (path: string, specifier: string): string | null => modules.resolveFrom(path, specifier);
  const dependenciesOf = (path: string, specifiers: readonly string[]): string[] =>
    specifiers.map((specifier) => resolveFrom(path, specifier)).filter((target) => target !== null);
  const byPath = new Map(files.map((file) => [file.path, file]));
  const tree = (path: string): ts.SourceFile | undefined => {
    const file = byPath.get(path);
    return file ? host.getSourceFile(join(rootPath, file.path), ts.ScriptTarget.Latest) : undefined;
  };
  const changed = new Map<string, Set<string> | null>();
  const dependencies: [string, string[]][] = [];
  for (const file of files) {
    const recorded = record.get(file.path, file.contentHash) as RecordedFile | undefined;
    if (recorded) {
      dependencies.push([file.path, recorded.dependencies]);
      for (const dependency of recorded.dependencies) if (!byPath.has(dependency)) changed.set(dependency, null);
      if (!sameStrings(dependenciesOf(file.path, recorded.specifiers), recorded.dependencies)) changed.set(file.path, null);
      continue;
    }
    const before = record.previous(file.path) as RecordedFile | undefined;
    const now = tree(file.path);
    if (!now || before?.global || declaresGlobals(now)) return null;
    const specifiers = [...repository.linked.specifiersByPath.get(file.path)!, ...typeSpecifiers(now)];
    const surface = repository.surfaceBefore(file.path);
    const sameTargets = before !== undefined && sameStrings(dependenciesOf(file.path, specifiers), before.dependencies);
    changed.set(file.path, surface && sameTargets ? changedNames(surface, moduleSurface(now)) : null);
    if (before) dependencies.push([file.path, before.dependencies]);
  }
  if (changed.size === 0) return new Set();
  return filesToResolveAgain(changed, {
    dependencies,
    text: (path) => byPath.get(path)?.text ?? undefined,
    tree,
    target: resolveFrom,
  });
}

/** Keeps, for the next run's repositoryChanges, what one program answered of its files (the run's save writes it). */
export function recordAnswers(record: FileResultCache | undefined, result: ExactPassResult): void {
  if (!record) return;
  for (const [path, { contentHash, answers }] of result.answers) {
    const kept = record.get(path, contentHash) as RecordedFile | undefined;
    const { specifiers, dependencies, global } = answers;
    if (kept && kept.global === global && sameStrings(kept.specifiers, specifiers) && sameStrings(kept.dependencies, dependencies))
      continue;
    record.set(path, contentHash, { specifiers, dependencies, global } satisfies RecordedFile);
  }
  if (record.get(RECORD_ENTRY, '') === undefined) record.set(RECORD_ENTRY, '', true);
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** The record's entry (under a path no file has) saying that a complete exact pass wrote it. */
const RECORD_ENTRY = '\0complete';

/** The cache entry (under a path no file has) listing the files whose declarations are global. */
const GLOBAL_FILES_ENTRY = '\0global files';

interface EarlierAnswers {
  /** Whether an earlier exact pass is known at all; without one, everything is resolved. */
  any: boolean;
  /** Answers of files whose content (and, in this process, tree) is the one they were given for. */
  answers: Map<string, { answers: Answers }>;
  /** Files the earlier pass saw, as far as known, and those among them that declared globals. */
  known: Set<string>;
  globals: Set<string>;
  /** What a file showed its importers when last resolved, whatever its content was then. */
  surface(path: string): ModuleSurface | undefined;
}

/**
 * What an earlier exact pass answered: this process's last one for the files whose trees it kept (see
 * warm-program.ts), and the cache, by content hash, for the others (all of them in a new process).
 */
function earlierAnswers(
  warm: WarmProgram<ResolvedSite, ResolvedHeritage> | null,
  cache: FileResultCache | undefined,
  current: ReadonlyMap<string, { file: RepoFile; sourceFile: ts.SourceFile | undefined }>,
): EarlierAnswers {
  const earlier: EarlierAnswers = {
    any: false,
    answers: new Map(),
    known: new Set(),
    globals: new Set(),
    surface: (path) => warm?.files.get(path)?.answers.surface ?? (cache?.previous(path) as Answers | undefined)?.surface,
  };
  if (warm) {
    earlier.any = true;
    for (const [path, kept] of warm.files) {
      earlier.known.add(path);
      if (kept.answers.global) earlier.globals.add(path);
      const now = current.get(path);
      if (now?.sourceFile === kept.sourceFile && now.file.contentHash === kept.contentHash)
        earlier.answers.set(path, { answers: kept.answers });
    }
  }
  // Files without a kept tree (all of them in a new process): their answers by content hash.
  const globals = cache?.get(GLOBAL_FILES_ENTRY, '') as string[] | undefined;
  if (!cache || !globals) return earlier;
  earlier.any = true;
  for (const path of globals) {
    earlier.globals.add(path);
    earlier.known.add(path);
  }
  for (const [path, { file }] of current) {
    if (earlier.answers.has(path)) continue;
    const answers = cache.get(path, file.contentHash) as Answers | undefined;
    if (!answers) continue;
    earlier.answers.set(path, { answers });
    earlier.known.add(path);
    // A file they depended on and that is gone was known too: its dependents are resolved again.
    for (const dependency of answers.dependencies) earlier.known.add(dependency);
  }
  return earlier;
}

/** Keeps this pass's answers for a later process: the fresh ones written, the others kept as they are. */
function keepAnswers(
  cache: FileResultCache | undefined,
  files: ReadonlyMap<string, { contentHash: string; answers: Answers }>,
  fresh: ReadonlySet<string>,
): void {
  if (!cache) return;
  const globals: string[] = [];
  for (const [path, { contentHash, answers }] of files) {
    if (answers.global) globals.push(path);
    if (fresh.has(path) || cache.get(path, contentHash) === undefined) cache.set(path, contentHash, answers);
  }
  const keptGlobals = cache.get(GLOBAL_FILES_ENTRY, '') as string[] | undefined;
  if (JSON.stringify(keptGlobals) !== JSON.stringify(globals)) cache.set(GLOBAL_FILES_ENTRY, '', globals);
}

/** The repository declaration a heritage clause names, through aliases. */
function heritageTarget(
  expression: ts.Expression,
  checker: ts.TypeChecker,
  uidOf: (declaration: ts.Node) => string | undefined,
): string | undefined {
  let symbol = checker.getSymbolAtLocation(expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.map(uidOf).find((uid) => uid !== undefined);
}

/**
 * The callee's symbol first: overloads and merged declarations share one uid, so a symbol whose
 * repository declarations name one uid is the answer without overload resolution, which is where
 * the checker spends most of its time (relating argument types). Only a symbol that names several
 * uids, or none, asks for the resolved signature.
 */
function resolveWithChecker(node: CallNode, checker: ts.TypeChecker, uidOf: (declaration: ts.Node) => string | undefined): Resolution {
  const callee = calleeExpressionOf(node);
  const target = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
  let symbol = checker.getSymbolAtLocation(target);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declarations = symbol?.declarations ?? [];
  const uids = new Set<string>();
  for (const declaration of declarations) {
    const uid =
      uidOf(declaration) ?? (ts.isVariableDeclaration(declaration) && declaration.initializer ? uidOf(declaration.initializer) : undefined);
    if (uid) uids.add(uid);
  }
  if (uids.size === 1) return { kind: 'repository', uid: [...uids][0]! };
  // A property of a union or intersection is a transient symbol naming each member's declaration; its
  // resolved signature is the first member's in the checker's own type order, which TypeScript 6 and 7
  // number differently: the first uid in sorted order is the answer both give.
  if (uids.size > 1 && symbol!.flags & ts.SymbolFlags.Transient) return { kind: 'repository', uid: [...uids].sort()[0]! };
  let signatureDeclaration: ts.Node | undefined;
  if (ts.isCallExpression(node) && (uids.size > 1 || declarations.length === 0)) {
    const declaration = checker.getResolvedSignature(node)?.declaration;
    signatureDeclaration = declaration && !ts.isJSDocSignature(declaration) ? declaration : undefined;
    const uid = signatureDeclaration && uidOf(signatureDeclaration);
    if (uid) return { kind: 'repository', uid };
  }
  if (uids.size > 1) return { kind: 'repository', uid: [...uids].sort()[0]! };
  // A declaration found (a signature of the standard library or a dependency, `ids.map(f).join(', ')`): no repository edge.
  return declarations.length > 0 || signatureDeclaration !== undefined ? { kind: 'external' } : { kind: 'unknown' };
}
