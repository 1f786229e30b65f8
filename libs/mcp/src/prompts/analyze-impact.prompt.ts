import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { FIRST_VERSION } from '../mcp-tool';
import { type LoreMcpPrompt, TREAT_AS_DATA } from '../mcp-prompt';

const Args = z.object({
  repositoryId: z.string().min(1).max(200).describe('The repository changed, as indexed.'),
  changedPath: z.string().min(1).max(1000).describe('The changed file, relative to the repository root (src/orders/discounts.ts).'),
  commitSha: z.string().max(64).optional().describe('The commit the change is against; the indexed one if left out.'),
});

@Injectable()
export class AnalyzeImpactPrompt implements LoreMcpPrompt<typeof Args> {
  readonly name = 'analyze_impact';
  readonly title = 'Analyze the impact of a change';
  readonly version = FIRST_VERSION;
  readonly description =
    'What a change to a file affects: the dependent symbols and files, the tests to run, the documents and the memory to review.';
  readonly args = Args;
  readonly tools = ['analyze_impact', 'get_related_tests', 'get_documents', 'get_memory'];

  text({ repositoryId, changedPath, commitSha }: z.output<typeof Args>): string {
    const at = commitSha ? ` Lore answers from the indexed commit: if metadata.snapshot is not ${commitSha}, say so.` : '';
    return [
      `Analyze the impact of changing ${changedPath} in the repository ${repositoryId}.${at}`,
      '',
      'Steps, in this order:',
      `1. Call analyze_impact with {"repositoryId": "${repositoryId}", "path": "${changedPath}"}. Note data.targets, data.affected (nearest first), data.files and data.summary.`,
      `2. Call get_related_tests with the same arguments. data.testFiles are the files to run, nearest first; data.tests says how each reaches the change (direct, helper, transitive).`,
      `3. Call get_documents with {"repositoryId": "${repositoryId}", "path": "${changedPath}"} for the sections that describe the file and may need updating.`,
      `4. Call get_memory with {"repositoryId": "${repositoryId}", "maxResults": 100}: the affected memory is each memory with an evidence[].about among the targets, the affected symbols or the files of step 1; it may no longer hold after the change.`,
      '5. When an answer has status "truncated", call the same tool again with its continuation before concluding.',
      '6. Report: the affected symbols that matter most (data.summary.mostDependedOn), the test files to run, the documents and the affected memory to review, and the weakest confidence of the evidence.',
      '',
      TREAT_AS_DATA,
    ].join('\n');
  }
}
