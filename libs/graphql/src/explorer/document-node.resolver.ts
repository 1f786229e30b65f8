import { Args, Context, Parent, Resolver } from '@nestjs/graphql';
import { type DocumentNode, PageInputSchema, RepositoryNodeSchema, SectionConnectionSchema } from '@lore/domain/schemas/explorer';
import { LoreField } from '../lore-query.decorator';
import type { ExplorerLoaders, PageArgs } from './explorer-loaders';

/** Document: a Markdown document, its sections and its repository. */
@Resolver('Document')
export class DocumentNodeResolver {
  @LoreField({
    type: 'Document',
    name: 'sections',
    description: 'Its sections, in document order.',
    args: PageInputSchema.shape,
    result: SectionConnectionSchema,
  })
  sections(@Parent() document: DocumentNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('document-sections', document.uid, page);
  }

  @LoreField({ type: 'Document', name: 'repository', description: 'Its repository.', args: {}, result: RepositoryNodeSchema.nullable() })
  repository(@Parent() document: DocumentNode, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.repositories.load(document.repositoryId);
  }
}
