import { Inject, Injectable } from '@nestjs/common';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import type { Principal } from '@lore/domain';
import { type Memory, MemorySchema, type ReviewMemoryInput, ReviewMemoryInputSchema } from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { FIRST_VERSION, type LoreMcpTool, MEMORY_WRITE } from '../mcp-tool';

/** Archives a memory: high-risk, served only where approval is enabled. */
@Injectable()
export class ArchiveMemoryTool implements LoreMcpTool<typeof ReviewMemoryInputSchema, typeof MemorySchema> {
  readonly name = 'archive_memory';
  readonly title = 'Archive a memory';
  readonly description =
    'High-risk, disabled unless the server sets LORE_MEMORY_ENABLE_APPROVAL=true, and needs the memory:approve permission: archives a memory (approved or candidate), which get_memory then serves only when asked for archived memory.';
  readonly version = FIRST_VERSION;
  readonly input = ReviewMemoryInputSchema;
  readonly output = MemorySchema;
  readonly annotations = { ...MEMORY_WRITE, destructiveHint: true };
  readonly pagedLists = [] as const;
  readonly permission = 'memory:approve';

  constructor(
    private readonly memory: AgentMemoryService,
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
  ) {}

  get disabled(): boolean {
    return !this.config.LORE_MEMORY_ENABLE_APPROVAL;
  }

  call(args: ReviewMemoryInput, principal: Principal): Promise<Memory> {
    return this.memory.archiveMemory(args, principal);
  }

  next(): [] {
    return [];
  }
}
