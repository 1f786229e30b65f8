import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import ts from 'typescript';
import {
  symbolUid,
  type CallConfidence,
  type CallRow,
  type ImportRow,
  type InheritanceRow,
  type SkippedFile,
  type SymbolKind,
  type SymbolRow,
} from '@lore/domain';
import type { Extraction, ExtractionInput } from '../extractor';
import type { FileResultCache } from '../file-result-cache';
import { nameTokens } from '../identifiers';
import type { SourceFile as RepoFile } from '../repository-files';
import {
  type ModuleFacts,
  ModuleScope,
  type NameReference,
  type ScopeTarget,
  type WrittenModuleFacts,
  lastNameOf,
  readModuleFacts,
  referenceOf,
  resolveModuleFacts,
} from './module-scope';
import {
  type FileAnswers,
  type Resolution,
  type WarmFile,
  type WarmProgram,
  declaresGlobals,
  typeSpecifiers,
  warmKey,
} from './warm-program';
import { changedNames, filesToResolveAgain, moduleSurface, type ModuleSurface } from './module-surface';

const MAX_SIGNATURE = 300;
const MAX_DOC = 1000;
const MAX_AMBIGUOUS_TARGETS = 5;
const TEST_FUNCTIONS = new Set(['describe', 'it', 'test', 'suite', 'context']);
const CONFIDENCE_RANK: Record<CallConfidence, number> = { exact: 3, import: 2, name: 1, ambiguous: 0 };

interface Scope {
  /** The innermost declared symbol: parent of new declarations. */
  parent: { uid: string; qualifiedName: string; kind: SymbolKind; exported: boolean } | null;
  /** The innermost symbol that code runs in: owner of call sites. */
  callerUid: string | null;
}

/** A call as data: what the first pass resolves, and what the cache keeps. */
interface CallReference {
  callerUid: string;
  line: number;
  isNew: boolean;
  callee: NameReference;
}

/** A call in a syntax tree: what the typed pass resolves. */
interface CallSite extends CallReference {
  node: ts.CallExpression | ts.NewExpression;
}

/** One type of `class A extends B implements C`, as data. */
interface HeritageReference {
  fromUid: string;
  kind: InheritanceRow['kind'];
  target: NameReference;
}

interface HeritageSite extends HeritageReference {
  expression: ts.Expression;
}

/** One file's first pass as data: what the cache keeps for a file whose content does not change. */
type ScriptFileOutcome = { skipped: string } | ScriptFileResult;

interface ScriptFileResult {
  symbols: SymbolRow[];
  /** Each module specifier the file names (import, export-from, require(), import()) with the names it takes. */
  specifiers: [specifier: string, names: string[]][];
  module: WrittenModuleFacts;
  calls: CallReference[];
  heritage: HeritageReference[];
}

/** The first pass's trees of one file, for the typed pass. */
interface FileTrees {
  sourceFile: ts.SourceFile;
  sites: CallSite[];
  heritage: HeritageSite[];
  declarations: Map<ts.Node, string>;
}

/** A call site with the checker's answer, and a heritage clause with its target: what a warm program keeps per file. */
type ResolvedSite = CallReference & { resolution: Resolution };
type ResolvedHeritage = HeritageReference & { toUid: string | undefined };

/** The last exact pass in this process (one repository at a time: its trees are hundreds of megabytes). */
let warmProgram: WarmProgram<ResolvedSite, ResolvedHeritage> | null = null;

/**
 * Module resolutions of the last exact pass in this process: the first pass's (over the repository's
 * listed files) and the compiler's (over the disk). They hold while the compiler options and installed
 * packages (the warm key), the repository's scripts and package.json files are the same, as they are
 * between most edits; a file added, deleted or renamed, or a package.json changed, starts afresh.
 */
interface KeptResolutions {
  key: string;
  layout: string;
  repository: ts.ModuleResolutionCache;
  compiler: ts.ModuleResolutionCache;
}
let keptResolutions: KeptResolutions | null = null;

function resolutionsFor(key: string, rootPath: string, options: ts.CompilerOptions, input: ExtractionInput): KeptResolutions {
  const layout = createHash('sha256');
  for (const file of input.files) layout.update(`${file.path}\0`);
  for (const path of input.fileUids.keys()) {
    if (path !== 'package.json' && !path.endsWith('/package.json')) continue;
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

/** Bumped whenever what a pass keeps per file changes: cached results of another version are not used. */
const FIRST_PASS_VERSION = 1;
const EXACT_PASS_VERSION = 2;
const RESOLUTION_VERSION = 1;

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
  const { options, hasConfig } = compilerOptionsFor(rootPath);
  const byAbsolute = new Map(input.files.map((file) => [join(rootPath, file.path), file]));
  // Trees are parsed without parent pointers, as tsc parses them: the first pass sets them as it walks
  // (walkPreorder), and the binder where the first pass did not walk.
  const host = ts.createCompilerHost(options);
  const key = warmKey({ tenantId: input.tenantId, repositoryId: input.repositoryId, rootPath, options });
  // Taken, not shared: a run that stops half-way leaves nothing half-updated for the next.
  const warm = warmProgram?.key === key ? warmProgram : null;
  warmProgram = null;
  // Each of the repository's files is parsed once; the typed pass reuses the trees of the first, and
  // of the last run in this process for files whose content did not change.
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

  // Files whose content did not change since the last run come from the cache; only the others are parsed.
  const cache = input.cache?.(`typescript-first-pass@${FIRST_PASS_VERSION}/${ts.version}`);
  // The exact pass's answers hold for one set of compiler options and installed packages: the key says which.
  const exactCache = input.cache?.(
    `typescript-exact@${EXACT_PASS_VERSION}/${ts.version}/${createHash('sha256').update(key).digest('hex')}`,
  );
  const outcomes = new Map<string, ScriptFileOutcome>();
  for (const file of input.files) {
    const cached = cache?.get(file.path, file.contentHash) as ScriptFileOutcome | undefined;
    if (cached) outcomes.set(file.path, cached);
  }
  const toParse = input.files.filter((file) => !outcomes.has(file.path)).map((file) => join(rootPath, file.path));
  const syntaxOnly = ts.createProgram({ rootNames: toParse, options: { ...options, noLib: true, noResolve: true, types: [] }, host });
  const trees = new Map<string, FileTrees>();
  for (const file of input.files) {
    input.onFile?.(file.path);
    if (outcomes.has(file.path)) continue;
    const fileName = join(rootPath, file.path);
    const sourceFile = syntaxOnly.getSourceFile(fileName);
    const syntaxErrors = sourceFile ? syntaxOnly.getSyntacticDiagnostics(sourceFile) : [];
    let outcome: ScriptFileOutcome;
    if (!sourceFile) outcome = { skipped: unparsable.get(fileName) ?? 'not parsed' };
    else if (syntaxErrors.length > 0) outcome = { skipped: `parse error: ${describeDiagnostic(syntaxErrors[0]!)}` };
    else {
      const read = readScriptFile(input, file, sourceFile);
      if (read.trees) trees.set(file.path, read.trees);
      outcome = read.outcome;
    }
    outcomes.set(file.path, outcome);
    cache?.set(file.path, file.contentHash, outcome);
  }

  const symbols: SymbolRow[] = [];
  const skipped: SkippedFile[] = [];
  const symbolsByName = new Map<string, SymbolRow[]>();
  const calls: (CallReference & { path: string })[] = [];
  const heritage: (HeritageReference & { path: string })[] = [];
  const imports: ImportRow[] = [];
  const facts = new Map<string, ModuleFacts>();
  const specifiersByPath = new Map<string, string[]>();
  const resolutions = resolutionsFor(key, rootPath, options, input);
  keptResolutions = null;
  host.getModuleResolutionCache = () => resolutions.compiler;
  host.resolveModuleNameLiterals = (literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) =>
    literals.map((literal) =>
      ts.resolveModuleName(
        literal.text,
        containingFile,
        compilerOptions,
        host,
        resolutions.compiler,
        redirectedReference,
        ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions),
      ),
    );
  const moduleCache = resolutions.repository;
  const resolutionHost = repositoryResolutionHost(rootPath, byAbsolute.keys());
  // What each file's specifiers resolved to, kept per file while the layout holds (the namespace names
  // it): a new process does not resolve the whole repository's imports again.
  const resolutionCache = input.cache?.(
    `typescript-resolution@${RESOLUTION_VERSION}/${ts.version}/${createHash('sha256').update(`${key}\0${resolutions.layout}`).digest('hex')}`,
  );
  const filesByPath = new Map(input.files.map((file) => [file.path, file]));
  const resolvedByPath = new Map<string, { targets: Record<string, string | null>; kept: boolean }>();
  const resolvedFrom = (path: string): { targets: Record<string, string | null>; kept: boolean } => {
    let resolved = resolvedByPath.get(path);
    if (!resolved) {
      // A path that is not one of the run's files (none is expected) is resolved, not kept.
      const contentHash = filesByPath.get(path)?.contentHash;
      const kept =
        contentHash === undefined ? undefined : (resolutionCache?.get(path, contentHash) as Record<string, string | null> | undefined);
      resolved = { targets: kept ?? {}, kept: kept !== undefined };
      // Set once; what is resolved later lands in the same object, which is saved at the end of the run.
      if (!kept && contentHash !== undefined) resolutionCache?.set(path, contentHash, resolved.targets);
      resolvedByPath.set(path, resolved);
    }
    return resolved;
  };
  /** The repository file a module specifier names, from a file of the repository; null for anything else. */
  const resolveFrom = (path: string, specifier: string): string | null => {
    const resolved = resolvedFrom(path);
    if (Object.hasOwn(resolved.targets, specifier)) return resolved.targets[specifier]!;
    const fileName = ts.resolveModuleName(specifier, join(rootPath, path), options, resolutionHost, moduleCache).resolvedModule
      ?.resolvedFileName;
    const target = (fileName && byAbsolute.get(fileName)?.path) ?? null;
    resolved.targets[specifier] = target;
    if (resolved.kept) {
      resolutionCache?.set(path, filesByPath.get(path)!.contentHash, resolved.targets);
      resolved.kept = false;
    }
    return target;
  };
  for (const file of input.files) {
    const outcome = outcomes.get(file.path)!;
    // Asked for every file, even one linked already: an entry this run does not ask for is not kept.
    resolvedFrom(file.path);
    if ('skipped' in outcome) {
      skipped.push({ path: file.path, reason: outcome.skipped });
      continue;
    }
    for (const symbol of outcome.symbols) {
      symbols.push(symbol);
      const named = symbolsByName.get(symbol.name) ?? [];
      named.push(symbol);
      symbolsByName.set(symbol.name, named);
    }
    let linked = linkedResults.get(outcome);
    if (linked?.resolutions !== resolutions) {
      const resolveHere = (specifier: string): string | null => resolveFrom(file.path, specifier);
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
  }

  const scope = new ModuleScope(facts, symbols);
  // No `ambiguous` guesses here: the typed pass follows, and most such guesses would be written only
  // to be deleted by it.
  const syntacticCalls = resolveCalls(
    calls,
    (call) => asResolution(scope.resolveReference(call.callee, call.path, call.callerUid, 'value')),
    'import',
    symbolsByName,
    1,
  );
  const syntacticInheritance = resolveHeritage(heritage, (site) => {
    const target = scope.resolveReference(site.target, site.path, null, 'type');
    return target?.kind === 'symbol' ? target.uid : undefined;
  });
  return {
    symbols,
    calls: syntacticCalls,
    imports,
    inheritance: syntacticInheritance,
    skipped,
    resolveExactly: async () => {
      try {
        const allFiles = [...byAbsolute.keys()];
        const createProgram = (rootNames: string[]): ts.Program => ts.createProgram({ rootNames, options, host });
        // Each file's tree as the program will hold it: this run's first pass, else the last run's for
        // unchanged content; none yet for a file whose first pass came from the cache.
        const current = new Map<string, { file: RepoFile; sourceFile: ts.SourceFile | undefined }>();
        for (const file of input.files) {
          if ('skipped' in outcomes.get(file.path)!) continue;
          const kept = warm?.files.get(file.path);
          const sourceFile =
            parsed.get(join(rootPath, file.path)) ?? (kept?.contentHash === file.contentHash ? kept.sourceFile : undefined);
          current.set(file.path, { file, sourceFile });
        }
        const earlier = earlierAnswers(warm, exactCache, current);
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
        for (const path of earlier.known) if (!current.has(path)) changed.set(path, null);
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
        const globalChange = !earlier.any || [...changed.keys()].some((path) => earlier.globals.has(path) || declaresGlobalsNow(path));
        const before = [...earlier.answers].map(([path, kept]): [string, string[]] => [path, kept.answers.dependencies]);
        const again = globalChange
          ? null
          : filesToResolveAgain(changed, {
              dependencies: [...dependencies, ...before],
              text: (path) => current.get(path)?.file.text ?? undefined,
              tree: treeNow,
              target: resolveFrom,
            });
        // The program need not hold more than the files to resolve again, what they import, directly or
        // not, and the files that declare globals: nothing else can change a type they see. A commit
        // hook's `lore index` after a small change parses a part of the repository, not all of it, and
        // a running lore builds and checks a part of its kept trees.
        const partial = again !== null && !program;
        if (!program) {
          const roots = partial
            ? [...again, ...[...earlier.globals].filter((path) => current.has(path))].map((path) => join(rootPath, path))
            : allFiles;
          program = createProgram(roots);
        }
        const checker = program.getTypeChecker();

        const fresh: [string, FileTrees][] = [];
        const files = new Map<string, WarmFile<ResolvedSite, ResolvedHeritage>>();
        const answersByPath = new Map<string, { contentHash: string; answers: Answers }>();
        for (const [path, { file }] of current) {
          const sourceFile = program.getSourceFile(join(rootPath, path));
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
        // A call may land in any file. A tree the program parsed (the first pass came from the cache) has
        // its declarations read when an answer first lands in it, not before: most are never landed in.
        const unreadable = new WeakSet<ts.SourceFile>();
        const uidOfDeclaration = (node: ts.Node): string | undefined => {
          const uid = declarationUids.get(node);
          if (uid !== undefined) return uid;
          const sourceFile = node.getSourceFile();
          const file = byAbsolute.get(sourceFile.fileName);
          if (!file || registeredTrees.has(sourceFile) || unreadable.has(sourceFile)) return undefined;
          if (!treesOf(input, file, sourceFile)) unreadable.add(sourceFile);
          return declarationUids.get(node);
        };
        for (const [path, fileTrees] of fresh) {
          const answers: Answers = {
            specifiers: specifiers.get(path)!,
            dependencies: dependencies.get(path)!,
            global: declaresGlobals(fileTrees.sourceFile),
            surface: moduleSurface(fileTrees.sourceFile),
            sites: fileTrees.sites.map(({ callerUid, line, isNew, callee, node }) => ({
              callerUid,
              line,
              isNew,
              callee,
              resolution: checkedOrUnknown(() => resolveWithChecker(node, checker, uidOfDeclaration), { kind: 'unknown' }),
            })),
            heritage: fileTrees.heritage.map(({ fromUid, kind, target, expression }) => ({
              fromUid,
              kind,
              target,
              toUid: checkedOrUnknown(() => heritageTarget(expression, checker, uidOfDeclaration), undefined),
            })),
          };
          const contentHash = current.get(path)!.file.contentHash;
          answersByPath.set(path, { contentHash, answers });
          files.set(path, { contentHash, sourceFile: fileTrees.sourceFile, answers });
        }
        keptResolutions = resolutions;
        // The trees, not the program: its checker (the largest part of it) goes with this run. Trees kept
        // before and left out of a partial program stay kept, with their files' answers.
        for (const [path, kept] of warm?.files ?? []) {
          const now = current.get(path);
          if (files.has(path) || now?.sourceFile !== kept.sourceFile || now.file.contentHash !== kept.contentHash) continue;
          files.set(path, { ...kept, answers: answersByPath.get(path)?.answers ?? kept.answers });
        }
        const outside = new Map(warm?.outside);
        for (const sourceFile of program.getSourceFiles())
          if (!byAbsolute.has(sourceFile.fileName)) outside.set(sourceFile.fileName, sourceFile);
        warmProgram = { key, outside, files };
        keepAnswers(exactCache, answersByPath, new Set(fresh.map(([path]) => path)));
        const ordered = input.files.map((file) => answersByPath.get(file.path)?.answers).filter((answers) => answers !== undefined);
        return {
          calls: resolveCalls(
            ordered.flatMap((answers) => answers.sites),
            (site) => site.resolution,
            hasConfig ? 'exact' : 'import',
            symbolsByName,
            MAX_AMBIGUOUS_TARGETS,
          ),
          inheritance: resolveHeritage(
            ordered.flatMap((answers) => answers.heritage),
            (site) => site.toUid,
          ),
          skipped: [],
        };
      } catch (error) {
        // The binder and checker recurse too; when they give up, the syntactic answer stands, said so.
        return {
          calls: syntacticCalls,
          inheritance: syntacticInheritance,
          skipped: [{ path: '.', reason: `${tooDeep(error, 'type-check')}: calls stay resolved by scope and name` }],
        };
      }
    },
  };
}

/** The cache entry (under a path no file has) listing the files whose declarations are global. */
const GLOBAL_FILES_ENTRY = '\0global files';

type Answers = FileAnswers<ResolvedSite, ResolvedHeritage>;

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

/**
 * The symbol uid of each declaration node of the repository's trees walked whole, and those trees.
 * Trees outlive a run (see warm-program.ts), and so do these: a run need not gather every file's
 * declarations again before the checker's answers can be named. A node belongs to one tree of one
 * repository file, and a changed file is a new tree.
 */
const declarationUids = new WeakMap<ts.Node, string>();
const registeredTrees = new WeakSet<ts.SourceFile>();

function register(trees: FileTrees): void {
  for (const [node, uid] of trees.declarations) declarationUids.set(node, uid);
  registeredTrees.add(trees.sourceFile);
}

/** The trees of a file whose first pass came from the cache: its call sites and declarations, nothing else. */
function treesOf(input: ExtractionInput, file: RepoFile, sourceFile: ts.SourceFile | undefined): FileTrees | null {
  if (!sourceFile) return null;
  const trees: FileTrees = { sourceFile, sites: [], heritage: [], declarations: new Map() };
  try {
    new FileSymbolExtractor(input, file, sourceFile, trees).extract();
    register(trees);
    return trees;
  } catch (error) {
    tooDeep(error, 'extract');
    return null;
  }
}

/** One parsed file's first pass: its result as data, and its trees for the typed pass. */
function readScriptFile(
  input: ExtractionInput,
  file: RepoFile,
  sourceFile: ts.SourceFile,
): { outcome: ScriptFileOutcome; trees: FileTrees | null } {
  const trees: FileTrees = { sourceFile, sites: [], heritage: [], declarations: new Map() };
  try {
    const symbols = new FileSymbolExtractor(input, file, sourceFile, trees).extract();
    register(trees);
    const result: ScriptFileResult = {
      symbols,
      specifiers: moduleSpecifiers(sourceFile),
      module: readModuleFacts(sourceFile),
      calls: trees.sites.map(({ callerUid, line, isNew, callee }) => ({ callerUid, line, isNew, callee })),
      heritage: trees.heritage.map(({ fromUid, kind, target }) => ({ fromUid, kind, target })),
    };
    return { outcome: result, trees };
  } catch (error) {
    return { outcome: { skipped: tooDeep(error, 'extract') }, trees: null };
  }
}

/** The reason a file (or the checker) gave up; anything but a stack overflow is a bug and is rethrown. */
function tooDeep(error: unknown, step: 'parse' | 'extract' | 'type-check'): string {
  if (error instanceof RangeError) return `nested too deeply to ${step} (${error.message})`;
  throw error;
}

/** Whether a path is the repository's own (inside it, outside its node_modules). */
function ownPath(rootPath: string, path: string): boolean {
  return (path === rootPath || path.startsWith(rootPath + sep)) && !path.includes(`${sep}node_modules${sep}`);
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

function compilerOptionsFor(rootPath: string): { options: ts.CompilerOptions; hasConfig: boolean } {
  const configPath = ['tsconfig.json', 'jsconfig.json'].map((name) => join(rootPath, name)).find((path) => existsSync(path));
  let options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  if (configPath) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
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
  return {
    hasConfig: configPath !== undefined,
    // We read, never build: no emit, and JavaScript is part of the picture.
    options: {
      ...options,
      noEmit: true,
      allowJs: true,
      checkJs: false,
      skipLibCheck: true,
      composite: false,
      incremental: false,
      declaration: false,
    },
  };
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function describeDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `line ${line + 1}: ${message}`;
  }
  return message;
}

class FileSymbolExtractor {
  private readonly symbols: SymbolRow[] = [];
  private readonly byKey = new Map<string, SymbolRow>();
  private readonly usedUids = new Set<string>();
  private readonly exportedNames = new Set<string>();
  private readonly fileUid: string;

  constructor(
    private readonly input: ExtractionInput,
    private readonly file: RepoFile,
    private readonly sourceFile: ts.SourceFile,
    private readonly trees: FileTrees,
  ) {
    this.fileUid = input.fileUids.get(file.path)!;
  }

  extract(): SymbolRow[] {
    for (const statement of this.sourceFile.statements) {
      if (
        ts.isExportDeclaration(statement) &&
        !statement.moduleSpecifier &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        for (const element of statement.exportClause.elements) this.exportedNames.add((element.propertyName ?? element.name).text);
      }
      if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) this.exportedNames.add(statement.expression.text);
    }
    walkPreorder<Scope>(this.sourceFile, { parent: null, callerUid: null }, (node, scope) => this.visit(node, scope));
    return this.symbols;
  }

  private visit(node: ts.Node, scope: Scope): Scope {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && scope.callerUid !== null) {
      this.trees.sites.push({
        callerUid: scope.callerUid,
        line: this.lineOf(node.getStart(this.sourceFile)),
        isNew: ts.isNewExpression(node),
        callee: referenceOf(node.expression),
        node,
      });
    }
    const declared = this.declare(node, scope);
    if (!declared) return scope;
    return {
      parent: { uid: declared.uid, qualifiedName: declared.qualifiedName, kind: declared.kind, exported: declared.exported },
      callerUid:
        declared.kind === 'class' || declared.kind === 'interface' || declared.kind === 'enum' || declared.kind === 'type'
          ? scope.callerUid
          : declared.uid,
    };
  }

  private declare(node: ts.Node, scope: Scope): SymbolRow | null {
    const parentKind = scope.parent?.kind ?? null;
    const inType = parentKind === 'class' || parentKind === 'interface';
    if (ts.isClassDeclaration(node) || (ts.isClassExpression(node) && node.name)) {
      const header = this.headerUpTo(node, node.members.pos - 1);
      return this.withHeritage(node, this.add(node, 'class', node.name?.text ?? 'default', scope, header));
    }
    if (ts.isInterfaceDeclaration(node)) {
      const header = this.headerUpTo(node, node.members.pos - 1);
      return this.withHeritage(node, this.add(node, 'interface', node.name.text, scope, header));
    }
    if (ts.isEnumDeclaration(node)) return this.add(node, 'enum', node.name.text, scope, this.headerUpTo(node, node.members.pos - 1));
    if (ts.isTypeAliasDeclaration(node)) return this.add(node, 'type', node.name.text, scope, this.headerUpTo(node, node.end));
    if (ts.isFunctionDeclaration(node) && !inType) {
      return this.add(node, 'function', node.name?.text ?? 'default', scope, this.functionHeader(node), node);
    }
    if (parentKind === 'class') {
      if (ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) {
        const name = ts.isConstructorDeclaration(node) ? 'constructor' : memberName(node.name);
        return name ? this.add(node, 'method', name, scope, this.functionHeader(node), node) : null;
      }
      if (ts.isPropertyDeclaration(node)) {
        const name = memberName(node.name);
        if (!name) return null;
        const fn = node.initializer && isFunctionExpressionLike(node.initializer) ? node.initializer : null;
        if (fn) return this.add(node, 'method', name, scope, this.headerUpTo(node, fn.body.getStart(this.sourceFile)), fn, fn);
        return this.add(node, 'property', name, scope, this.headerUpTo(node, node.initializer ? node.initializer.pos : node.end));
      }
      if (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
        const name = memberName(node.name);
        return name ? this.add(node, 'property', name, scope, this.functionHeader(node), node) : null;
      }
    }
    if (parentKind === 'interface') {
      if (ts.isMethodSignature(node)) {
        const name = memberName(node.name);
        return name ? this.add(node, 'method', name, scope, this.headerUpTo(node, node.end)) : null;
      }
      if (ts.isPropertySignature(node)) {
        const name = memberName(node.name);
        return name ? this.add(node, 'property', name, scope, this.headerUpTo(node, node.end)) : null;
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isModuleLevelVariable(node)) {
      const statement = node.parent.parent as ts.VariableStatement;
      const fn = node.initializer && isFunctionExpressionLike(node.initializer) ? node.initializer : null;
      if (fn)
        return this.add(
          node,
          'function',
          node.name.text,
          scope,
          this.headerUpTo(statement, fn.body.getStart(this.sourceFile)),
          fn,
          fn,
          statement,
        );
      if (this.isExported(statement, node.name.text)) {
        return this.add(
          node,
          'variable',
          node.name.text,
          scope,
          this.headerUpTo(statement, node.initializer ? node.initializer.pos : node.end),
          undefined,
          undefined,
          statement,
        );
      }
      return null;
    }
    if (ts.isCallExpression(node)) {
      const test = testCall(node);
      if (test) {
        const title = `${test.fn}('${test.title}')`;
        return this.add(node, 'test', test.title, scope, title, undefined, test.body);
      }
    }
    return null;
  }

  /**
   * Records a symbol. Overloads and get/set pairs share one symbol; other clashes get a `~n` uid.
   * `complexityOf` is the function-like node whose body is measured; `alias` is another node the
   * checker may name as the declaration (the arrow function of `const f = () => ...`).
   */
  private add(
    node: ts.Node,
    kind: SymbolKind,
    name: string,
    scope: Scope,
    signature: string,
    complexityOf?: ts.SignatureDeclaration,
    alias?: ts.Node,
    docHolder: ts.Node = node,
  ): SymbolRow {
    const parent = scope.parent;
    const qualifiedName =
      parent === null
        ? name
        : kind === 'test' || parent.kind === 'test'
          ? `${parent.qualifiedName} > ${name}`
          : `${parent.qualifiedName}.${name}`;
    const startLine = this.lineOf(node.getStart(this.sourceFile));
    const endLine = this.lineOf(node.end);
    const key = `${kind}|${parent?.uid ?? ''}|${qualifiedName}`;
    const mergeable = kind === 'function' || kind === 'method' || kind === 'property';
    const existing = mergeable ? this.byKey.get(key) : undefined;
    if (existing) {
      existing.startLine = Math.min(existing.startLine, startLine);
      existing.endLine = Math.max(existing.endLine, endLine);
      const hasBody = complexityOf !== undefined && 'body' in complexityOf && complexityOf.body !== undefined;
      if (hasBody) {
        existing.signature = cap(signature, MAX_SIGNATURE);
        existing.complexity = cyclomaticComplexity(complexityOf);
      }
      this.trees.declarations.set(node, existing.uid);
      if (alias) this.trees.declarations.set(alias, existing.uid);
      return existing;
    }
    const baseUid = symbolUid(this.input.tenantId, this.input.repositoryId, this.file.path, qualifiedName);
    let uid = baseUid;
    for (let n = 2; this.usedUids.has(uid); n++) uid = `${baseUid}~${n}`;
    this.usedUids.add(uid);
    const exported = parent === null ? this.isExported(docHolder, name) : parent.exported && kind !== 'test' && !isPrivateMember(node);
    const symbol: SymbolRow = {
      uid,
      fileUid: this.fileUid,
      parentUid: parent?.uid ?? null,
      kind,
      name,
      qualifiedName,
      nameTokens: nameTokens(name, qualifiedName),
      path: this.file.path,
      language: this.file.language,
      signature: cap(signature, MAX_SIGNATURE),
      doc: kind === 'test' ? null : docComment(docHolder, this.sourceFile),
      startLine,
      endLine,
      exported,
      complexity: complexityOf && 'body' in complexityOf && complexityOf.body ? cyclomaticComplexity(complexityOf) : null,
    };
    this.symbols.push(symbol);
    if (mergeable) this.byKey.set(key, symbol);
    this.trees.declarations.set(node, uid);
    if (alias) this.trees.declarations.set(alias, uid);
    return symbol;
  }

  private withHeritage(node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration, symbol: SymbolRow): SymbolRow {
    for (const clause of node.heritageClauses ?? []) {
      const kind = clause.token === ts.SyntaxKind.ImplementsKeyword ? 'IMPLEMENTS' : 'EXTENDS';
      for (const type of clause.types) {
        this.trees.heritage.push({ fromUid: symbol.uid, kind, target: referenceOf(type.expression), expression: type.expression });
      }
    }
    return symbol;
  }

  private isExported(node: ts.Node, name: string): boolean {
    const flags = ts.canHaveModifiers(node) ? ts.getCombinedModifierFlags(node as ts.Declaration) : 0;
    return (flags & ts.ModifierFlags.Export) !== 0 || (flags & ts.ModifierFlags.Default) !== 0 || this.exportedNames.has(name);
  }

  private lineOf(position: number): number {
    return this.sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  }

  /** Declaration text from its first keyword (decorators left out) up to `end`, on one line. */
  private headerUpTo(node: ts.Node, end: number): string {
    const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
    const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
    const afterDecorators = decorators.length > 0 ? decorators[decorators.length - 1]!.end : node.getStart(this.sourceFile);
    const start = modifiers.length > 0 ? Math.max(modifiers[0]!.getStart(this.sourceFile), afterDecorators) : afterDecorators;
    const text = this.sourceFile.text.slice(start, end);
    return text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[{=]\s*$/, '')
      .trim();
  }

  private functionHeader(node: ts.SignatureDeclaration & { body?: ts.Node }): string {
    return this.headerUpTo(node, node.body ? node.body.getStart(this.sourceFile) : node.end);
  }
}

function memberName(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return null;
}

function isFunctionExpressionLike(node: ts.Expression): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

function isModuleLevelVariable(node: ts.VariableDeclaration): boolean {
  return (
    ts.isVariableDeclarationList(node.parent) && ts.isVariableStatement(node.parent.parent) && ts.isSourceFile(node.parent.parent.parent)
  );
}

function isPrivateMember(node: ts.Node): boolean {
  const flags = ts.canHaveModifiers(node) ? ts.getCombinedModifierFlags(node as ts.Declaration) : 0;
  if ((flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0) return true;
  const name = (node as ts.NamedDeclaration).name;
  return name !== undefined && ts.isPrivateIdentifier(name);
}

/** describe/it/test('title', fn) and their .only/.skip/.each-free variants. */
function testCall(node: ts.CallExpression): { fn: string; title: string; body: ts.ArrowFunction | ts.FunctionExpression } | null {
  let callee = node.expression;
  if (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'only' || callee.name.text === 'skip')) callee = callee.expression;
  if (!ts.isIdentifier(callee) || !TEST_FUNCTIONS.has(callee.text)) return null;
  const [title, body] = node.arguments;
  if (!title || !(ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title))) return null;
  if (!body || !isFunctionExpressionLike(body)) return null;
  return { fn: callee.text, title: title.text, body };
}

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function docComment(node: ts.Node, sourceFile: ts.SourceFile): string | null {
  const ranges = ts.getLeadingCommentRanges(sourceFile.text, node.getFullStart()) ?? [];
  const jsdoc = ranges.filter((range) => sourceFile.text.startsWith('/**', range.pos)).pop();
  if (!jsdoc) return null;
  const text = sourceFile.text
    .slice(jsdoc.pos + 3, jsdoc.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
    .join('\n')
    .trim();
  return text ? cap(text, MAX_DOC) : null;
}

/**
 * Visits `root` and its descendants in source order, parents first, each with the state its parent's
 * visit returned; returning SKIP_CHILDREN leaves a node's subtree out. A loop, not recursion: machine-
 * written code nests deeper (a 2,000-term expression) than the call stack goes.
 *
 * Sets each child's parent pointer on the way (trees are parsed without them: in one walk instead of a
 * second one over every tree, a fifth of zod's parse), so a visit can look up its node's ancestors.
 */
export function walkPreorder<S>(root: ts.Node, rootState: S, visit: (node: ts.Node, state: S) => S | typeof SKIP_CHILDREN): void {
  // Two stacks instead of one of pairs, and one callback for every node: nothing allocated per node.
  const nodes: ts.Node[] = [root];
  const states: S[] = [rootState];
  let parent = root;
  let childState = rootState;
  const adopt = (child: ts.Node): undefined => {
    (child as { parent: ts.Node }).parent = parent;
    nodes.push(child);
    states.push(childState);
    // forEachChild stops at the first callback that answers something.
    return undefined;
  };
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const next = visit(node, states.pop()!);
    if (next === SKIP_CHILDREN) continue;
    parent = node;
    childState = next;
    const first = nodes.length;
    ts.forEachChild(node, adopt);
    // Pushed in source order; reversed, the first child is the next off the stack (siblings share a state).
    for (let i = first, j = nodes.length - 1; i < j; i++, j--) {
      const swapped = nodes[i]!;
      nodes[i] = nodes[j]!;
      nodes[j] = swapped;
    }
  }
}

const SKIP_CHILDREN = Symbol('skip children');

/** 1 + decision points in the body, not counting nested functions or classes. */
export function cyclomaticComplexity(node: ts.SignatureDeclaration): number {
  const body = (node as { body?: ts.Node }).body;
  if (!body) return 1;
  let count = 1;
  walkPreorder<null>(body, null, (child) => {
    if (child !== body && (ts.isFunctionLike(child) || ts.isClassLike(child))) return SKIP_CHILDREN;
    switch (child.kind) {
      case ts.SyntaxKind.IfStatement:
      case ts.SyntaxKind.ConditionalExpression:
      case ts.SyntaxKind.ForStatement:
      case ts.SyntaxKind.ForInStatement:
      case ts.SyntaxKind.ForOfStatement:
      case ts.SyntaxKind.WhileStatement:
      case ts.SyntaxKind.DoStatement:
      case ts.SyntaxKind.CaseClause:
      case ts.SyntaxKind.CatchClause:
        count++;
        break;
      case ts.SyntaxKind.BinaryExpression: {
        const operator = (child as ts.BinaryExpression).operatorToken.kind;
        if (
          operator === ts.SyntaxKind.AmpersandAmpersandToken ||
          operator === ts.SyntaxKind.BarBarToken ||
          operator === ts.SyntaxKind.QuestionQuestionToken
        )
          count++;
        break;
      }
    }
    return null;
  });
  return count;
}

function resolveCalls<Site extends CallReference>(
  sites: Site[],
  resolve: (site: Site) => Resolution,
  resolvedConfidence: CallConfidence,
  symbolsByName: ReadonlyMap<string, SymbolRow[]>,
  /** Unresolved sites get an edge to each same-named candidate when there are at most this many. */
  maxCandidates: number,
): CallRow[] {
  // By caller, then callee: keyed by the uid strings themselves, no key built per site.
  const edges = new Map<string, Map<string, CallRow>>();
  const addEdge = (callerUid: string, calleeUid: string, line: number, confidence: CallConfidence): void => {
    let byCallee = edges.get(callerUid);
    if (!byCallee) edges.set(callerUid, (byCallee = new Map()));
    const existing = byCallee.get(calleeUid);
    if (!existing) {
      byCallee.set(calleeUid, { callerUid, calleeUid, line, count: 1, confidence });
      return;
    }
    existing.count++;
    existing.line = Math.min(existing.line, line);
    if (CONFIDENCE_RANK[confidence] > CONFIDENCE_RANK[existing.confidence]) existing.confidence = confidence;
  };

  for (const site of sites) {
    const resolution = checkedOrUnknown<Resolution>(() => resolve(site), { kind: 'unknown' });
    if (resolution.kind === 'repository') {
      addEdge(site.callerUid, resolution.uid, site.line, resolvedConfidence);
      continue;
    }
    if (resolution.kind === 'external') continue;
    const name = lastNameOf(site.callee);
    if (name === null) continue;
    const candidates = (symbolsByName.get(name) ?? []).filter((symbol) =>
      site.isNew ? symbol.kind === 'class' : symbol.kind === 'function' || symbol.kind === 'method',
    );
    if (candidates.length === 1) addEdge(site.callerUid, candidates[0]!.uid, site.line, 'name');
    else if (candidates.length <= maxCandidates)
      for (const candidate of candidates) addEdge(site.callerUid, candidate.uid, site.line, 'ambiguous');
  }
  return [...edges.values()]
    .flatMap((byCallee) => [...byCallee.values()])
    .sort((a, b) => a.callerUid.localeCompare(b.callerUid) || a.calleeUid.localeCompare(b.calleeUid));
}

/** extends -> EXTENDS; a class's implements -> IMPLEMENTS; only targets declared in the repository. */
function resolveHeritage<Site extends HeritageReference>(sites: Site[], resolve: (site: Site) => string | undefined): InheritanceRow[] {
  const rows = new Map<string, InheritanceRow>();
  for (const site of sites) {
    const toUid = resolve(site);
    if (toUid && toUid !== site.fromUid)
      rows.set(`${site.fromUid}|${site.kind}|${toUid}`, { fromUid: site.fromUid, toUid, kind: site.kind });
  }
  return [...rows.values()].sort((a, b) => a.fromUid.localeCompare(b.fromUid) || a.toUid.localeCompare(b.toUid));
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

/** One question the checker cannot take (too deep) does not cost the others their answer. */
function checkedOrUnknown<T>(ask: () => T, unknown: T): T {
  try {
    return ask();
  } catch (error) {
    tooDeep(error, 'type-check');
    return unknown;
  }
}

/**
 * The callee's symbol first: overloads and merged declarations share one uid, so a symbol whose
 * repository declarations name one uid is the answer without overload resolution, which is where
 * the checker spends most of its time (relating argument types). Only a symbol that names several
 * uids, or none, asks for the resolved signature.
 */
function resolveWithChecker(
  node: ts.CallExpression | ts.NewExpression,
  checker: ts.TypeChecker,
  uidOf: (declaration: ts.Node) => string | undefined,
): Resolution {
  const target = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
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
  if (ts.isCallExpression(node) && (uids.size > 1 || declarations.length === 0)) {
    const declaration = checker.getResolvedSignature(node)?.declaration;
    const uid = declaration && !ts.isJSDocSignature(declaration) ? uidOf(declaration) : undefined;
    if (uid) return { kind: 'repository', uid };
  }
  if (uids.size > 1) return { kind: 'repository', uid: [...uids].sort()[0]! };
  return declarations.length > 0 ? { kind: 'external' } : { kind: 'unknown' };
}

/** Each module specifier the file names (import, export-from, require(), import()), with the names taken, in order. */
function moduleSpecifiers(sourceFile: ts.SourceFile): [specifier: string, names: string[]][] {
  const found: [string, string[]][] = [];
  walkPreorder<null>(sourceFile, null, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push([node.moduleSpecifier.text, importedNames(node.importClause)]);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      found.push([
        node.moduleSpecifier.text,
        clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : ['*'],
      ]);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isRequire || node.expression.kind === ts.SyntaxKind.ImportKeyword)
        found.push([(node.arguments[0] as ts.StringLiteral).text, ['*']]);
    }
    return null;
  });
  return found;
}

/** IMPORTS rows of one file: one per repository file it names, with every name taken from it. */
function importRows(
  input: ExtractionInput,
  file: RepoFile,
  specifiers: [specifier: string, names: string[]][],
  resolve: (specifier: string) => string | null,
): ImportRow[] {
  const namesByTarget = new Map<string, Set<string>>();
  for (const [specifier, names] of specifiers) {
    const target = resolve(specifier);
    if (target === null || target === file.path) continue;
    const set = namesByTarget.get(target) ?? new Set<string>();
    for (const name of names) set.add(name);
    namesByTarget.set(target, set);
  }
  const fromUid = input.fileUids.get(file.path)!;
  return [...namesByTarget.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, names]) => ({ fromUid, toUid: input.fileUids.get(path)!, names: [...names].sort() }));
}

function importedNames(clause: ts.ImportClause | undefined): string[] {
  if (!clause) return [];
  const names: string[] = [];
  if (clause.name) names.push('default');
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
  if (bindings && ts.isNamedImports(bindings))
    for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
  return names;
}
