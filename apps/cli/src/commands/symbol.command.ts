import type { Command } from 'commander';
import type { GetSymbolResult } from '@lore/domain/schemas/symbols';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { readFromLore } from '../running-lore';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('symbol')
    .description('Show one symbol: by name or qualified name, or by uid with --uid.')
    .argument('<name>', 'name, qualified name, or uid with --uid')
    .option('--uid', 'the argument is a symbol uid')
    .option('--repo <id>', 'only this repository')
    .option('--json', 'print the get_symbol result as JSON')
    .action(runAction(symbolCommand));

async function symbolCommand(nameOrUid: string, options: JsonOption & { uid?: boolean; repo?: string }): Promise<number> {
  const input = options.uid ? { uid: nameOrUid } : { name: nameOrUid, repositoryId: options.repo };
  const result = await readFromLore({ path: '/api/v1/symbols', input }, (context, principal) => {
    // Loaded only when no running Lore answered: the services' modules take seconds to load.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { SymbolService } = require('@lore/knowledge/symbols/symbol.service') as typeof import('@lore/knowledge/symbols/symbol.service');
    /* eslint-enable @typescript-eslint/no-require-imports */
    return context.get(SymbolService).getSymbol(input, principal);
  });
  if (options.json) printJson(result);
  else printSymbol(result);
  return EXIT.ok;
}

function printSymbol({ symbol, warnings }: GetSymbolResult): void {
  const lines = [
    `${symbol.kind} ${symbol.qualifiedName}  ${symbol.repositoryId}:${symbol.path}:${symbol.startLine}-${symbol.endLine}`,
    symbol.signature ? `  ${symbol.signature}` : null,
    symbol.doc
      ? symbol.doc
          .split('\n')
          .map((line) => `  | ${line}`)
          .join('\n')
      : null,
    `  uid: ${symbol.uid}`,
    `  code: ${symbol.resourceUri}`,
    symbol.parent ? `  member of: ${symbol.parent.qualifiedName}` : null,
    ...section(
      'members',
      symbol.members.map((m) => `${m.kind} ${m.name} (line ${m.startLine})`),
    ),
    ...section(
      'calls',
      symbol.calls.map((c) => `${c.symbol.qualifiedName} (line ${c.line}, ${c.confidence})`),
    ),
    ...section(
      'called by',
      symbol.calledBy.map((c) => `${c.symbol.qualifiedName} in ${c.symbol.path}:${c.line} (${c.confidence})`),
    ),
    ...warnings.map((w) => `  warning: ${w.message}`),
  ];
  process.stdout.write(`${lines.filter((line) => line !== null).join('\n')}\n`);
}

function section(title: string, items: string[]): string[] {
  return items.length === 0 ? [] : [`  ${title}:`, ...items.map((item) => `    ${item}`)];
}
