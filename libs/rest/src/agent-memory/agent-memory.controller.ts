import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type CreateMemoryCandidateInput,
  CreateMemoryCandidateInputSchema,
  type GetMemoryInput,
  GetMemoryInputSchema,
  type GetMemoryResult,
  GetMemoryResultSchema,
  type Memory,
  MemorySchema,
  ReviewMemoryInputSchema,
} from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** The JSON body of approve and archive: the review without the memory the path names; the service validates it. */
const ReviewBodySchema = ReviewMemoryInputSchema.omit({ memoryId: true });

/** Agent memory: get_memory, create_memory_candidate, and the high-risk approve_memory and archive_memory. */
@ApiTags('memory')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'conflict', 'unavailable')
@Controller('api/v1/memory')
export class AgentMemoryController {
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

  @Post(':memoryId/archive')
  @ApiOperation({
    operationId: 'archive_memory',
    summary: 'High-risk: archives a memory. Disabled unless LORE_MEMORY_ENABLE_APPROVAL=true; needs memory:approve.',
  })
  @ApiParam({ name: 'memoryId', description: 'mem_...' })
  @ApiBodyFrom(ReviewBodySchema)
  @ApiOkResponse({ schema: openApiSchema(MemorySchema) })
  archive(
    @Req() req: RequestWithPrincipal,
    @Param('memoryId') memoryId: string,
    @Body() body: z.input<typeof ReviewBodySchema>,
  ): Promise<Memory> {
    return this.service.archiveMemory({ ...body, memoryId }, principalOf(req));
  }
}
