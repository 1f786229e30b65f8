import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type AssembleContextPackInput,
  AssembleContextPackInputSchema,
  type ContextPack,
  ContextPackSchema,
} from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** assemble_context_pack, its input in the query or in the body. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class ContextPackController {
  constructor(private readonly service: DocumentGenerationService) {}

  @Get('context-pack')
  @ApiOperation({
    operationId: 'assemble_context_pack',
    summary: 'What the graph knows that a task on a module needs: symbols, spans, callers, tests, documents, each with its reason.',
  })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'unavailable')
  @ApiQueryFrom(AssembleContextPackInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ContextPackSchema) })
  assemble(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ContextPack> {
    return this.service.assembleContextPack(
      inputFromQuery(AssembleContextPackInputSchema, query) as AssembleContextPackInput,
      principalOf(req),
    );
  }

  @Post('context-packs')
  @HttpCode(200)
  @ApiOperation({ operationId: 'assemble_context_pack_body', summary: 'assemble_context_pack with its input in the body.' })
  @ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'unavailable')
  @ApiBodyFrom(AssembleContextPackInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ContextPackSchema) })
  assembleFromBody(@Req() req: RequestWithPrincipal, @Body() body: AssembleContextPackInput): Promise<ContextPack> {
    return this.service.assembleContextPack(body, principalOf(req));
  }
}
