import { Context, Parent, Resolver } from '@nestjs/graphql';
import type { SymbolRef } from '@lore/domain';
import { SymbolNodeSchema } from '@lore/domain/schemas/explorer';
import { LoreField } from '../lore-query.decorator';
import type { ExplorerLoaders } from './explorer-loaders';

/** SymbolRef.node: from any answer that names a symbol (impact, callers, documents) into the explorer. */
@Resolver('SymbolRef')
export class SymbolRefResolver {
  @LoreField({
    type: 'SymbolRef',
    name: 'node',
    description: 'The symbol as a node to explore (its callers, callees, members, tests, documents).',
    args: {},
    result: SymbolNodeSchema.nullable(),
  })
  node(@Parent() symbol: SymbolRef, @Context('loaders') loaders: ExplorerLoaders) {
    return loaders.symbols.load(symbol.uid);
  }
}
