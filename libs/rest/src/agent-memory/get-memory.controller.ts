import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type GetMemoryInput, GetMemoryInputSchema, type GetMemoryResult, GetMemoryResultSchema } from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_memory: `GET /api/v1/memory`. */
@ApiTags('memory')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@Controller('api/v1/memory')
export class GetMemoryController {
  constructor(private readonly service: AgentMemoryService) {}

  @Get()
  @ApiOperation({
    operationId: 'get_memory',
    summary: 'Agent memory: approved by default; candidates (proposals, not memory) and archived memory only when asked for by status.',
  })
  @ApiQueryFrom(GetMemoryInputSchema)
  @ApiOkResponse({ schema: openApiSchema(GetMemoryResultSchema) })
  getMemory(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<GetMemoryResult> {
    return this.service.getMemory(inputFromQuery(GetMemoryInputSchema, query) as GetMemoryInput, principalOf(req));
  }
}
