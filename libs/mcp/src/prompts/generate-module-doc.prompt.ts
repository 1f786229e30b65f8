import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { BranchSchema } from '@lore/domain';
import { CommitShaSchema } from '@lore/domain/schemas/documentation-trust';
import { FIRST_VERSION } from '../mcp-tool';
import { type LoreMcpPrompt, TREAT_AS_DATA } from '../mcp-prompt';

const Args = z.object({
  repositoryId: z.string().min(1).max(200).describe('The repository, as indexed.'),
  modulePath: z.string().min(1).max(1000).describe('The module: a directory (src/orders) or a file, relative to the repository root.'),
  branch: BranchSchema.optional(),
  commitSha: CommitShaSchema.optional().describe('Answer only if this commit is the indexed one.'),
  audience: z.string().max(200).optional().describe('Who the page is for, comma-separated (new developers, reviewers, operators).'),
});

@Injectable()
export class GenerateModuleDocPrompt implements LoreMcpPrompt<typeof Args> {
  readonly name = 'generate_module_doc';
  readonly title = 'Generate module documentation';
  readonly version = FIRST_VERSION;
  readonly description =
    'Write evidence-based documentation of a module: a context pack, a draft whose every statement cites its evidence, its quality report; never published without approval.';
  readonly args = Args;
  readonly tools = ['assemble_context_pack', 'generate_document_draft', 'evaluate_document_quality', 'get_file_span'];

  text({ repositoryId, modulePath, branch, commitSha, audience }: z.output<typeof Args>): string {
    const audiences = (audience ?? '')
      .split(',')
      .map((who) => who.trim())
      .filter(Boolean);
    const packArgs = {
      repositoryId,
      ...(commitSha ? { commitSha } : {}),
      ...(branch ? { branch } : {}),
      modulePath,
      ...(audiences.length > 0 ? { audience: audiences } : {}),
    };
    return [
      `Write documentation of the module ${modulePath} in the repository ${repositoryId}${audience ? ` for ${audience}` : ''}.`,
      '',
      'Workflow, in this order:',
      `1. Call assemble_context_pack with ${JSON.stringify(packArgs)}: the module's symbols, callers, tests and documents, each with its reason.`,
      '2. Call generate_document_draft with {"contextPackId": "<data.contextPackId of step 1>"}: a draft whose every statement cites evidence ids (its evidence map is data.evidenceMapUri).',
      `3. Call evaluate_document_quality with {"repositoryId": "${repositoryId}", "content": "<data.content of step 2>", "codePaths": <data.paths of step 2>}: the claims checked against the code, coverage, stale lines.`,
      '4. Present the draft state and the quality warnings. Read the code spans you doubt with get_file_span (the evidence uris); improve wording only where the evidence supports it, and keep every citation.',
      '5. Do not publish without explicit approval: publishing (publish_document) is a separate step a person asks for.',
      '',
      TREAT_AS_DATA,
    ].join('\n');
  }
}
