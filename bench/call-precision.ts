/**
 * How right are the CALLS edges? Compares the indexer's edges of a TypeScript repository with the
 * TypeScript language service's own answer: go-to-definition at the callee of every call site,
 * mapped to the indexer's symbols. Prints precision and recall of all edges and of each confidence,
 * for the syntactic first pass (what is queryable first) and for the final, compiler-resolved one.
 *
 *   npm run bench:precision -- bench/.repos/zod
 *
 * Caller attribution for the reference: the innermost symbol that code runs in (function, method,
 * test, property or variable initializer) whose lines contain the call. Definitions outside the
 * repository (lib, node_modules) are not edges. Where go-to-definition names several declarations
 * (an alias and what it points to) each counts as a reference edge, so recall is a lower bound.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { CallConfidence, SymbolRow } from '@lore/domain';
import { readRepository } from '@lore/indexer';

/** Code runs in these (a module-level variable's initializer too); the indexer attributes calls the same way. */
const NOT_CALLERS = new Set(['class', 'interface', 'enum', 'type']);

async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? '.');
  const reading = await readRepository(root, { tenantId: 'p', maxFileBytes: 1024 * 1024 });
  const syntactic = reading.snapshot;
  const snapshot = reading.resolveExactly ? await reading.resolveExactly() : syntactic;
  const scripts = snapshot.files
    .filter((file) => file.language === 'typescript' || file.language === 'javascript')
    .map((file) => file.path);
  const symbolsByPath = new Map<string, SymbolRow[]>();
  for (const symbol of snapshot.symbols) symbolsByPath.set(symbol.path, [...(symbolsByPath.get(symbol.path) ?? []), symbol]);

  const service = languageService(root, scripts);
  const program = service.getProgram()!;
  const innermost = (path: string, line: number, accept: (symbol: SymbolRow) => boolean): SymbolRow | undefined =>
    (symbolsByPath.get(path) ?? [])
      .filter((symbol) => symbol.startLine <= line && line <= symbol.endLine && accept(symbol))
      .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];

  const reference = new Set<string>();
  for (const path of scripts) {
    const sourceFile = program.getSourceFile(join(root, path));
    if (!sourceFile) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        const caller = innermost(path, line, (symbol) => !NOT_CALLERS.has(symbol.kind));
        if (caller) {
          for (const definition of service.getDefinitionAtPosition(sourceFile.fileName, callee.getStart(sourceFile)) ?? []) {
            const targetPath = relative(root, definition.fileName).split('\\').join('/');
            if (targetPath.startsWith('..') || !symbolsByPath.has(targetPath)) continue;
            const targetFile = program.getSourceFile(definition.fileName);
            if (!targetFile) continue;
            const targetLine = targetFile.getLineAndCharacterOfPosition(definition.textSpan.start).line + 1;
            const target = innermost(targetPath, targetLine, (symbol) => symbol.name === definition.name || symbol.kind === 'class');
            if (target) reference.add(`${caller.uid}\u0000${target.uid}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }

  console.log(`repository ${root} @ ${snapshot.commitSha.slice(0, 12)}: ${reference.size} reference edges (go-to-definition)`);
  for (const [label, calls] of [
    ['first pass (syntax)', syntactic.calls],
    ['final (compiler)', snapshot.calls],
  ] as const) {
    const ours = new Map(calls.map((call) => [`${call.callerUid}\u0000${call.calleeUid}`, call.confidence]));
    const report = (edgesLabel: string, edges: string[]): void => {
      const agreed = edges.filter((edge) => reference.has(edge)).length;
      const precision = edges.length === 0 ? 0 : agreed / edges.length;
      console.log(
        `| ${edgesLabel} | ${edges.length} | ${agreed} | ${(precision * 100).toFixed(1)}% | ${((agreed / reference.size) * 100).toFixed(1)}% |`,
      );
    };
    console.log(`\n${label}\n| edges | count | agree with the compiler | precision | recall |\n| --- | --- | --- | --- | --- |`);
    report('all', [...ours.keys()]);
    for (const confidence of ['exact', 'import', 'name', 'ambiguous'] as CallConfidence[]) {
      const edges = [...ours].filter(([, c]) => c === confidence).map(([edge]) => edge);
      if (edges.length > 0) report(confidence, edges);
    }
    if (process.env.SHOW_DISAGREEMENTS) {
      const short = (edge: string): string =>
        edge
          .split('\u0000')
          .map((uid) => uid.slice(uid.indexOf(':', 2) + 1))
          .join(' -> ');
      for (const edge of [...ours.keys()].filter((e) => !reference.has(e)).slice(0, 12)) console.log(`ours only: ${short(edge)}`);
      for (const edge of [...reference].filter((e) => !ours.has(e)).slice(0, 12)) console.log(`compiler only: ${short(edge)}`);
    }
  }
}

function languageService(root: string, paths: string[]): ts.LanguageService {
  const configPath = ['tsconfig.json', 'jsconfig.json'].map((name) => join(root, name)).find((path) => existsSync(path));
  const parsed = configPath
    ? ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })
    : undefined;
  const options: ts.CompilerOptions = { ...(parsed?.options ?? {}), noEmit: true, allowJs: true, skipLibCheck: true };
  const files = paths.map((path) => join(root, path));
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
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
