import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  DocumentDraftSchema,
  type GenerateDocumentDraftInput,
  GenerateDocumentDraftInputSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY, UNTRUSTED_NOTE } from '../mcp-tool';

@Injectable()
export class GenerateDocumentDraftTool implements LoreMcpTool<typeof GenerateDocumentDraftInputSchema, typeof DocumentDraftSchema> {
  readonly name = 'generate_document_draft';
  readonly title = 'Generate a documentation draft';
  readonly description = `A draft of a module's documentation written from the graph alone, the same for the same module at the same commit (from a contextPackId, or from modulePath or paths): its purpose from the doc comments of its exported symbols, its public API with signatures, who calls it from other files, and the files that test it. Every statement cites evidence ids (E: code spans, G: paths in the graph); statements and evidence are the resource evidence-map://{documentId}. A draft is never published by generating it. ${UNTRUSTED_NOTE}`;
  readonly version = FIRST_VERSION;
  readonly input = GenerateDocumentDraftInputSchema;
  readonly output = DocumentDraftSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly generation: DocumentGenerationService) {}

  call(args: GenerateDocumentDraftInput, principal: Principal): Promise<z.output<typeof DocumentDraftSchema>> {
    return this.generation.generateDocumentDraft(args, principal);
  }

  next(answer: z.output<typeof DocumentDraftSchema>): NextCall[] {
    return [
      {
        tool: 'generate_review_package',
        arguments: { documentId: answer.documentId },
        why: 'The draft, its evidence map, quality report and stale lines together, with a checklist for the reviewer.',
      },
    ];
  }
}
