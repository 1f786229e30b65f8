import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { type GetMemoryInput, GetMemoryInputSchema, type GetMemoryResult, GetMemoryResultSchema } from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { FIRST_VERSION, type LoreMcpTool, READ_ONLY } from '../mcp-tool';

/** Agent memory: approved by default; candidates and archived memory only when asked for, each marked by its status. */
@Injectable()
export class GetMemoryTool implements LoreMcpTool<typeof GetMemoryInputSchema, typeof GetMemoryResultSchema> {
  readonly name = 'get_memory';
  readonly title = 'Get memory';
  readonly description =
    "Reads agent memory: what was learned and approved about a repository, each with its evidence and whether that evidence changed since (stale). One memory by memoryId, or a repository's, optionally only those about a symbol or file, or containing words. Approved memory by default; status candidate lists proposals that are not memory yet.";
  readonly version = FIRST_VERSION;
  readonly input = GetMemoryInputSchema;
  readonly output = GetMemoryResultSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['memories'] as const;

  constructor(private readonly memory: AgentMemoryService) {}

  call(args: GetMemoryInput, principal: Principal): Promise<GetMemoryResult> {
    return this.memory.getMemory(args, principal);
  }

  next(): [] {
    return [];
  }
}
