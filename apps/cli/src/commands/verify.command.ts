import type { Command } from 'commander';
import { PrincipalResolver } from '@lore/access';
import type { VerifyClaimResult } from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, printJson } from '../output';

interface VerifyOptions extends JsonOption {
  repo?: string;
  commit?: string;
  chapter?: string;
}

export const register: RegisterCommand = (program: Command) =>
  program
    .command('verify')
    .description('Settle a sentence about the code from the graph: supported, contradicted or unknown, with the code that says so.')
    .argument('[claim]', 'one sentence, e.g. "OrderService.placeOrder calls applyDiscount" (or give --chapter)')
    .option('--chapter <uri>', 'check the claims of a knowledge chapter (knowledge://projects/{id}/chapters/{file}#{chapter}) instead')
    .option('--repo <id>', 'the repository the claim is about (needed when several are indexed)')
    .option('--commit <sha>', 'the indexed commit the claim is about')
    .option('--json', 'print the verify_claim result as JSON')
    .action(runAction(verifyCommand));

async function verifyCommand(claim: string | undefined, options: VerifyOptions): Promise<number> {
  const result = await withServices((context) =>
    context
      .get(DocumentationTrustService)
      .verifyClaim(
        { claim, chapter: options.chapter, repositoryId: options.repo, commitSha: options.commit },
        context.get(PrincipalResolver).local(),
      ),
  );
  if (options.json) printJson(result);
  else printVerdict(result);
  return EXIT.ok;
}

function printVerdict(result: VerifyClaimResult): void {
  const lines = [
    `${result.verdict}${result.kind ? ` (${result.kind})` : ''}: ${result.claim}`,
    ...result.reasons.map((reason) => `  ${reason}`),
    ...result.evidence.map((span) => `  ${span.path}:${span.startLine}-${span.endLine}  ${span.uri}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
