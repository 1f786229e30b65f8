import type { Command } from 'commander';
import { CALL_CONFIDENCES, type CallConfidence, type SymbolRef, type Warning } from '@lore/domain';
import type { WalkedSymbol } from '@lore/domain/schemas/call-graph';
import type { FileCaller } from '@lore/domain/schemas/callers';
import type { JsonOption } from './cli-command';

// What `lore callers` and `lore callees` share: the symbol argument, the walk's options, the printout.

export interface CallWalkOptions extends JsonOption {
  uid?: boolean;
  repo?: string;
  depth?: string;
  minConfidence?: CallConfidence;
  limit?: string;
}

export function withCallWalkOptions(command: Command, tool: string): Command {
  return (
    command
      .argument('<symbol>', 'name, qualified name, or uid with --uid')
      .option('--uid', 'the argument is a symbol uid')
      .option('--repo <id>', 'look the name up in this repository only')
      .option('--depth <n>', 'follow calls this many calls away (1-5, default 1)')
      // Checked by the service, so a bad value answers invalid_input here as through every other door.
      .option('--min-confidence <confidence>', `follow only calls resolved at least this surely: ${CALL_CONFIDENCES.join(', ')}`)
      .option('--limit <n>', 'at most this many symbols (1-500, default 100)')
      .option('--json', `print the ${tool} result as JSON`)
  );
}

/** The service input the arguments stand for (the service validates it). */
export function callWalkInput(symbol: string, options: CallWalkOptions) {
  return {
    ...(options.uid ? { uid: symbol } : { name: symbol, repositoryId: options.repo }),
    depth: options.depth === undefined ? undefined : Number(options.depth),
    minConfidence: options.minConfidence,
    limit: options.limit === undefined ? undefined : Number(options.limit),
  };
}

/** The symbol asked about, then each symbol reached, indented by its distance, then the files whose module-level code calls one (callers). */
export function printCallWalk(
  anchor: SymbolRef,
  reached: readonly WalkedSymbol[],
  warnings: readonly Warning[],
  none: string,
  files: readonly FileCaller[] = [],
): void {
  const lines = [
    `${anchor.kind} ${anchor.qualifiedName}  ${anchor.repositoryId}:${anchor.path}:${anchor.startLine}`,
    ...(reached.length === 0 && files.length === 0 ? [`  ${none}`] : []),
    ...reached.map(
      (step) =>
        `  ${'  '.repeat(step.distance - 1)}${step.symbol.qualifiedName}  ${step.symbol.repositoryId}:${step.symbol.path}:${step.symbol.startLine}  (line ${step.line}, ${step.confidence})`,
    ),
    ...files.map(
      (file) =>
        `  ${'  '.repeat(file.distance - 1)}file ${file.repositoryId}:${file.path}  (module-level code, line ${file.line}, ${file.confidence})`,
    ),
    ...warnings.map((warning) => `  warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
