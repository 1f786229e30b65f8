import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type PublishDocumentInput,
  PublishDocumentInputSchema,
  PublishDocumentResultSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall } from '../mcp-tool';

@Injectable()
export class PublishDocumentTool implements LoreMcpTool<typeof PublishDocumentInputSchema, typeof PublishDocumentResultSchema> {
  readonly name = 'publish_document';
  readonly title = 'Publish a reviewed draft';
  readonly description =
    "High risk, never automatic: writes a reviewed draft (documentId) as Markdown into the server's publish directory (published/<repositoryId>/<fileName>), nowhere else. Disabled unless the server sets LORE_DOCS_PUBLISH_ENABLED=true; needs the docs:publish permission and confirm: true, given only after a person approved the draft; a draft the code now contradicts is refused (quality_gate_failed). Call it only on an explicit request to publish.";
  readonly version = FIRST_VERSION;
  readonly input = PublishDocumentInputSchema;
  readonly output = PublishDocumentResultSchema;
  readonly annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  readonly pagedLists = [] as const;
  readonly permission = 'docs:publish' as const;

  constructor(private readonly generation: DocumentGenerationService) {}

  call(args: PublishDocumentInput, principal: Principal): Promise<z.output<typeof PublishDocumentResultSchema>> {
    return this.generation.publishDocument(args, principal);
  }

  next(): NextCall[] {
    return [];
  }
}
