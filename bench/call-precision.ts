/**
 * How right are the CALLS edges? Compares the indexer's edges of a TypeScript repository with the
 * TypeScript language service's own answer: go-to-definition at the callee of every call site,
 * mapped to the indexer's symbols. Prints precision and recall at each minimum confidence (what
 * analyze_impact's `minConfidence` keeps), for all edges and for the edges that leave a package,
 * for the syntactic first pass (what is queryable first) and for the final, compiler-resolved one,
 * with the time and peak memory of each pass.
 *
 *   npm run bench:precision -- bench/.repos/prisma [--per-package] [--checker typescript-7] [--exact-only]
 *
 * The reference is built as the repository builds: one language service per TypeScript project
 * (each tsconfig of a monorepo, with its own options; see readProjects), one at a time, its
 * workspace packages' imports resolved to the source files their builds start from (readWorkspace,
 * the mapping the indexer gives its checker: without it, and without installed packages, no
 * import of one package by another resolves). So the figures measure how calls are resolved and
 * attributed; how many export subpaths mapped to source is the indexer's own finding, printed too.
 *
 * Caller attribution for the reference: the innermost symbol that code runs in (function, method,
 * test, property or variable initializer) whose lines contain the call. Definitions outside the
 * repository (lib, node_modules) are not edges: such a site is a call to a built-in or a
 * dependency, and an edge of ours whose first site is one is counted apart. Where go-to-definition
 * names several declarations (an alias and what it points to) each counts as a reference edge, so
 * recall is a lower bound. An edge leaves a package when its caller and callee are in different
 * packages (the nearest directory above each with a package.json). Every CALLS edge counts: a body
 * defined inside another is ENCLOSES in the graph, no CALLS edge.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { CallConfidence, CallRow, SymbolRow } from '@lore/domain';
import { readRepository } from '@lore/indexer';
import { DEFAULT_TYPESCRIPT_CHECKER, type TypeScriptChecker } from '@lore/languages';
// The compiler's reference call graph reads the repository's projects and packages as the indexer does.
import {
  compilerOptionsOf,
  projectOf,
  readPackageReach,
  readProjects,
  readWorkspace,
} from '@lore/languages/languages/typescript/workspace';
import { printImpactPrecision } from './impact-precision';

/** The checker's figures: the exact pass alone, and a digest of CALLS (two checkers give the same CALLS when equal: every row, its confidence, line and count). */
function printChecker(
  snapshot: { calls: CallRow[]; skipped: { path: string; reason: string }[] },
  checker: TypeScriptChecker | undefined,
  exactPassMs: number,
): void {
  const rows = snapshot.calls
    .map((call) => JSON.stringify([call.callerUid, call.calleeUid, call.line, call.count, call.confidence]))
    .sort();
  const digest = createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16);
  // CALLS_OUT: the rows written to a file, to tell two checkers' differences apart.
  if (process.env.CALLS_OUT) writeFileSync(process.env.CALLS_OUT, `${rows.join('\n')}\n`);
  console.log(
    `checker ${checker ?? DEFAULT_TYPESCRIPT_CHECKER}: exact pass alone ${(exactPassMs / 1000).toFixed(1)} s; CALLS ${rows.length} rows, digest ${digest}`,
  );
  for (const finding of snapshot.skipped.filter((row) => row.reason.includes('TypeScript 7')))
    console.log(`${finding.path}: ${finding.reason}`);
}

/** Code runs in these (a module-level variable's initializer too); the indexer attributes calls the same way. */
const NOT_CALLERS = new Set(['class', 'interface', 'enum', 'type']);
const CONFIDENCES: CallConfidence[] = ['exact', 'import', 'name', 'ambiguous'];

interface Reference {
  edges: Set<string>;
  /** Caller and line of the sites whose every definition is outside the repository (built-ins, dependencies). */
  outsideSites: Set<string>;
}

async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? '.');
  const perPackage = process.argv.includes('--per-package');
  // Which checker answers the exact pass (LORE_TYPESCRIPT_CHECKER's values); the reference is TypeScript 6's language service either way.
  const typescriptChecker = process.argv.includes('--checker')
    ? (process.argv[process.argv.indexOf('--checker') + 1] as TypeScriptChecker)
    : undefined;
  const started = performance.now();
  const reading = await readRepository(root, { tenantId: 'p', maxFileBytes: 1024 * 1024, typescriptChecker });
  const queryableMs = performance.now() - started;
  const queryableRss = peakRssMiB();
  const syntactic = reading.snapshot;
  const snapshot = reading.resolveExactly ? await reading.resolveExactly() : syntactic;
  const exactMs = performance.now() - started;
  const exactRss = peakRssMiB();
  if (process.argv.includes('--exact-only')) {
    // The two checkers compared alone: the pass's time, memory and CALLS, without the (checker-independent) reference.
    console.log(
      `Lore: queryable ${(queryableMs / 1000).toFixed(1)} s (peak RSS ${queryableRss} MiB), exact ${(exactMs / 1000).toFixed(1)} s (peak RSS ${exactRss} MiB)`,
    );
    printChecker(snapshot, typescriptChecker, exactMs - queryableMs);
    return;
  }

  const referenceStarted = performance.now();
  const reference = referenceCallGraph(
    root,
    snapshot.files.map((file) => file.path),
    snapshot.symbols,
  );
  const referenceMs = performance.now() - referenceStarted;
  const paths = new Set(snapshot.files.map((file) => file.path));
  const reach = readPackageReach(root, paths);
  const pathOf = new Map(snapshot.symbols.map((symbol) => [symbol.uid, symbol.path]));
  const packageOfUid = (uid: string): string | null => reach.packageOf(pathOf.get(uid) ?? '');
  const leaves = (edge: string): boolean => {
    const [caller, callee] = edge.split('\u0000') as [string, string];
    return packageOfUid(caller) !== packageOfUid(callee);
  };
  const crossReference = new Set([...reference.edges].filter(leaves));

  console.log(`repository ${root} @ ${snapshot.commitSha.slice(0, 12)}`);
  console.log(
    `reference (language service, a program per project): ${reference.edges.size} edges, ${crossReference.size} leaving a package; ${(referenceMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `Lore: queryable ${(queryableMs / 1000).toFixed(1)} s (peak RSS ${queryableRss} MiB), exact ${(exactMs / 1000).toFixed(1)} s (peak RSS ${exactRss} MiB)`,
  );
  for (const finding of snapshot.skipped.filter((row) => row.reason.startsWith('workspace: '))) console.log(finding.reason);
  printChecker(snapshot, typescriptChecker, exactMs - queryableMs);

  for (const [label, calls] of [
    ['first pass (syntax)', syntactic.calls],
    ['final (compiler)', snapshot.calls],
  ] as const) {
    console.log(`\n${label}`);
    console.log('| min confidence | edges | precision | recall | edges leaving a package | precision | recall | first site a built-in |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [i, confidence] of CONFIDENCES.entries()) {
      const kept = calls.filter((call) => CONFIDENCES.indexOf(call.confidence) <= i);
      const edges = kept.map(edgeOf);
      const cross = edges.filter(leaves);
      const builtIns = kept.filter(
        (call) => !reference.edges.has(edgeOf(call)) && reference.outsideSites.has(`${call.callerUid}\u0000${call.line}`),
      );
      console.log(
        `| ${confidence} | ${edges.length} | ${ratio(edges, reference.edges, edges.length)} | ${ratio(edges, reference.edges, reference.edges.size)} | ${cross.length} | ${ratio(cross, crossReference, cross.length)} | ${ratio(cross, crossReference, crossReference.size)} | ${builtIns.length} |`,
      );
    }
    printImpactPrecision(calls, reference.edges);
    if (perPackage && label.startsWith('final')) printPerPackage(calls, reference.edges, packageOfUid, leaves);
    if (process.env.SHOW_DISAGREEMENTS) {
      const ours = new Set(calls.map(edgeOf));
      const short = (edge: string): string =>
        edge
          .split('\u0000')
          .map((uid) => uid.slice(uid.indexOf(':', 2) + 1))
          .join(' -> ');
      const confidenceOf = new Map(calls.map((call) => [edgeOf(call), call.confidence]));
      for (const edge of [...ours].filter((e) => !reference.edges.has(e) && leaves(e)).slice(0, 20))
        console.log(`ours only (${confidenceOf.get(edge)}): ${short(edge)}`);
      for (const edge of [...crossReference].filter((e) => !ours.has(e)).slice(0, 20)) console.log(`compiler only: ${short(edge)}`);
    }
  }
}

/** Edges leaving each package (by the caller's package), final pass, every confidence: where the misses are. */
function printPerPackage(
  calls: CallRow[],
  reference: ReadonlySet<string>,
  packageOfUid: (uid: string) => string | null,
  leaves: (edge: string) => boolean,
): void {
  const byPackage = new Map<string, { ours: string[]; theirs: string[] }>();
  const entry = (uid: string): { ours: string[]; theirs: string[] } => {
    const key = packageOfUid(uid) ?? '(none)';
    let found = byPackage.get(key);
    if (!found) byPackage.set(key, (found = { ours: [], theirs: [] }));
    return found;
  };
  for (const edge of calls.map(edgeOf).filter(leaves)) entry(edge.split('\u0000')[0]!).ours.push(edge);
  for (const edge of [...reference].filter(leaves)) entry(edge.split('\u0000')[0]!).theirs.push(edge);
  console.log('\n| package (caller) | ours leaving | reference leaving | precision | recall |\n| --- | --- | --- | --- | --- |');
  for (const [dir, { ours, theirs }] of [...byPackage].sort(([a], [b]) => a.localeCompare(b))) {
    const theirSet = new Set(theirs);
    console.log(
      `| ${dir} | ${ours.length} | ${theirs.length} | ${ratio(ours, theirSet, ours.length)} | ${ratio(ours, theirSet, theirs.length)} |`,
    );
  }
}

function edgeOf(call: CallRow): string {
  return `${call.callerUid}\u0000${call.calleeUid}`;
}

function ratio(edges: readonly string[], reference: ReadonlySet<string>, denominator: number): string {
  if (denominator === 0) return '–';
  return (edges.filter((edge) => reference.has(edge)).length / denominator).toFixed(3);
}

function peakRssMiB(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** The first and last line of the innermost function-like node a call is in (its body, not its parameters' defaults alone), or null at top level. */
function enclosingFunctionLines(call: ts.Node, sourceFile: ts.SourceFile): [number, number] | null {
  for (let node = call.parent; node; node = node.parent) {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const lineOf = (position: number) => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
      return [lineOf(node.getStart(sourceFile)), lineOf(node.getEnd())];
    }
  }
  return null;
}

/** The compiler's call graph: go-to-definition at every call site, one language service per project, each let go before the next. */
function referenceCallGraph(root: string, allPaths: string[], symbols: SymbolRow[]): Reference {
  const scripts = allPaths.filter((path) => /\.[cm]?[jt]sx?$/.test(path) && !/\.d\.[cm]?ts$/.test(path));
  const paths = new Set(allPaths);
  const symbolsByPath = new Map<string, SymbolRow[]>();
  for (const symbol of symbols) symbolsByPath.set(symbol.path, [...(symbolsByPath.get(symbol.path) ?? []), symbol]);
  const innermost = (path: string, line: number, accept: (symbol: SymbolRow) => boolean): SymbolRow | undefined =>
    (symbolsByPath.get(path) ?? [])
      .filter((symbol) => symbol.startLine <= line && line <= symbol.endLine && accept(symbol))
      .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  /**
   * The symbol whose code a call is in, by the syntax around it, not by its line alone: a function
   * body is a symbol (nested ones too), and a body can start on the line of a call it is not part of
   * (`procedure.input(x).mutation(async () => { … })`: `input` is the variable's call, not the arrow's).
   * Inside a function, the smallest symbol spanning that function's lines; outside any, the smallest
   * declared (not nested) symbol on the call's line.
   */
  const callerOf = (path: string, line: number, enclosing: [start: number, end: number] | null): SymbolRow | undefined =>
    enclosing === null
      ? innermost(path, line, (symbol) => !NOT_CALLERS.has(symbol.kind) && !symbol.nested)
      : innermost(
          path,
          line,
          (symbol) => !NOT_CALLERS.has(symbol.kind) && symbol.startLine <= enclosing[0] && enclosing[1] <= symbol.endLine,
        );
  const workspace = readWorkspace(root, paths);
  const rootConfig = ['tsconfig.json', 'jsconfig.json'].find((name) => existsSync(join(root, name))) ?? null;
  const projects = readProjects(root, paths, workspace?.dirs ?? [], []) ?? [
    { dir: '', configPath: rootConfig, options: compilerOptionsOf(root, rootConfig) },
  ];
  const filesOf = new Map<string, string[]>();
  for (const path of scripts) {
    const project = projectOf(projects, path);
    filesOf.set(project.dir, [...(filesOf.get(project.dir) ?? []), path]);
  }
  const registry = ts.createDocumentRegistry();
  const reference: Reference = { edges: new Set(), outsideSites: new Set() };
  for (const project of projects) {
    const files = filesOf.get(project.dir);
    if (!files) continue;
    const service = languageService(root, files, project.options, registry, (specifier) => {
      const own = workspace?.resolve(specifier) ?? null;
      return own !== null && paths.has(own) ? join(root, own) : null;
    });
    const program = service.getProgram()!;
    for (const path of files) {
      const sourceFile = program.getSourceFile(join(root, path));
      if (!sourceFile) continue;
      const visit = (node: ts.Node): void => {
        // A JSX element is a call site, as the compiler's call hierarchy counts them, except an intrinsic
        // one (`<div>`: a lower-case or namespaced tag is a string to JSX, whatever a runtime's own
        // JSX.IntrinsicElements declares for it, as hono's does).
        const jsx = (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && !isIntrinsicTag(node.tagName);
        if (ts.isCallExpression(node) || ts.isNewExpression(node) || jsx) {
          const named = ts.isCallExpression(node) || ts.isNewExpression(node) ? node.expression : node.tagName;
          const callee = ts.isPropertyAccessExpression(named) ? named.name : named;
          const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
          const caller = callerOf(path, line, enclosingFunctionLines(node, sourceFile));
          const definitions = caller ? (service.getDefinitionAtPosition(sourceFile.fileName, callee.getStart(sourceFile)) ?? []) : [];
          let inside = false;
          for (const definition of definitions) {
            const targetPath = relative(root, definition.fileName).split('\\').join('/');
            if (targetPath.startsWith('..') || targetPath.includes('node_modules/')) continue;
            inside = true;
            const targetFile = program.getSourceFile(definition.fileName);
            if (!targetFile || !symbolsByPath.has(targetPath)) continue;
            const targetLine = targetFile.getLineAndCharacterOfPosition(definition.textSpan.start).line + 1;
            const target = innermost(targetPath, targetLine, (symbol) => symbol.name === definition.name || symbol.kind === 'class');
            if (target) reference.edges.add(`${caller!.uid}\u0000${target.uid}`);
          }
          if (caller && definitions.length > 0 && !inside) reference.outsideSites.add(`${caller.uid}\u0000${line}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
    service.dispose();
  }
  return reference;
}

/** JSX's rule: an identifier tag starting with a lower-case letter, or a namespaced one, names an intrinsic element. */
function isIntrinsicTag(tag: ts.JsxTagNameExpression): boolean {
  return ts.isJsxNamespacedName(tag) || (ts.isIdentifier(tag) && /^[a-z]/.test(tag.text));
}

function languageService(
  root: string,
  paths: string[],
  projectOptions: ts.CompilerOptions,
  registry: ts.DocumentRegistry,
  workspaceFile: (specifier: string) => string | null,
): ts.LanguageService {
  const options: ts.CompilerOptions = { ...projectOptions, noEmit: true, allowJs: true, skipLibCheck: true };
  const files = paths.map((path) => join(root, path));
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: (fileName) => (existsSync(fileName) ? ts.ScriptSnapshot.fromString(readFileSync(fileName, 'utf8')) : undefined),
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    resolveModuleNameLiterals: (literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) =>
      literals.map((literal) => {
        const own = workspaceFile(literal.text);
        if (own !== null) {
          const extension = (/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/.exec(own)?.[0] ?? '.ts') as ts.Extension;
          return { resolvedModule: { resolvedFileName: own, extension, isExternalLibraryImport: false } };
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
      }),
  };
  return ts.createLanguageService(host, registry);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
