import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import {
  type GetProjectStructureInput,
  GetProjectStructureInputSchema,
  type ProjectStructure,
  ProjectStructureSchema,
} from '@lore/domain/schemas/structure';
import { codeDocStructureOf } from '@lore/knowledge/structure/project-tree';
import { ProjectStructureService } from '@lore/knowledge/structure/structure.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetProjectStructureTool implements LoreMcpTool<typeof GetProjectStructureInputSchema, typeof ProjectStructureSchema> {
  readonly name = 'get_project_structure';
  readonly title = 'Get project structure';
  readonly description =
    "The directories and files of an indexed repository, without their content: each with its size in bytes, language, line count and symbol count (a directory with the sums of what it holds), in tree order, at the last indexed commit. Narrow with pathPrefix, depth and include/exclude globs; long listings come a page at a time (pass nextCursor back as cursor). Also takes and answers the CodeDoc server's fields: workspace_path (the directory a repository was indexed from), max_depth, include_patterns, exclude_patterns; workspace_id, structure {directories, files} and summary {total_files, total_directories, file_types}.";
  readonly version = FIRST_VERSION;
  readonly input = GetProjectStructureInputSchema;
  readonly output = ProjectStructureSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = ['entries'] as const;

  constructor(private readonly structure: ProjectStructureService) {}

  call(args: GetProjectStructureInput, principal: Principal): Promise<z.output<typeof ProjectStructureSchema>> {
    return this.structure.getProjectStructure(args, principal);
  }

  viewsOfPage(page: ProjectStructure): ProjectStructure {
    return { ...page, structure: codeDocStructureOf(page.entries, page.indexedAt) };
  }

  next(answer: z.output<typeof ProjectStructureSchema>, args: GetProjectStructureInput): NextCall[] {
    return answer.nextCursor
      ? [{ tool: 'get_project_structure', arguments: { ...args, cursor: answer.nextCursor }, why: 'The next page of the listing.' }]
      : [];
  }
}
