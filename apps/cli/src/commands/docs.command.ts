import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import { InvalidInputError } from '@lore/domain';
import type { DetectStaleDocsResult } from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/knowledge/documentation-trust/documentation-trust.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface CheckOptions extends JsonOption {
  repo?: string;
  failOn?: string;
  minConfidence?: string;
}

/** `lore docs check`: the documentation commands (`lore docs-for` finds the sections about a symbol or file). */
export const register: RegisterCommand = (program: Command) => {
  const docs = program.command('docs').description("Check a repository's documentation against its code.");
  docs
    .command('check')
    .description('The lines of Markdown the code no longer supports (detect_stale_docs), most confident first; for CI with --fail-on.')
    .argument('[paths...]', 'Markdown files or directories of the repository (default: every indexed Markdown document)')
    .option('--repo <id>', 'the repository (needed when several are indexed)')
    .option('--min-confidence <c>', 'leave out findings below this confidence (0-1)')
    .option('--fail-on <n>', 'exit 5 when more than n lines are stale (for CI)')
    .option('--json', 'print the detect_stale_docs result as JSON')
    .action(runAction(checkCommand));
};

async function checkCommand(paths: string[], options: CheckOptions): Promise<number> {
  if (options.failOn !== undefined && !/^\d+$/.test(options.failOn))
    throw new InvalidInputError('--fail-on takes a whole number of lines.');
  const result = await withServices((context) =>
    context.get(DocumentationTrustService).detectStaleDocs(
      {
        repositoryId: options.repo,
        paths: paths.length === 0 ? undefined : paths,
        minConfidence: options.minConfidence === undefined ? undefined : Number(options.minConfidence),
      },
      context.get(PrincipalResolver).local(),
    ),
  );
  if (options.json) printJson(result);
  else printFindings(result);
  const threshold = options.failOn === undefined ? Infinity : Number(options.failOn);
  if (result.findings.length > threshold) {
    process.stderr.write(`${result.findings.length} stale line(s): more than --fail-on ${options.failOn}\n`);
    return EXIT.thresholdExceeded;
  }
  return EXIT.ok;
}

function printFindings({ documents, findings, warnings }: DetectStaleDocsResult): void {
  const lines = [
    ...findings.map(
      (finding) => `${finding.path}:${finding.line}  ${finding.confidence.toFixed(2)}  ${finding.reason}\n    ${finding.statement}`,
    ),
    `${findings.length} stale line(s) in ${documents.length} document(s)`,
    ...warnings.map((warning) => `warning: ${warning.message}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
