import { Args, Context, Parent, Resolver } from '@nestjs/graphql';
import { type SectionNode, SymbolConnectionSchema } from '@lore/domain/schemas/explorer';
import { PageField } from './page-field.decorator';
import type { ExplorerLoaders, PageArgs } from './explorer-loaders';

/** Section: a section of a Markdown document (its document is a field of its own) and the symbols it names. */
@Resolver('Section')
export class SectionNodeResolver {
  @PageField('Section', 'symbols', SymbolConnectionSchema, 'The symbols its inline code names.')
  symbols(@Parent() section: SectionNode, @Args() page: PageArgs, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.page('section-symbols', section.uid, page);
  }
}
