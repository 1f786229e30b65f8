import { createHash } from 'node:crypto';
import type { CodeGraphRepository, RepositoryRecord } from '@lore/graph';
import {
  AmbiguousTargetError,
  InvalidInputError,
  NotFoundError,
  type Principal,
  SnapshotNotIndexedError,
  type SymbolRef,
  type SymbolTarget,
  isElementUid,
  parseUid,
} from '@lore/domain';
import { capabilityInDoor, fieldInDoor } from './hints';

const MAX_CANDIDATES = 20;
/** Candidates the message of an ambiguous_target spells out; details lists up to MAX_CANDIDATES. */
const CANDIDATES_IN_MESSAGE = 5;

/**
 * The uid of the one symbol a capability's input names (by uid, or by name or qualified name; a uid
 * given as the name is taken as the uid it is). Exact qualified-name matches win over bare-name
 * matches, and code over test cases, so "OrderService" names the class even when a describe block
 * shares its title.
 */
export async function resolveSymbolUid(
  graph: CodeGraphRepository,
  principal: Principal,
  target: SymbolTarget & { path?: string },
): Promise<string> {
  const given = withPastedUid(target);
  if (given.uid !== undefined) return given.uid;
  if (given.name === undefined) {
    throw new InvalidInputError(`${target.name} is the uid of a file, not of a symbol.`, {
      hint: `Ask about the file by its ${fieldInDoor('path')}, or about one of its symbols.`,
    });
  }
  const name = given.name;
  const named = await graph.findSymbolsByName(principal, name, given.repositoryId ?? null, MAX_CANDIDATES + 1);
  const found = given.path === undefined ? named : named.filter((symbol) => symbol.path === given.path);
  const byQualifiedName = found.filter((symbol) => symbol.qualifiedName === name);
  const pool = byQualifiedName.length > 0 ? byQualifiedName : found;
  const code = pool.filter((symbol) => symbol.kind !== 'test');
  const candidates = code.length > 0 ? code : pool;
  if (candidates.length === 0) {
    const where = given.path === undefined ? '' : ` in ${given.path}`;
    throw new NotFoundError(`No symbol named ${name}${where}.`, {
      hint: `Check the spelling, or search with ${capabilityInDoor('search_code')}.`,
    });
  }
  if (candidates.length > 1) throw ambiguousSymbol(name, candidates);
  return candidates[0]!.uid;
}

/**
 * A target whose name or path is a uid pasted there (from an answer, without saying it is one): the
 * same target by uid, or, for a file's uid, by its repository and path.
 */
export function withPastedUid<Target extends SymbolTarget & { path?: string }>(target: Target): Target {
  if (target.uid !== undefined) return target;
  const text = target.name ?? target.path;
  if (text === undefined || !isElementUid(text)) return target;
  const parts = parseUid(text);
  if (parts.qualifiedName !== undefined) return { ...target, name: undefined, path: undefined, uid: text };
  return { ...target, name: undefined, path: parts.path, repositoryId: parts.repositoryId };
}

/**
 * Several symbols answer to a name: the error lists them (uid, kind, where) and says what tells them
 * apart. A qualified name helps only when theirs differ; a path only when they are in different files.
 */
function ambiguousSymbol(name: string, candidates: readonly SymbolRef[]): AmbiguousTargetError {
  const listed = candidates.slice(0, MAX_CANDIDATES);
  const count = candidates.length > MAX_CANDIDATES ? `More than ${MAX_CANDIDATES}` : `${candidates.length}`;
  const spelled = listed
    .slice(0, CANDIDATES_IN_MESSAGE)
    .map((symbol) => `${symbol.uid} (${symbol.kind}, ${symbol.repositoryId}:${symbol.path}:${symbol.startLine})`);
  const more = listed.length > CANDIDATES_IN_MESSAGE ? `; and ${listed.length - CANDIDATES_IN_MESSAGE} more in details.candidates` : '';
  const ways = [`one of these uids as ${fieldInDoor('uid')}`];
  if (new Set(listed.map((symbol) => symbol.qualifiedName)).size > 1) ways.push('a qualified name');
  if (new Set(listed.map((symbol) => `${symbol.repositoryId}:${symbol.path}`)).size > 1) ways.push(`the file's ${fieldInDoor('path')}`);
  if (new Set(listed.map((symbol) => symbol.repositoryId)).size > 1) ways.push(`a repository (${fieldInDoor('repositoryId')})`);
  return new AmbiguousTargetError(`${count} symbols are named ${name}: ${spelled.join('; ')}${more}.`, {
    hint: `Ask again with ${ways.join(', or ')}.`,
    details: { candidates: listed },
  });
}

/**
 * targetRepository at the commit (and branch) asked for, when one is: only the indexed commit can be
 * read (SnapshotNotIndexedError otherwise).
 */
export async function repositoryAtCommit(
  graph: CodeGraphRepository,
  principal: Principal,
  repositoryId: string | undefined,
  commitSha: string | undefined,
  branch?: string,
): Promise<RepositoryRecord> {
  const repository = await targetRepository(graph, principal, repositoryId);
  if (commitSha !== undefined && !repository.commitSha.startsWith(commitSha.toLowerCase())) {
    throw new SnapshotNotIndexedError(
      `Commit ${commitSha} of ${repository.repositoryId} is not indexed; the indexed commit is ${repository.commitSha}.`,
      { hint: 'Index that commit, or leave commitSha out for the indexed one.' },
    );
  }
  checkIndexedBranch(repository, branch);
  return repository;
}

/** One commit per repository is indexed: a branch is answered only if that commit was read from it. */
export function checkIndexedBranch(repository: RepositoryRecord, branch: string | undefined): void {
  if (branch === undefined || repository.defaultBranch === branch) return;
  const readFrom = repository.defaultBranch === null ? 'no branch (a detached HEAD or a directory)' : `branch ${repository.defaultBranch}`;
  throw new SnapshotNotIndexedError(
    `Branch ${branch} of ${repository.repositoryId} is not indexed; the indexed commit ${repository.commitSha.slice(0, 12)} was read from ${readFrom}.`,
    { hint: `Ask without a branch, or check out ${branch} and index it.` },
  );
}

/**
 * The repository a path, paths or a diff are in: the one named, the one whose directory holds the
 * absolute paths given (the innermost, for a repository inside another), or the only one the caller
 * may read.
 */
export async function targetRepository(
  graph: CodeGraphRepository,
  principal: Principal,
  repositoryId: string | undefined,
  paths: readonly (string | undefined)[] = [],
): Promise<RepositoryRecord> {
  const repositories = await graph.listRepositories(principal);
  if (repositoryId !== undefined) {
    const named = repositories.find((repository) => repository.repositoryId === repositoryId);
    if (!named) throw new NotFoundError(`No indexed repository ${repositoryId}.`, { hint: 'Index it first with lore index.' });
    return named;
  }
  if (repositories.length === 1) return repositories[0]!;
  if (repositories.length === 0) throw new NotFoundError('No repository is indexed.', { hint: 'Index one with lore index.' });
  const absolute = paths.filter((path): path is string => path?.startsWith('/') === true);
  const holding = repositories
    .filter((repository) => absolute.length > 0 && absolute.every((path) => path.startsWith(`${repository.rootPath.replace(/\/+$/, '')}/`)))
    .sort((a, b) => b.rootPath.length - a.rootPath.length);
  if (holding.length > 0) return holding[0]!;
  const candidates = repositories.map((repository) => repository.repositoryId).sort();
  throw new AmbiguousTargetError(`${repositories.length} repositories are indexed: ${candidates.join(', ')}.`, {
    hint: `Say which one with ${fieldInDoor('repositoryId')}.`,
    details: { candidates },
  });
}

/** Lore's workspace id for a repository, in the CodeDoc server's proj-<uuid> form: the same for the same tenant and repository. */
export function workspaceIdOf(tenantId: string, repositoryId: string): string {
  const hex = createHash('sha256').update(`${tenantId}\u0000${repositoryId}`).digest('hex');
  return `proj-${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The repository a CodeDoc client names as its workspace: by repository id, by proj-<uuid> workspace
 * id, or by the root path it was indexed from (a trailing slash aside); undefined when none of those
 * the principal reads matches.
 */
export function findWorkspace(repositories: readonly RepositoryRecord[], tenantId: string, given: string): RepositoryRecord | undefined {
  const path = given.replace(/\/+$/, '');
  return repositories.find(
    (repository) =>
      repository.repositoryId === given ||
      workspaceIdOf(tenantId, repository.repositoryId) === given ||
      (path !== '' && repository.rootPath.replace(/\/+$/, '') === path),
  );
}

/**
 * A file's path as the index stores it (relative to the repository root), from the forms a caller
 * may paste: `./src/a.ts` (from the root), or an absolute path inside the repository's directory.
 * An absolute path outside it is refused without saying where the repository is.
 */
export function pathInRepository(repository: RepositoryRecord, path: string): string {
  if (!path.startsWith('/')) return path.replace(/^(\.\/)+/, '');
  const root = repository.rootPath.replace(/\/+$/, '');
  if (!path.startsWith(`${root}/`)) {
    throw new InvalidInputError(`${path} is not inside the directory of ${repository.repositoryId}.`, {
      hint: 'Give the path relative to the repository root.',
    });
  }
  return path.slice(root.length + 1);
}
