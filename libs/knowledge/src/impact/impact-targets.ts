import type { CodeGraphRepository, RepositoryRecord } from '@lore/graph';
import type { SourceRepository } from '@lore/indexer';
import { NotFoundError, type Principal, type SymbolRef, type Warning } from '@lore/domain';
import type { AnalyzeImpactQuery } from '@lore/domain/schemas/impact';
import { pathInRepository, resolveSymbolUid, targetRepository, withPastedUid } from '../target-resolution';
import { findSymbolsHint } from '../hints';

/** What an analyze_impact target stands for: the symbols it changes, and the files (for their importers and documents). */
export interface ImpactTargets {
  symbols: SymbolRef[];
  files: { repositoryId: string; path: string; uid: string }[];
  warnings: Warning[];
}

const MEMBER_LIMIT = 500;

/** Resolves each form of target: a symbol (with its members, for a class or interface), a file, lines of a file, files, a git diff. */
export async function resolveImpactTargets(
  graph: CodeGraphRepository,
  sources: SourceRepository,
  principal: Principal,
  asked: AnalyzeImpactQuery,
): Promise<ImpactTargets> {
  const query = withPastedUid(asked);
  if (query.uid !== undefined || query.name !== undefined) return symbolTarget(graph, principal, query);
  const repository = await targetRepository(graph, principal, query.repositoryId, [query.path, ...(query.paths ?? [])]);
  const path = query.path === undefined ? undefined : pathInRepository(repository, query.path);
  if (path !== undefined && query.startLine !== undefined) {
    const ranges = [{ path, startLine: query.startLine, endLine: query.endLine ?? query.startLine }];
    const files = await filesAt(graph, principal, repository, [path], true);
    return { symbols: await graph.findSymbolsInLines(principal, repository.repositoryId, ranges), files, warnings: [] };
  }
  if (path !== undefined) return changedFiles(graph, principal, repository, [path], true);
  if (query.paths !== undefined) {
    const paths = query.paths.map((changed) => pathInRepository(repository, changed));
    return changedFiles(graph, principal, repository, paths, false);
  }
  return diffTarget(graph, sources, principal, repository, query.diff!);
}

async function symbolTarget(graph: CodeGraphRepository, principal: Principal, query: AnalyzeImpactQuery): Promise<ImpactTargets> {
  const uid = await resolveSymbolUid(graph, principal, query);
  const detail = await graph.getSymbolDetail(principal, uid, MEMBER_LIMIT);
  if (!detail) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: findSymbolsHint() });
  const { symbol } = detail;
  const target: SymbolRef = {
    uid: symbol.uid,
    kind: symbol.kind,
    name: symbol.name,
    qualifiedName: symbol.qualifiedName,
    repositoryId: symbol.repositoryId,
    path: symbol.path,
    startLine: symbol.startLine,
    endLine: symbol.endLine,
  };
  // A class's or an interface's members change with it; a function's inner functions are its body,
  // whose dependents are the function's own (as extra targets they doubled hono's compose, tests first).
  const members = symbol.kind === 'function' || symbol.kind === 'method' ? [] : detail.members;
  return { symbols: [target, ...members], files: [], warnings: [] };
}

async function changedFiles(
  graph: CodeGraphRepository,
  principal: Principal,
  repository: RepositoryRecord,
  paths: readonly string[],
  single: boolean,
): Promise<ImpactTargets> {
  const found = await graph.findSymbolsInFiles(principal, repository.repositoryId, paths);
  const warnings = unindexedWarning(
    paths.filter((path) => !found.some((file) => file.path === path)),
    single,
    repository.repositoryId,
  );
  return {
    symbols: found.flatMap((file) => file.symbols),
    files: found.map((file) => ({ repositoryId: repository.repositoryId, path: file.path, uid: file.fileUid })),
    warnings,
  };
}

async function diffTarget(
  graph: CodeGraphRepository,
  sources: SourceRepository,
  principal: Principal,
  repository: RepositoryRecord,
  range: string,
): Promise<ImpactTargets> {
  const changed = await sources.changedFiles(repository, range);
  const edited = changed.filter((file) => !file.deleted);
  const deleted = changed.filter((file) => file.deleted).map((file) => file.path);
  const ranges = edited.flatMap((file) => file.ranges.map((lines) => ({ path: file.path, ...lines })));
  const [inLines, inDeleted, files] = await Promise.all([
    ranges.length === 0 ? [] : graph.findSymbolsInLines(principal, repository.repositoryId, ranges),
    deleted.length === 0 ? [] : graph.findSymbolsInFiles(principal, repository.repositoryId, deleted),
    filesAt(
      graph,
      principal,
      repository,
      changed.map((file) => file.path),
      false,
    ),
  ]);
  const symbols = [...inLines, ...inDeleted.flatMap((file) => file.symbols)];
  return { symbols: uniqueByUid(symbols), files, warnings: [] };
}

/** The indexed files among the paths (their symbols are not needed). */
async function filesAt(
  graph: CodeGraphRepository,
  principal: Principal,
  repository: RepositoryRecord,
  paths: readonly string[],
  required: boolean,
): Promise<ImpactTargets['files']> {
  const found = await graph.findSymbolsInFiles(principal, repository.repositoryId, paths);
  if (required && found.length === 0) {
    throw new NotFoundError(`No indexed file ${paths[0]} in ${repository.repositoryId}.`, {
      hint: 'Check the path, relative to the repository root.',
    });
  }
  return found.map((file) => ({ repositoryId: repository.repositoryId, path: file.path, uid: file.fileUid }));
}

function unindexedWarning(paths: readonly string[], single: boolean, repositoryId: string): Warning[] {
  if (paths.length === 0) return [];
  if (single)
    throw new NotFoundError(`No indexed file ${paths[0]} in ${repositoryId}.`, {
      hint: 'Check the path, relative to the repository root.',
    });
  return [{ code: 'paths_not_indexed', message: `${paths.length} path(s) are not indexed files of ${repositoryId}: ${paths.join(', ')}.` }];
}

function uniqueByUid(symbols: readonly SymbolRef[]): SymbolRef[] {
  return [...new Map(symbols.map((symbol) => [symbol.uid, symbol])).values()];
}
