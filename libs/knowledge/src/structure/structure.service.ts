import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { accessFingerprint } from '@lore/access';
import { CodeGraphRepository, type RepositoryRecord } from '@lore/graph';
import { InvalidInputError, NotFoundError, type Principal, type Warning } from '@lore/domain';
import {
  DEFAULT_STRUCTURE_DEPTH,
  type GetProjectStructureInput,
  GetProjectStructureInputSchema,
  type GetProjectStructureQuery,
  type ProjectStructure,
} from '@lore/domain/schemas/structure';
import { sessionError } from '@lore/domain/documentation-session-errors';
import { findWorkspace, targetRepository, workspaceIdOf } from '../target-resolution';
import { parseInput } from '../validation';
import { codeDocStructureOf, globFilter, summaryOf, treeOf } from './project-tree';
import { Operation } from '../operations/operation';

/** What a cursor holds: where the next page starts, in which listing of which commit, for whom (accessFingerprint). */
interface CursorState {
  offset: number;
  listing: string;
  commitSha: string;
  holder: string;
}

/** get_project_structure: a repository's directories and files as indexed, with sizes and counts, a page at a time. */
@Injectable()
export class ProjectStructureService {
  constructor(private readonly graph: CodeGraphRepository) {}

  @Operation('get_project_structure', { kind: 'read' })
  async getProjectStructure(input: GetProjectStructureInput, principal: Principal): Promise<ProjectStructure> {
    const query = listingQuery(parseInput(GetProjectStructureInputSchema, input));
    const repository =
      query.workspacePath === undefined
        ? await targetRepository(this.graph, principal, query.repositoryId)
        : await this.workspaceAt(principal, query.workspacePath);
    const { repositoryId } = repository;
    const pathPrefix = query.pathPrefix.replace(/\/$/, '');
    const listing = listingOf(query, repositoryId, pathPrefix);
    const holder = accessFingerprint(principal);
    const offset = query.cursor === undefined ? 0 : readCursor(query.cursor, listing, repository.commitSha, holder);

    const files = await this.graph.listProjectFiles(principal, repositoryId, pathPrefix === '' ? '' : `${pathPrefix}/`);
    if (files.length === 0 && pathPrefix !== '') throw new NotFoundError(`No indexed file under ${pathPrefix}/ in ${repositoryId}.`);
    const tree = treeOf(files.filter(globFilter(query.include, query.exclude)), pathPrefix);
    const listed = tree.filter((entry) => entry.depth <= query.depth);
    const end = Math.min(offset + query.limit, listed.length);
    const entries = listed.slice(offset, end);
    return {
      repositoryId,
      workspace_id: workspaceIdOf(principal.tenantId, repositoryId),
      commitSha: repository.commitSha,
      indexedAt: repository.indexedAt,
      pathPrefix,
      entries,
      structure: codeDocStructureOf(entries, repository.indexedAt),
      summary: summaryOf(tree, listed.length),
      nextCursor: end < listed.length ? writeCursor({ offset: end, listing, commitSha: repository.commitSha, holder }) : null,
      warnings: files.length > 0 && tree.length === 0 ? [noMatchWarning(pathPrefix)] : [],
    };
  }

  /** The repository a CodeDoc client's workspace_path names (findWorkspace), or the CodeDoc server's PATH_NOT_FOUND. */
  private async workspaceAt(principal: Principal, workspacePath: string): Promise<RepositoryRecord> {
    const repositories = await this.graph.listRepositories(principal);
    const repository = findWorkspace(repositories, principal.tenantId, workspacePath);
    if (repository) return repository;
    throw sessionError('PATH_NOT_FOUND', `Path not found: ${workspacePath}`, 'No indexed workspace is at this path.', {
      workspace_path: workspacePath,
      active_workspaces: repositories.map((candidate) => workspaceIdOf(principal.tenantId, candidate.repositoryId)),
      hint: 'Give the root path a repository was indexed from, its repository id or its workspace id; index it first with lore index.',
    });
  }
}

/** A listing's fields with the CodeDoc server's names folded into Lore's (the schema refuses both at once). */
interface ListingQuery extends Omit<GetProjectStructureQuery, 'workspace_path' | 'max_depth' | 'include_patterns' | 'exclude_patterns'> {
  workspacePath: string | undefined;
  depth: number;
}

function listingQuery(query: GetProjectStructureQuery): ListingQuery {
  const { workspace_path, max_depth, include_patterns, exclude_patterns, ...lore } = query;
  return {
    ...lore,
    workspacePath: workspace_path,
    depth: lore.depth ?? max_depth ?? DEFAULT_STRUCTURE_DEPTH,
    include: include_patterns ?? lore.include,
    exclude: exclude_patterns ?? lore.exclude,
  };
}

/** The fields that make a listing: a cursor is good only for the listing (and the commit) it was made in. */
function listingOf(query: ListingQuery, repositoryId: string, pathPrefix: string): string {
  const fields = [repositoryId, pathPrefix, query.depth, query.include, query.exclude];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 16);
}

function writeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

function readCursor(cursor: string, listing: string, commitSha: string, holder: string): number {
  let state: Partial<CursorState> | null = null;
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorState>;
  } catch {
    // Not one of ours: answered below.
  }
  if (typeof state?.offset !== 'number' || !Number.isSafeInteger(state.offset) || state.offset < 0 || state.listing !== listing) {
    throw new InvalidInputError(
      'Not a cursor of this listing: ask again with the nextCursor of the previous page and the same other fields.',
    );
  }
  if (state.holder !== holder) {
    throw new NotFoundError('No such cursor: a cursor pages only for the caller it was given to.', {
      hint: 'Start the listing again without a cursor.',
    });
  }
  if (state.commitSha !== commitSha) {
    throw new InvalidInputError('The repository was indexed again since this cursor was made.', {
      hint: 'Start the listing again without a cursor.',
    });
  }
  return state.offset;
}

function noMatchWarning(pathPrefix: string): Warning {
  return {
    code: 'no_match',
    message: `No file ${pathPrefix === '' ? 'of the repository' : `under ${pathPrefix}/`} passes the include and exclude globs.`,
  };
}
