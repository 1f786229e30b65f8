import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type CreatePullRequestInput,
  CreatePullRequestInputSchema,
  CreatePullRequestResultSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall } from '../mcp-tool';

@Injectable()
export class CreatePullRequestTool implements LoreMcpTool<typeof CreatePullRequestInputSchema, typeof CreatePullRequestResultSchema> {
  readonly name = 'create_pull_request';
  readonly title = 'Propose a reviewed draft as a pull request';
  readonly description =
    'High risk, never automatic: pushes a reviewed draft (documentId) as docs/<fileName> on a new origin branch lore/docs/<documentId> and opens its pull request into the indexed branch. Needs what publish_document needs, plus LORE_FORGE_TOKEN and an origin (else unavailable); an existing branch is a conflict.';
  readonly version = FIRST_VERSION;
  readonly input = CreatePullRequestInputSchema;
  readonly output = CreatePullRequestResultSchema;
  // A second call finds its branch on origin and is refused (conflict): calling again changes nothing.
  readonly annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true };
  readonly pagedLists = [] as const;
  readonly permission = 'docs:publish' as const;

  constructor(private readonly generation: DocumentGenerationService) {}

  call(args: CreatePullRequestInput, principal: Principal): Promise<z.output<typeof CreatePullRequestResultSchema>> {
    return this.generation.createPullRequest(args, principal);
  }

  next(): NextCall[] {
    return [];
  }
}
