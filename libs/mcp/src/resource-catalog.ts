import { Injectable } from '@nestjs/common';
import { ProtocolError, ProtocolErrorCode, type ListResourcesResult } from '@modelcontextprotocol/server';
import { accessFingerprint } from '@lore/access';
import { LoreError, type Principal, formatFileUri } from '@lore/domain';
import { ExplorerService } from '@lore/knowledge/explorer/explorer.service';
import { ProjectStructureService } from '@lore/knowledge/structure/structure.service';

/** Files per resources/list page. */
export const RESOURCE_PAGE_SIZE = 100;
const MAX_COMPLETIONS = 100;

/** Where the next resources/list page starts: a repository, and the structure cursor within it; for whom (accessFingerprint). */
interface ListCursor {
  repositoryId: string;
  after: string | null;
  holder: string;
}

/**
 * What the MCP client lists and completes, read from the indexed graph through the knowledge
 * services: resources/list pages through the code:// URI of every readable file of every
 * repository the caller sees, one repository after the other; completion/complete suggests
 * repositories, their commit and paths for the resource templates' arguments.
 */
@Injectable()
export class ResourceCatalog {
  constructor(
    private readonly explorer: ExplorerService,
    private readonly structure: ProjectStructureService,
  ) {}

  async list(principal: Principal, cursor: string | undefined): Promise<ListResourcesResult> {
    const repositories = await this.repositories(principal);
    const holder = accessFingerprint(principal);
    const at = cursor === undefined ? { repositoryId: repositories[0]?.id ?? '', after: null, holder } : readCursor(cursor, holder);
    const index = repositories.findIndex((repository) => repository.id === at.repositoryId);
    if (index === -1) {
      if (cursor === undefined) return { resources: [] };
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Not a cursor of this listing (or its repository is gone): list again without one.',
      );
    }
    const repository = repositories[index]!;
    const page = await this.structure
      .getProjectStructure(
        { repositoryId: repository.id, depth: 32, limit: RESOURCE_PAGE_SIZE, ...(at.after === null ? {} : { cursor: at.after }) },
        principal,
      )
      .catch((error: unknown) => {
        // A listing is a reading of the project structure: a credential whose profile does not hold get_project_structure lists nothing.
        if (error instanceof LoreError && (error.code === 'invalid_input' || error.code === 'permission_denied'))
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
        throw error;
      });
    const resources = page.entries
      .filter((entry) => entry.kind === 'file' && !entry.blocked)
      .map((entry) => ({
        uri: formatFileUri('code', { repositoryId: repository.id, commitSha: page.commitSha, path: entry.path, range: null }),
        name: `${repository.id}/${entry.path}`,
        title: entry.path,
        size: entry.bytes,
        description: `${entry.language ?? 'file'}, ${entry.lines} lines, at ${page.commitSha.slice(0, 12)}`,
      }));
    const following = page.nextCursor
      ? { repositoryId: repository.id, after: page.nextCursor, holder }
      : repositories[index + 1]
        ? { repositoryId: repositories[index + 1]!.id, after: null, holder }
        : null;
    return following ? { resources, nextCursor: writeCursor(following) } : { resources };
  }

  /** Repository ids starting with `prefix`. */
  async completeRepository(principal: Principal, prefix: string): Promise<string[]> {
    return (await this.repositories(principal)).map((repository) => repository.id).filter((id) => id.startsWith(prefix));
  }

  /** The indexed commit of the repository named so far (the only one a URI can read). */
  async completeCommit(principal: Principal, repositoryId: string | undefined, prefix: string): Promise<string[]> {
    const repository = (await this.repositories(principal)).find((candidate) => candidate.id === repositoryId);
    return repository && repository.commitSha.startsWith(prefix) ? [repository.commitSha] : [];
  }

  /** Paths of the repository below the directory typed so far that start with what is typed (a directory ends with /). */
  async completePath(principal: Principal, repositoryId: string | undefined, prefix: string): Promise<string[]> {
    if (!repositoryId) return [];
    const directory = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    try {
      const listing = await this.structure.getProjectStructure({ repositoryId, pathPrefix: directory, depth: 1, limit: 1000 }, principal);
      return listing.entries
        .map((entry) => (entry.kind === 'directory' ? `${entry.path}/` : entry.path))
        .filter((path) => path.startsWith(prefix))
        .slice(0, MAX_COMPLETIONS);
    } catch (error) {
      // A completion is a suggestion: an unknown repository or directory suggests nothing.
      if (error instanceof LoreError && error.code !== 'internal' && error.code !== 'unavailable') return [];
      throw error;
    }
  }

  /** The indexed commit of each repository the principal sees. */
  async indexedCommits(principal: Principal): Promise<Map<string, string>> {
    return new Map((await this.repositories(principal)).map((repository) => [repository.id, repository.commitSha]));
  }

  private repositories(principal: Principal): Promise<{ id: string; commitSha: string }[]> {
    return this.explorer.servedRepositories(principal);
  }
}

function writeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A cursor of this listing made for `holder`: another principal's is no cursor of its listing (and names none of its repositories). */
function readCursor(cursor: string, holder: string): ListCursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<ListCursor>;
    if (
      typeof parsed.repositoryId === 'string' &&
      (parsed.after === null || typeof parsed.after === 'string') &&
      parsed.holder === holder
    ) {
      return { repositoryId: parsed.repositoryId, after: parsed.after, holder };
    }
  } catch {
    // Falls through to the one answer for a cursor that is not ours.
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Not a cursor of this listing: list again without one.');
}
