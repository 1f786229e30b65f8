import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type GetSymbolInput, GetSymbolInputSchema, GetSymbolResultSchema } from '@lore/domain/schemas/symbols';
import { SymbolService } from '@lore/knowledge/symbols/symbol.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetSymbolTool implements LoreMcpTool<typeof GetSymbolInputSchema, typeof GetSymbolResultSchema> {
  readonly name = 'get_symbol';
  readonly title = 'Get symbol';
  readonly description =
    'Get one symbol by uid, or by name or qualified name: signature, doc, location, members, the symbols it calls and the symbols that call it (each call with how it was resolved). Several matches give ambiguous_target with the candidates.';
  readonly version = FIRST_VERSION;
  readonly input = GetSymbolInputSchema;
  readonly output = GetSymbolResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly symbols: SymbolService) {}

  call(args: GetSymbolInput, principal: Principal): Promise<z.output<typeof GetSymbolResultSchema>> {
    return this.symbols.getSymbol(args, principal);
  }

  next(answer: z.output<typeof GetSymbolResultSchema>): NextCall[] {
    const { uid, qualifiedName, resourceUri } = answer.symbol;
    return [
      { tool: 'get_file_span', arguments: { uri: resourceUri }, why: `The source of ${qualifiedName}.` },
      { tool: 'get_callers', arguments: { uid }, why: `Who calls ${qualifiedName}.` },
      { tool: 'get_related_tests', arguments: { uid }, why: `The tests that exercise ${qualifiedName}.` },
    ];
  }
}
