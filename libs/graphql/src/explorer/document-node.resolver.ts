import { Args, Context, Parent, Resolver } from '@nestjs/graphql';
import { type DocumentNode, RepositoryNodeSchema, SectionConnectionSchema } from '@lore/domain/schemas/explorer';
import { LoreField } from '../lore-query.decorator';
import { PageField } from './page-field.decorator';
import type { ExplorerLoaders, PageArgs } from './explorer-loaders';

/** Document: a Markdown document, its sections and its repository. */
@Resolver('Document')
export class DocumentNodeResolver {
  @PageField('Document', 'sections', SectionConnectionSchema, 'Its sections, in document order.')
  sections(@Parent() document: DocumentNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('document-sections', document.uid, page);
  }

  @LoreField({ type: 'Document', name: 'repository', description: 'Its repository.', args: {}, result: RepositoryNodeSchema.nullable() })
  repository(@Parent() document: DocumentNode, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.repositories.load(document.repositoryId);
  }
}
