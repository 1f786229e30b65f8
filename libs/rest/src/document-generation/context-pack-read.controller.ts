import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type ContextPack, ContextPackSchema } from '@lore/domain/schemas/document-generation';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** get_context_pack: a stored context pack read back by its id. */
@ApiTags('documentation generation')
@Controller('api/v1/docs')
export class ContextPackReadController {
  constructor(private readonly service: DocumentGenerationService) {}

  @Get('context-packs/:contextPackId')
  @ApiOperation({ operationId: 'get_context_pack', summary: 'A context pack by its id, until it expires.' })
  @ApiLoreErrors('invalid_input', 'not_found', 'unavailable')
  @ApiOkResponse({ schema: openApiSchema(ContextPackSchema) })
  get(@Req() req: RequestWithPrincipal, @Param('contextPackId') contextPackId: string): Promise<ContextPack> {
    return this.service.getContextPack({ contextPackId }, principalOf(req));
  }
}
