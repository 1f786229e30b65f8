import { Args, Context, Parent, Resolver } from '@nestjs/graphql';
import { PageInputSchema, type SectionNode, SymbolConnectionSchema } from '@lore/domain/schemas/explorer';
import { LoreField } from '../lore-query.decorator';
import type { ExplorerLoaders, PageArgs } from './explorer-loaders';

/** Section: a section of a Markdown document (its document is a field of its own) and the symbols it names. */
@Resolver('Section')
export class SectionNodeResolver {
  @LoreField({
    type: 'Section',
    name: 'symbols',
    description: 'The symbols its inline code names.',
    args: PageInputSchema.shape,
    result: SymbolConnectionSchema,
  })
  symbols(@Parent() section: SectionNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('section-symbols', section.uid, page);
  }
}
