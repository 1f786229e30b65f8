import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { GetGraphNeighborhoodInput, GetGraphNeighborhoodResult } from '@lore/domain/schemas/neighborhood';
import { GraphNeighborhoodService } from '@lore/knowledge/neighborhood/neighborhood.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';
import { pathArgument } from '../path-argument';

interface NeighborhoodOptions extends JsonOption {
  uid?: boolean;
  repo?: string;
  depth?: string;
  direction?: string;
  edges?: string;
  limit?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('neighborhood')
    .description('The nodes and edges around a symbol or a file (a path with a /).')
    .argument('<target>', 'a symbol name or qualified name, a uid, or a file path (./ and ../ from the current directory)')
    .option('--uid', 'the target is a uid (symbol, file, document or section)')
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--depth <n>', 'hops from the target (1-3, default 1)')
    .option('--direction <direction>', 'in, out or both (default both)')
    .option(
      '--edges <types>',
      'only these relationships, comma-separated (CALLS, IMPORTS, EXTENDS, IMPLEMENTS, HAS_MEMBER, DECLARES, TESTS, MENTIONS)',
    )
    .option('--limit <n>', 'at most this many nodes (default 100)')
    .option('--json', 'print the get_graph_neighborhood result as JSON')
    .action(runAction(neighborhoodCommand));

async function neighborhoodCommand(target: string, options: NeighborhoodOptions): Promise<number> {
  const center = options.uid ? { uid: target } : target.includes('/') ? { path: pathArgument(target) } : { name: target };
  const input = {
    ...center,
    repositoryId: options.repo,
    depth: options.depth === undefined ? undefined : Number(options.depth),
    direction: options.direction,
    edgeTypes: options.edges?.split(',').filter(Boolean),
    limit: options.limit === undefined ? undefined : Number(options.limit),
  } as GetGraphNeighborhoodInput;
  const result = await withServices((context) =>
    context.get(GraphNeighborhoodService).getNeighborhood(input, context.get(PrincipalResolver).local()),
  );
  if (options.json) printJson(result);
  else printNeighborhood(result);
  return EXIT.ok;
}

function printNeighborhood({ center, nodes, edges, warnings }: GetGraphNeighborhoodResult): void {
  const names = new Map([center, ...nodes].map((node) => [node.uid, node.qualifiedName ?? node.name]));
  const lines = [
    `${center.label} ${names.get(center.uid)}  ${center.repositoryId}:${center.path}`,
    ...edges.map(
      (edge) => `  ${names.get(edge.from)} -${edge.type}${edge.confidence ? ` (${edge.confidence})` : ''}-> ${names.get(edge.to)}`,
    ),
    ...warnings.map((warning) => `  warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
