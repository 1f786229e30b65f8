import { Args, Context, Resolver } from '@nestjs/graphql';
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
  type ReviewMemoryInput,
  ReviewMemoryInputSchema,
} from '@lore/domain/schemas/agent-memory';
import { AgentMemoryService } from '@lore/knowledge/agent-memory/agent-memory.service';
import { withoutNulls } from '../graphql-input';
import { LoreMutation, LoreQuery } from '../lore-query.decorator';

/** Agent memory: get_memory as a query, the memory writes as mutations, each one service call. */
@Resolver()
export class AgentMemoryResolver {
  constructor(private readonly service: AgentMemoryService) {}

  @LoreQuery({
    name: 'memory',
    description: 'get_memory: approved agent memory by default; candidates and archived memory only when asked for by status.',
    args: { input: GetMemoryInputSchema },
    result: GetMemoryResultSchema,
  })
  memory(@Args('input') input: GetMemoryInput, @Context('req') req: RequestWithPrincipal): Promise<GetMemoryResult> {
    return this.service.getMemory(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'createMemoryCandidate',
    description: 'create_memory_candidate: proposes a memory with evidence URIs; a candidate until a person approves it.',
    args: { input: CreateMemoryCandidateInputSchema },
    result: MemorySchema,
  })
  createMemoryCandidate(@Args('input') input: CreateMemoryCandidateInput, @Context('req') req: RequestWithPrincipal): Promise<Memory> {
    return this.service.createMemoryCandidate(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'approveMemory',
    description: 'approve_memory (high-risk): disabled unless LORE_MEMORY_ENABLE_APPROVAL=true; needs the memory:approve permission.',
    args: { input: ReviewMemoryInputSchema },
    result: MemorySchema,
  })
  approveMemory(@Args('input') input: ReviewMemoryInput, @Context('req') req: RequestWithPrincipal): Promise<Memory> {
    return this.service.approveMemory(withoutNulls(input), principalOf(req));
  }

  @LoreMutation({
    name: 'archiveMemory',
    description: 'archive_memory (high-risk): disabled unless LORE_MEMORY_ENABLE_APPROVAL=true; needs the memory:approve permission.',
    args: { input: ReviewMemoryInputSchema },
    result: MemorySchema,
  })
  archiveMemory(@Args('input') input: ReviewMemoryInput, @Context('req') req: RequestWithPrincipal): Promise<Memory> {
    return this.service.archiveMemory(withoutNulls(input), principalOf(req));
  }
}
