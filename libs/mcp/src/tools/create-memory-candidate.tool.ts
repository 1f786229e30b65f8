import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import {
  type CreateMemoryCandidateInput,
  CreateMemoryCandidateInputSchema,
  type Memory,
  MemorySchema,
} from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { FIRST_VERSION, type LoreMcpTool, MEMORY_WRITE, type NextCall } from '../mcp-tool';

/** Proposes a memory: a candidate, never served as memory until a person approves it. */
@Injectable()
export class CreateMemoryCandidateTool implements LoreMcpTool<typeof CreateMemoryCandidateInputSchema, typeof MemorySchema> {
  readonly name = 'create_memory_candidate';
  readonly title = 'Propose a memory';
  readonly description =
    'Proposes something learned about a repository as a memory candidate, with evidence: resource URIs from Lore answers (symbol://, code://, doc://, knowledge:// chapters) that must resolve at the indexed commit. A candidate is not memory: get_memory serves it only when asked for candidates, until a person approves it.';
  readonly version = FIRST_VERSION;
  readonly input = CreateMemoryCandidateInputSchema;
  readonly output = MemorySchema;
  readonly annotations = MEMORY_WRITE;
  readonly pagedLists = [] as const;
  readonly permission = 'knowledge:write';

  constructor(private readonly memory: AgentMemoryService) {}

  call(args: CreateMemoryCandidateInput, principal: Principal): Promise<Memory> {
    return this.memory.createMemoryCandidate(args, principal);
  }

  next(answer: Memory): NextCall[] {
    return [
      {
        tool: 'get_memory',
        arguments: { memoryId: answer.memoryId, status: 'candidate' },
        why: 'The candidate as stored; it is served as memory only once approved.',
      },
    ];
  }
}
