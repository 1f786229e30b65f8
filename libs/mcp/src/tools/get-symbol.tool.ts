import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { type GetSymbolInput, GetSymbolInputSchema, GetSymbolResultSchema } from '@lore/domain/schemas/symbols';
import { SymbolService } from '@lore/knowledge/symbols/symbol.service';
import { type LoreMcpTool, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetSymbolTool implements LoreMcpTool<typeof GetSymbolInputSchema> {
  readonly name = 'get_symbol';
  readonly title = 'Get symbol';
  readonly description =
    'Get one symbol by uid, or by name or qualified name: signature, doc, location, members, the symbols it calls and the symbols that call it (each call with how it was resolved). Several matches give ambiguous_target with the candidates.';
  readonly input = GetSymbolInputSchema;
  readonly output = GetSymbolResultSchema;
  readonly annotations = READ_ONLY;

  constructor(private readonly symbols: SymbolService) {}

  call(args: GetSymbolInput, principal: Principal): Promise<object> {
    return this.symbols.getSymbol(args, principal);
  }
}
