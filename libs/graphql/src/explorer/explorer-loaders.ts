import DataLoader from 'dataloader';
import type { Principal } from '@lore/domain';
import type { FileLookup, FileNode, PageInput, RepositoryNode, SymbolNode } from '@lore/domain/schemas/explorer';
import type { ExplorerConnection, ExplorerList, ExplorerService } from '@lore/knowledge/explorer/explorer.service';
import { withoutNulls } from '../graphql-input';

/** Arguments of a list field as GraphQL passes them (null for an omitted one). */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

/**
 * One request's lookups, batched: every load of one tick becomes one service call (one Cypher query),
 * so a nested query costs a query per level and list, not per node. Made afresh for each request (its
 * cache must not outlive the principal's view of the graph).
 */
export class ExplorerLoaders {
  readonly symbols: DataLoader<string, SymbolNode | null>;
  readonly files: DataLoader<FileLookup, FileNode | null, string>;
  readonly repositories: DataLoader<string, RepositoryNode | null>;
  private readonly lists = new Map<string, DataLoader<string, ExplorerConnection<ExplorerList>>>();
  private readonly lookups = new Map<string, DataLoader<string, unknown>>();

  constructor(
    private readonly explorer: ExplorerService,
    private readonly principal: Principal,
  ) {
    this.symbols = new DataLoader((uids) => explorer.symbols(principal, uids));
    this.files = new DataLoader((lookups) => explorer.files(principal, lookups), {
      cacheKeyFn: (lookup) => JSON.stringify([lookup.repositoryId, lookup.path]),
    });
    this.repositories = new DataLoader((ids) => explorer.repositories(principal, ids));
  }

  /** A lookup by uid that another service answers in batches (`load` with this request's principal), made on first use. */
  batched<Value>(name: string, load: (principal: Principal, uids: readonly string[]) => Promise<Value[]>): DataLoader<string, Value> {
    let loader = this.lookups.get(name);
    if (!loader) {
      loader = new DataLoader((uids) => load(this.principal, uids));
      this.lookups.set(name, loader);
    }
    return loader as DataLoader<string, Value>;
  }

  /** The page that `args` ask for of the list `list` of `parent` (a uid; a repository id), batched with the same page of other parents. */
  page<List extends ExplorerList>(list: List, parent: string, args: PageArgs, prefix?: string): Promise<ExplorerConnection<List>> {
    const page = withoutNulls(args) as PageInput;
    const key = JSON.stringify([list, page.first, page.after, prefix]);
    let loader = this.lists.get(key);
    if (!loader) {
      loader = new DataLoader((parents) => this.explorer.pages(this.principal, list, parents, page, prefix));
      this.lists.set(key, loader);
    }
    return loader.load(parent) as Promise<ExplorerConnection<List>>;
  }
}

/** The GraphQL context of a request: the request (and its principal) and its loaders. */
export interface ExplorerContext {
  loaders: ExplorerLoaders;
}
