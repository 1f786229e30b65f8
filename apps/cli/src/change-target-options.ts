import type { Command } from 'commander';
import type { AnalyzeImpactInput } from '@lore/domain/schemas/impact';
import type { JsonOption } from './cli-command';
import { pathArgument } from './path-argument';

// What `lore impact` and `lore tests-for` share: how a change is named on the command line.

export interface ChangeTargetOptions extends JsonOption {
  uid?: boolean;
  path?: string;
  paths?: string;
  diff?: string;
  repo?: string;
  depth?: string;
  minConfidence?: string;
  limit?: string;
}

export function withChangeTargetOptions(command: Command): Command {
  return command
    .argument(
      '[target]',
      'a symbol (name, qualified name, or uid), a file (a path with a /: ./ and ../ from the current directory), or lines of a file (path:start-end)',
    )
    .option('--uid', 'the target is a symbol uid')
    .option('--path <file>', 'with a symbol name: the file it is declared in')
    .option('--paths <files>', 'changed files, comma-separated (instead of a target)')
    .option('--diff <range>', 'a git range instead of a target: base..head, base...head, or one ref against the working tree')
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--depth <n>', 'dependency steps to follow (1-5, default 3)')
    .option('--min-confidence <confidence>', 'follow only calls resolved at least this surely: exact, import, name, ambiguous')
    .option('--limit <n>', 'at most this many affected symbols (default 200)');
}

const LINES = /^(.+):(\d+)(?:-(\d+))?$/;

/** The service input the arguments stand for (the service validates it: two targets at once are invalid_input). */
export function changeTargetInput(target: string | undefined, options: ChangeTargetOptions): AnalyzeImpactInput {
  const given = {
    repositoryId: options.repo,
    paths: options.paths
      ?.split(',')
      .filter(Boolean)
      .map((path) => pathArgument(path)),
    diff: options.diff,
    depth: options.depth === undefined ? undefined : Number(options.depth),
    minConfidence: options.minConfidence as AnalyzeImpactInput['minConfidence'],
    limit: options.limit === undefined ? undefined : Number(options.limit),
  };
  const path = pathArgument(options.path);
  if (target === undefined) return { ...given, path };
  if (options.uid) return { ...given, uid: target, path };
  const lines = LINES.exec(target);
  if (lines && lines[1]!.includes('/')) {
    return {
      ...given,
      path: pathArgument(lines[1]!),
      startLine: Number(lines[2]),
      endLine: lines[3] === undefined ? undefined : Number(lines[3]),
    };
  }
  // A uid pasted without --uid holds a / too: the service knows it for one.
  if (target.includes('/')) return { ...given, path: pathArgument(target) };
  return { ...given, name: target, path };
}
