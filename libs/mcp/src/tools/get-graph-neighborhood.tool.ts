import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type GetGraphNeighborhoodInput,
  GetGraphNeighborhoodInputSchema,
  GetGraphNeighborhoodResultSchema,
} from '@lore/domain/schemas/neighborhood';
import { GraphNeighborhoodService } from '@lore/knowledge/neighborhood/neighborhood.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetGraphNeighborhoodTool implements LoreMcpTool<
  typeof GetGraphNeighborhoodInputSchema,
  typeof GetGraphNeighborhoodResultSchema
> {
  readonly name = 'get_graph_neighborhood';
  readonly title = 'Get graph neighborhood';
  readonly description =
    'The nodes (symbols, files, documents, sections) and edges (CALLS with confidence, IMPORTS, EXTENDS, IMPLEMENTS, HAS_MEMBER, DECLARES, TESTS, MENTIONS) around a symbol (uid or name) or a file (path), up to depth 3, in one direction or both, nearest first. Past the limit the answer is truncated with a warning that says how to narrow it.';
  readonly version = FIRST_VERSION;
  readonly input = GetGraphNeighborhoodInputSchema;
  readonly output = GetGraphNeighborhoodResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['nodes', 'edges'] as const;

  constructor(private readonly neighborhood: GraphNeighborhoodService) {}

  call(args: GetGraphNeighborhoodInput, principal: Principal): Promise<z.output<typeof GetGraphNeighborhoodResultSchema>> {
    return this.neighborhood.getNeighborhood(args, principal);
  }

  next(answer: z.output<typeof GetGraphNeighborhoodResultSchema>): NextCall[] {
    return answer.nodes
      .filter((node) => node.label === 'Symbol')
      .slice(0, 1)
      .map((node) => ({
        tool: 'get_symbol',
        arguments: { uid: node.uid },
        why: `The nearest symbol, ${node.qualifiedName ?? node.name}.`,
      }));
  }
}
