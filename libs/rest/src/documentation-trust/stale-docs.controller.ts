import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type DetectStaleDocsInput,
  DetectStaleDocsInputSchema,
  type DetectStaleDocsResult,
  DetectStaleDocsResultSchema,
} from '@lore/domain/schemas/documentation-trust';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** detect_stale_docs: the lines of a repository's Markdown that its code no longer supports. */
@ApiTags('documentation')
@Controller('api/v1')
export class StaleDocsController {
  constructor(private readonly service: DocumentationTrustService) {}

  @Get('docs/stale')
  @ApiOperation({
    operationId: 'detect_stale_docs',
    summary: "The lines of a repository's Markdown that its code no longer supports, most confident first.",
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'unavailable')
  @ApiQueryFrom(DetectStaleDocsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(DetectStaleDocsResultSchema) })
  detectStaleDocs(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<DetectStaleDocsResult> {
    return this.service.detectStaleDocs(inputFromQuery(DetectStaleDocsInputSchema, query) as DetectStaleDocsInput, principalOf(req));
  }
}
