import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { type IndexRepositoryInput, IndexRepositoryInputSchema, IndexRunSummarySchema } from '@lore/domain/schemas/indexing';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, type ToolCallContext } from '../mcp-tool';

/**
 * The one tool with a side effect: it reads a directory of the machine the server runs on and
 * replaces that repository's snapshot in the graph. Served only over stdio, in the full profile,
 * with LORE_MCP_ENABLE_SIDE_EFFECTS=true (over HTTP it would read server paths for a remote caller).
 */
@Injectable()
export class IndexRepositoryTool implements LoreMcpTool<typeof IndexRepositoryInputSchema, typeof IndexRunSummarySchema> {
  readonly name = 'index_repository';
  readonly title = 'Index a repository';
  readonly description =
    'Index a git repository from a directory of this machine (path; repositoryId defaults to the directory name) into the graph, replacing its previous snapshot: files, symbols, calls, imports, tests, documents. Reports progress (reading, extracting, writing, resolving) to a client that asks for it and stops at the next transaction boundary when cancelled. A second run of the same repository at once is refused with conflict.';
  readonly version = FIRST_VERSION;
  readonly input = IndexRepositoryInputSchema;
  readonly output = IndexRunSummarySchema;
  readonly annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  readonly pagedLists = ['skipped'] as const;

  constructor(private readonly indexing: IndexingService) {}

  call(args: IndexRepositoryInput, principal: Principal, context: ToolCallContext): Promise<z.output<typeof IndexRunSummarySchema>> {
    let reported = Promise.resolve();
    return this.indexing.indexRepository(
      args,
      principal,
      (progress) => {
        // In order, and never failing the run: a client that went away misses its progress, nothing else.
        reported = reported.then(() => context.progress(progress.done, progress.total, progress.phase)).catch(() => undefined);
      },
      context.signal,
    );
  }

  next(answer: z.output<typeof IndexRunSummarySchema>): NextCall[] {
    return [
      {
        tool: 'get_project_structure',
        arguments: { repositoryId: answer.repositoryId, depth: 2 },
        why: `What was indexed of ${answer.repositoryId}.`,
      },
    ];
  }
}
