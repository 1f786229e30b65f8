import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type Memory, MemorySchema } from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';
import { ReviewBodySchema } from './memory-review-body';

/** approve_memory (high-risk): `POST /api/v1/memory/:memoryId/approve`. */
@ApiTags('memory')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@Controller('api/v1/memory')
export class ApproveMemoryController {
  constructor(private readonly service: AgentMemoryService) {}

  @Post(':memoryId/approve')
  @ApiOperation({
    operationId: 'approve_memory',
    summary: 'High-risk: approves a memory candidate. Disabled unless LORE_MEMORY_ENABLE_APPROVAL=true; needs memory:approve.',
  })
  @ApiParam({ name: 'memoryId', description: 'mem_...' })
  @ApiBodyFrom(ReviewBodySchema)
  @ApiOkResponse({ schema: openApiSchema(MemorySchema) })
  approve(
    @Req() req: RequestWithPrincipal,
    @Param('memoryId') memoryId: string,
    @Body() body: z.input<typeof ReviewBodySchema>,
  ): Promise<Memory> {
    return this.service.approveMemory({ ...body, memoryId }, principalOf(req));
  }
}
