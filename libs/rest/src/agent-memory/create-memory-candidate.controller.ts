import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type CreateMemoryCandidateInput,
  CreateMemoryCandidateInputSchema,
  type Memory,
  MemorySchema,
} from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** create_memory_candidate: `POST /api/v1/memory`. */
@ApiTags('memory')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@Controller('api/v1/memory')
export class CreateMemoryCandidateController {
  constructor(private readonly service: AgentMemoryService) {}

  @Post()
  @ApiOperation({
    operationId: 'create_memory_candidate',
    summary: 'Proposes a memory of a repository, with evidence URIs Lore resolves: a candidate until a person approves it.',
  })
  @ApiBodyFrom(CreateMemoryCandidateInputSchema)
  @ApiOkResponse({ schema: openApiSchema(MemorySchema) })
  createCandidate(@Req() req: RequestWithPrincipal, @Body() body: CreateMemoryCandidateInput): Promise<Memory> {
    return this.service.createMemoryCandidate(body, principalOf(req));
  }
}
