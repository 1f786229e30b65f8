import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetSymbolInput, GetSymbolInputSchema, type GetSymbolResult, GetSymbolResultSchema } from '@lore/domain/schemas/symbols';
import { SymbolService } from '@lore/knowledge/symbols/symbol.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class SymbolsResolver {
  constructor(private readonly symbols: SymbolService) {}

  @LoreQuery({
    name: 'symbol',
    description: 'get_symbol: one symbol by uid or (qualified) name.',
    args: { input: GetSymbolInputSchema },
    result: GetSymbolResultSchema,
  })
  symbol(@Args('input') input: GetSymbolInput, @Context('req') req: RequestWithPrincipal): Promise<GetSymbolResult> {
    return this.symbols.getSymbol(withoutNulls(input), principalOf(req));
  }
}
