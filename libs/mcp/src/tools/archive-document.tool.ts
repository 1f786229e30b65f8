import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type ArchiveDocumentInput,
  ArchiveDocumentInputSchema,
  ArchiveDocumentResultSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall } from '../mcp-tool';

@Injectable()
export class ArchiveDocumentTool implements LoreMcpTool<typeof ArchiveDocumentInputSchema, typeof ArchiveDocumentResultSchema> {
  readonly name = 'archive_document';
  readonly title = 'Archive a published document';
  readonly description =
    'High risk, never automatic: takes a document publish_document wrote down, moving it to archived/<repositoryId>/ (kept, not deleted). Allowed as publishing is: LORE_DOCS_PUBLISH_ENABLED=true, docs:publish, confirm: true on an explicit request.';
  readonly version = FIRST_VERSION;
  readonly input = ArchiveDocumentInputSchema;
  readonly output = ArchiveDocumentResultSchema;
  readonly annotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };
  readonly pagedLists = [] as const;
  readonly permission = 'docs:publish' as const;

  constructor(private readonly generation: DocumentGenerationService) {}

  call(args: ArchiveDocumentInput, principal: Principal): Promise<z.output<typeof ArchiveDocumentResultSchema>> {
    return this.generation.archiveDocument(args, principal);
  }

  next(): NextCall[] {
    return [];
  }
}
