import { Args, Context, Parent, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  FileLookupSchema,
  type FileNode,
  FileNodeSchema,
  RepositoryNodeSchema,
  SymbolConnectionSchema,
} from '@lore/domain/schemas/explorer';
import { ExplorerService } from '@lore/knowledge/explorer/explorer.service';
import { LoreField, LoreQuery } from '../lore-query.decorator';
import { PageField } from './page-field.decorator';
import type { ExplorerLoaders, PageArgs } from './explorer-loaders';

/** File: an indexed file, its repository and the symbols it declares. */
@Resolver('File')
export class FileNodeResolver {
  constructor(private readonly explorer: ExplorerService) {}

  @LoreQuery({
    name: 'file',
    description: 'An indexed file by repository and path, to explore from: its symbols and repository.',
    args: FileLookupSchema.shape,
    result: FileNodeSchema,
  })
  file(
    @Args('repositoryId') repositoryId: string,
    @Args('path') path: string,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<FileNode> {
    return this.explorer.getFile(principalOf(req), { repositoryId, path });
  }

  @PageField('File', 'symbols', SymbolConnectionSchema, 'Every symbol it declares, in declaration order.')
  symbols(@Parent() file: FileNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('file-symbols', file.uid, page);
  }

  @LoreField({ type: 'File', name: 'repository', description: 'Its repository.', args: {}, result: RepositoryNodeSchema.nullable() })
  repository(@Parent() file: FileNode, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.repositories.load(file.repositoryId);
  }
}
