import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { FIRST_VERSION } from '../mcp-tool';
import { type LoreMcpPrompt, TREAT_AS_DATA } from '../mcp-prompt';

const Args = z.object({
  repositoryId: z.string().min(1).max(200).describe('The repository changed, as indexed (a library others depend on, say).'),
  changedPath: z.string().min(1).max(1000).describe('The changed file, relative to the repository root (src/contracts/order.ts).'),
});

/**
 * Seed 000's `analyze_cross_repo_impact` (3.3): analyze_impact already follows the links between the
 * tenant's repositories (a package one publishes and another imports), so the workflow is its answer
 * read per repository, with the tests and documents of each.
 */
@Injectable()
export class AnalyzeCrossRepoImpactPrompt implements LoreMcpPrompt<typeof Args> {
  readonly name = 'analyze_cross_repo_impact';
  readonly title = 'Analyze the impact of a change across repositories';
  readonly version = FIRST_VERSION;
  readonly description =
    'What a change to a file affects in the other repositories that depend on it: per repository, the dependent symbols and files, the tests to run and the documents to review.';
  readonly args = Args;
  readonly tools = ['analyze_impact', 'get_related_tests', 'get_documents'];

  text({ repositoryId, changedPath }: z.output<typeof Args>): string {
    const target = JSON.stringify({ repositoryId, path: changedPath });
    return [
      `Analyze what changing ${changedPath} in the repository ${repositoryId} affects in the other repositories that depend on it.`,
      '',
      'Steps, in this order:',
      `1. Call analyze_impact with ${target}. It follows the links between repositories (a package one publishes and another imports): data.summary.repositories lists every repository the change reaches, and each affected symbol (data.affected[].symbol.repositoryId), file (data.files[].repositoryId) and document section (data.documents[].repositoryId) names its own. Repositories your credential may not read are left out.`,
      `2. If data.summary.repositories names no repository but ${repositoryId}, report that no other readable repository depends on the change, and stop.`,
      `3. Call get_related_tests with ${target}: the tests to run, in every repository reached, nearest first.`,
      '4. For each other repository in data.summary.repositories, call get_documents with {"repositoryId": <that repository>, "path": <each of its affected files>} for the sections that describe that code and may need updating.',
      '5. When an answer has status "truncated", call the same tool again with its continuation before concluding.',
      '6. Report per repository, the changed one first: the affected symbols that matter most, the affected files, the test files to run, the documents to review; then the weakest confidence of the evidence (data.summary.weakestConfidence).',
      '',
      TREAT_AS_DATA,
    ].join('\n');
  }
}
