import type { CodeGraphRepository, SymbolDetailRecord } from '@lore/graph';
import { type Principal, symbolCodeUri } from '@lore/domain';
import type { ContextPack } from '@lore/domain/schemas/document-generation';
import type { RepositoryCode } from '../documentation-trust/repository-code';

/** At most this many callers of one symbol are read from the graph. */
const MAX_RELATIONS = 50;

export type PackContents = Pick<ContextPack, 'symbols' | 'spans' | 'callers' | 'tests' | 'docs' | 'omitted'>;

/**
 * What the graph knows that documenting (or changing) a module needs, bounded by `maxItems` per kind,
 * each item with the reason it is there: the module's symbols (exported top-level ones first, then
 * the rest in path and line order; tests left out), the symbols of other files that call them, the
 * tests that exercise them, the document sections that name the module or its symbols, and the code
 * spans to read (each symbol, each call into the module). Only the module's repository: a pack is
 * shared by whoever may read that repository, so it holds nothing of another.
 */
export async function assemblePack(
  graph: CodeGraphRepository,
  principal: Principal,
  code: RepositoryCode,
  files: readonly string[],
  maxItems: number,
): Promise<PackContents> {
  const repositoryId = code.repositoryId;
  const commitSha = code.repository.commitSha;
  const fileSymbols = await graph.findSymbolsInFiles(principal, repositoryId, files);
  const declared = fileSymbols.flatMap((file) => file.symbols).filter((symbol) => symbol.kind !== 'test');
  const publicUids = new Set((await graph.findPublicSymbols(principal, repositoryId, files)).map((symbol) => symbol.uid));
  const ordered = [...declared.filter((symbol) => publicUids.has(symbol.uid)), ...declared.filter((symbol) => !publicUids.has(symbol.uid))];
  const chosen = ordered.slice(0, maxItems);
  const details = new Map<string, SymbolDetailRecord>();
  for (const symbol of chosen) {
    const detail = await graph.getSymbolDetail(principal, symbol.uid, MAX_RELATIONS);
    if (detail) details.set(symbol.uid, detail);
  }
  const inModule = new Set(files);
  // A test that calls the module is one of its tests, not one of its uses.
  const testFiles = new Set(await code.testFilePaths());
  const symbols = chosen.map((symbol) => {
    const detail = details.get(symbol.uid)?.symbol;
    return {
      uid: symbol.uid,
      kind: symbol.kind,
      qualifiedName: symbol.qualifiedName,
      path: symbol.path,
      startLine: symbol.startLine,
      endLine: symbol.endLine,
      language: detail?.language ?? '',
      signature: detail?.signature ?? null,
      doc: detail?.doc ?? null,
      exported: publicUids.has(symbol.uid),
      reason: publicUids.has(symbol.uid) ? 'exported by the module: its public API' : 'declared in the module',
    };
  });

  const allCallers = chosen.flatMap((symbol) =>
    (details.get(symbol.uid)?.calledBy ?? [])
      .filter(
        (call) =>
          call.symbol.repositoryId === repositoryId &&
          !inModule.has(call.symbol.path) &&
          !testFiles.has(call.symbol.path) &&
          call.symbol.kind !== 'test',
      )
      .map((call) => ({
        uid: call.symbol.uid,
        qualifiedName: call.symbol.qualifiedName,
        path: call.symbol.path,
        line: call.line,
        calls: symbol.qualifiedName,
        confidence: call.confidence,
        reason: `calls ${symbol.qualifiedName} from another file: how the module is used`,
      })),
  );
  allCallers.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.calls.localeCompare(b.calls));
  const callers = allCallers.slice(0, maxItems);

  const qualifiedNames = new Map(chosen.map((symbol) => [symbol.uid, symbol.qualifiedName]));
  const allTests = (
    await graph.findTestsFor(
      principal,
      chosen.map((symbol) => symbol.uid),
    )
  )
    .filter((edge) => edge.test.repositoryId === repositoryId)
    .map((edge) => ({
      uid: edge.test.uid,
      qualifiedName: edge.test.qualifiedName,
      path: edge.test.path,
      startLine: edge.test.startLine,
      endLine: edge.test.endLine,
      exercises: qualifiedNames.get(edge.exercises) ?? edge.exercises,
      via: edge.via,
      reason: `tests ${qualifiedNames.get(edge.exercises) ?? edge.exercises}${edge.via === 'helper' ? ' through a helper' : ''}`,
    }));
  const tests = allTests.slice(0, maxItems);

  const sections = await graph.findSectionsMentioning(principal, [
    ...fileSymbols.map((file) => file.fileUid),
    ...chosen.map((symbol) => symbol.uid),
  ]);
  const allDocs = sections
    .filter((section) => section.repositoryId === repositoryId)
    .map((section) => ({
      path: section.documentPath,
      title: section.title,
      startLine: section.startLine,
      endLine: section.endLine,
      mentions: section.mentions,
      reason: 'names the module or one of its symbols: what the documentation already says',
    }));
  const docs = allDocs.slice(0, maxItems);

  const spans = [
    ...symbols.map((symbol) => ({
      uri: symbolCodeUri({ ...symbol, repositoryId }, commitSha),
      path: symbol.path,
      startLine: symbol.startLine,
      endLine: symbol.endLine,
      reason: `the declaration of ${symbol.qualifiedName}`,
    })),
    ...callers.map((caller) => ({
      uri: symbolCodeUri({ repositoryId, path: caller.path, startLine: caller.line, endLine: caller.line }, commitSha),
      path: caller.path,
      startLine: caller.line,
      endLine: caller.line,
      reason: `the call of ${caller.calls} in ${caller.qualifiedName}`,
    })),
  ];
  return {
    symbols,
    spans,
    callers,
    tests,
    docs,
    omitted: {
      symbols: ordered.length - chosen.length,
      callers: allCallers.length - callers.length,
      tests: allTests.length - tests.length,
      docs: allDocs.length - docs.length,
    },
  };
}
