import { Args, Context, Parent, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { RepositoryIdSchema } from '@lore/domain';
import {
  type Connection,
  DependedOnConnectionSchema,
  DocumentConnectionSchema,
  FileConnectionSchema,
  PageInputSchema,
  PathPrefixSchema,
  RepositoryConnectionSchema,
  type RepositoryNode,
  RepositoryNodeSchema,
} from '@lore/domain/schemas/explorer';
import { ExplorerService } from '@lore/knowledge/explorer/explorer.service';
import { LoreField, LoreQuery } from '../lore-query.decorator';
import { PageField } from './page-field.decorator';
import type { ExplorerLoaders, PageArgs } from './explorer-loaders';

/** Repository: the indexed repositories, their files and documents. */
@Resolver('Repository')
export class RepositoryNodeResolver {
  constructor(private readonly explorer: ExplorerService) {}

  @LoreQuery({
    name: 'repositories',
    description: 'The indexed repositories you may read, to explore from.',
    args: PageInputSchema.shape,
    result: RepositoryConnectionSchema,
  })
  repositories(@Args() page: PageArgs, @Context('req') req: RequestWithPrincipal): Promise<Connection<RepositoryNode>> {
    return this.explorer.listRepositories(principalOf(req), { first: page.first ?? undefined, after: page.after ?? undefined });
  }

  @LoreQuery({
    name: 'repository',
    description: 'An indexed repository by id, to explore from: its files and documents.',
    args: { id: RepositoryIdSchema },
    result: RepositoryNodeSchema,
  })
  repository(@Args('id') id: string, @Context('req') req: RequestWithPrincipal): Promise<RepositoryNode> {
    return this.explorer.getRepository(principalOf(req), id);
  }

  @LoreField({
    type: 'Repository',
    name: 'files',
    description: 'Its indexed files, in path order.',
    args: { ...PageInputSchema.shape, pathPrefix: PathPrefixSchema.optional() },
    result: FileConnectionSchema,
  })
  files(
    @Parent() repository: RepositoryNode,
    @Args() { pathPrefix, ...page }: PageArgs & { pathPrefix?: string | null },
    @Context('loaders') loaders: ExplorerLoaders,
  ) {
    return loaders.page('repository-files', repository.id, page, pathPrefix ?? undefined);
  }

  @PageField('Repository', 'documents', DocumentConnectionSchema, 'Its Markdown documents, in path order.')
  documents(@Parent() repository: RepositoryNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('repository-documents', repository.id, page);
  }

  @PageField(
    'Repository',
    'mostDependedOn',
    DependedOnConnectionSchema,
    'Its symbols that others depend on (call, extend or implement), most dependents first: where to start reading it.',
  )
  mostDependedOn(@Parent() repository: RepositoryNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('repository-depended-on', repository.id, page);
  }
}
