import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type DocumentIdInput, DocumentIdInputSchema, ReviewPackageSchema } from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY, UNTRUSTED_NOTE } from '../mcp-tool';

@Injectable()
export class GenerateReviewPackageTool implements LoreMcpTool<typeof DocumentIdInputSchema, typeof ReviewPackageSchema> {
  readonly name = 'generate_review_package';
  readonly title = 'Generate a review package';
  readonly description = `What a reviewer of a draft (documentId, from generate_document_draft) needs in one answer: the draft with its statements and evidence, evaluate_document_quality's report of it against the code it documents, its stale lines, and a checklist of what to decide before publishing. ${UNTRUSTED_NOTE}`;
  readonly version = FIRST_VERSION;
  readonly input = DocumentIdInputSchema;
  readonly output = ReviewPackageSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['staleLines'] as const;

  constructor(private readonly generation: DocumentGenerationService) {}

  call(args: DocumentIdInput, principal: Principal): Promise<z.output<typeof ReviewPackageSchema>> {
    return this.generation.generateReviewPackage(args, principal);
  }

  next(answer: z.output<typeof ReviewPackageSchema>): NextCall[] {
    return answer.staleLines.slice(0, 1).map((finding) => ({
      tool: 'verify_claim',
      arguments: { repositoryId: answer.draft.repositoryId, claim: finding.statement },
      why: 'Why the code does not support this line, with its evidence.',
    }));
  }
}
