import { Injectable } from '@nestjs/common';
import { accessFingerprint } from '@lore/access';
import {
  CodeGraphRepository,
  type ExplorerFileRecord,
  type ExplorerList,
  type ExplorerListItems,
  type ExplorerSectionRecord,
  type ExplorerSymbolRecord,
  type RepositoryRecord,
} from '@lore/graph';
import { NotFoundError, type Principal, fileUid, formatDocUri, formatFileUri, repositoryUid, symbolCodeUri } from '@lore/domain';
import {
  type Connection,
  type DocumentNode,
  type FileLookup,
  FileLookupSchema,
  type FileNode,
  type PageInput,
  PageInputSchema,
  PathPrefixSchema,
  type RepositoryNode,
  type SectionNode,
  type SymbolNode,
  SymbolUidSchema,
} from '@lore/domain/schemas/explorer';
import { parseInput } from '../validation';
import { connectionOf, pageWindow } from './connection';
import { Operation } from '../operations/operation';

/** An item of `list` as the explorer answers it: its node with URIs, and what the relation says of it. */
type ExplorerItem<List extends ExplorerList> = Omit<ExplorerListItems[List], 'node'> & { node: NodeOf<ExplorerListItems[List]['node']> };
type NodeOf<Record> = Record extends ExplorerSymbolRecord
  ? SymbolNode
  : Record extends ExplorerSectionRecord
    ? SectionNode
    : Record extends ExplorerFileRecord
      ? FileNode
      : DocumentNode;
/** The lists the explorer pages through, by the name of their query. */
export type { ExplorerList };

export type ExplorerConnection<List extends ExplorerList> = Connection<ExplorerItem<List>['node'], Omit<ExplorerListItems[List], 'node'>>;

/**
 * The graph as a person explores it: nodes by key and pages of their lists, each for many parents in
 * one query (the GraphQL door batches a request's lookups through these), within the principal's
 * tenant and repositories. The roots (the list of repositories, lookups by key) are operations
 * (audited, limited, cached like every read); the nested lists they lead to are fetched in batches
 * for the same request and are not (their cost counts against the caller's budget at the GraphQL
 * door). A credential limited to an MCP tool profile holds no explore_* operation: the explorer is
 * for people.
 */
@Injectable()
export class ExplorerService {
  constructor(private readonly graph: CodeGraphRepository) {}

  /** The repositories the principal may read, a page at a time. */
  @Operation('explore_repositories', { kind: 'read', principalArgument: 0 })
  async listRepositories(principal: Principal, input: PageInput): Promise<Connection<RepositoryNode>> {
    const { skip, limit } = pageWindow('repositories', parseInput(PageInputSchema, input), accessFingerprint(principal));
    const all = await this.graph.listRepositories(principal);
    const items = all.slice(skip, skip + limit).map((record) => ({ node: repositoryNode(record) }));
    return connectionOf('repositories', skip, items, all.length, accessFingerprint(principal));
  }

  /**
   * Every repository the principal may read, whole: what the MCP door reads for each answer's
   * snapshot and for its resource listing and completions, which are not calls of this operation.
   */
  async servedRepositories(principal: Principal): Promise<RepositoryNode[]> {
    return (await this.graph.listRepositories(principal)).map(repositoryNode);
  }

  /** Repositories by id, in the order asked (null for one the principal cannot see or that is not indexed). */
  async repositories(principal: Principal, ids: readonly string[]): Promise<(RepositoryNode | null)[]> {
    const visible = new Map((await this.graph.listRepositories(principal)).map((record) => [record.repositoryId, record]));
    return ids.map((id) => {
      const record = visible.get(id);
      return record ? repositoryNode(record) : null;
    });
  }

  @Operation('explore_repository', { kind: 'read', principalArgument: 0 })
  async getRepository(principal: Principal, id: string): Promise<RepositoryNode> {
    const [repository] = await this.repositories(principal, [id]);
    if (!repository) throw new NotFoundError(`No indexed repository ${id}.`, { hint: 'List them with repositories.' });
    return repository;
  }

  /** Files by repository and path, in the order asked (null for one not indexed or hidden). */
  async files(principal: Principal, lookups: readonly FileLookup[]): Promise<(FileNode | null)[]> {
    const uids = lookups.map((lookup) => fileUid(principal.tenantId, lookup.repositoryId, lookup.path));
    const found = await this.graph.getExplorerNodes(principal, 'files', uids);
    return inOrder(uids, found, fileNode);
  }

  @Operation('explore_file', { kind: 'read', principalArgument: 0 })
  async getFile(principal: Principal, lookup: FileLookup): Promise<FileNode> {
    const [file] = await this.files(principal, [parseInput(FileLookupSchema, lookup)]);
    if (!file) throw new NotFoundError(`No indexed file ${lookup.path} in ${lookup.repositoryId}.`);
    return file;
  }

  /** Symbols by uid, in the order asked (null for one unknown or hidden). */
  async symbols(principal: Principal, uids: readonly string[]): Promise<(SymbolNode | null)[]> {
    const found = await this.graph.getExplorerNodes(principal, 'symbols', uids);
    return inOrder(uids, found, symbolNode);
  }

  @Operation('explore_symbol', { kind: 'read', principalArgument: 0 })
  async getSymbol(principal: Principal, uid: string): Promise<SymbolNode> {
    const [symbol] = await this.symbols(principal, [parseInput(SymbolUidSchema, uid)]);
    if (!symbol) throw new NotFoundError(`No symbol with uid ${uid}.`, { hint: 'Find symbols with searchCode.' });
    return symbol;
  }

  /**
   * The same page of `list` for each of its parents (symbols, files, documents and sections by uid,
   * repositories by id), in the order asked: one query for them all. A parent the principal cannot see
   * has an empty list. `prefix` narrows a repository's files.
   */
  async pages<List extends ExplorerList>(
    principal: Principal,
    list: List,
    parents: readonly string[],
    input: PageInput,
    prefix?: string,
  ): Promise<ExplorerConnection<List>[]> {
    const holder = accessFingerprint(principal);
    const { skip, limit } = pageWindow(list, parseInput(PageInputSchema, input), holder);
    const uids = REPOSITORY_LISTS.includes(list) ? parents.map((id) => repositoryUid(principal.tenantId, id)) : parents;
    const window = { skip, limit, prefix: parseInput(PathPrefixSchema, prefix ?? '') };
    const found = await this.graph.findExplorerPages(principal, list, uids, window);
    const byUid = new Map(found.map((page) => [page.uid, page]));
    return uids.map((uid) => {
      const page = byUid.get(uid);
      const items = (page?.items ?? []).map((item) => ({ ...item, node: nodeOf(item.node) }) as unknown as ExplorerItem<List>);
      return connectionOf(list, skip, items, page?.totalCount ?? 0, holder) as ExplorerConnection<List>;
    });
  }
}

/** The lists whose parents are repositories: asked by repository id. */
const REPOSITORY_LISTS: readonly ExplorerList[] = ['repository-files', 'repository-documents', 'repository-depended-on'];

function inOrder<Record extends { uid: string }, Node>(
  uids: readonly string[],
  found: Record[],
  toNode: (record: Record) => Node,
): (Node | null)[] {
  const byUid = new Map(found.map((record) => [record.uid, record]));
  return uids.map((uid) => {
    const record = byUid.get(uid);
    return record ? toNode(record) : null;
  });
}

function repositoryNode(record: RepositoryRecord): RepositoryNode {
  const { repositoryId, name, commitSha, url, defaultBranch, indexedAt, gitPrefix } = record;
  return { id: repositoryId, name, commitSha, url, defaultBranch, indexedAt, versionedBy: gitPrefix === null ? 'content' : 'git' };
}

function symbolNode(record: ExplorerSymbolRecord): SymbolNode {
  return { ...record, resourceUri: symbolCodeUri(record, record.commitSha) };
}

function fileNode({ commitSha, ...file }: ExplorerFileRecord): FileNode {
  return { ...file, resourceUri: formatFileUri('code', { ...file, commitSha, range: null }) };
}

function documentNode(document: Omit<DocumentNode, 'resourceUri'>, commitSha: string): DocumentNode {
  return { ...document, resourceUri: formatDocUri({ ...document, commitSha, range: null }) };
}

function sectionNode({ commitSha, document, ...section }: ExplorerSectionRecord): SectionNode {
  return {
    ...section,
    resourceUri: formatDocUri({ repositoryId: document.repositoryId, commitSha, path: document.path, range: section }),
    document: documentNode(document, commitSha),
  };
}

/** The node of a list's item, by its shape: a symbol has a qualified name, a section a level, a file a language. */
function nodeOf(record: ExplorerListItems[ExplorerList]['node']): SymbolNode | SectionNode | FileNode | DocumentNode {
  if ('qualifiedName' in record) return symbolNode(record);
  if ('level' in record) return sectionNode(record);
  if ('language' in record) return fileNode(record);
  const { commitSha, ...document } = record;
  return documentNode(document, commitSha);
}
