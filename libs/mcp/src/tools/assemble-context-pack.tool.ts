import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type AssembleContextPackInput, AssembleContextPackInputSchema, ContextPackSchema } from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY, UNTRUSTED_NOTE } from '../mcp-tool';

@Injectable()
export class AssembleContextPackTool implements LoreMcpTool<typeof AssembleContextPackInputSchema, typeof ContextPackSchema> {
  readonly name = 'assemble_context_pack';
  readonly title = 'Assemble a context pack';
  readonly description = `What the graph knows that a task on a module needs (modulePath: a directory or a file; or paths), bounded by maxItems per kind, each item with its reason: the module's symbols with signatures and doc comments (exported first), the code spans to read, the symbols of other files that call it, the tests that exercise it, and the document sections that name it. The pack is kept (expiresAt) and readable as the resource context-pack://{contextPackId}; generate_document_draft writes a draft from it. ${UNTRUSTED_NOTE}`;
  readonly version = FIRST_VERSION;
  readonly input = AssembleContextPackInputSchema;
  readonly output = ContextPackSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly generation: DocumentGenerationService) {}

  call(args: AssembleContextPackInput, principal: Principal): Promise<z.output<typeof ContextPackSchema>> {
    return this.generation.assembleContextPack(args, principal);
  }

  next(answer: z.output<typeof ContextPackSchema>): NextCall[] {
    return [
      {
        tool: 'generate_document_draft',
        arguments: { contextPackId: answer.contextPackId },
        why: 'A draft of the module from this pack, every statement citing its evidence.',
      },
    ];
  }
}
