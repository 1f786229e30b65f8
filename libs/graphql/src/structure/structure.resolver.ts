import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetProjectStructureInput,
  GetProjectStructureInputSchema,
  type ProjectStructure,
  ProjectStructureSchema,
} from '@lore/domain/schemas/structure';
import { ProjectStructureService } from '@lore/knowledge/structure/structure.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class ProjectStructureResolver {
  constructor(private readonly service: ProjectStructureService) {}

  @LoreQuery({
    name: 'projectStructure',
    description: 'get_project_structure: the directories and files of an indexed repository with sizes and counts, a page at a time.',
    args: { input: GetProjectStructureInputSchema },
    result: ProjectStructureSchema,
  })
  projectStructure(@Args('input') input: GetProjectStructureInput, @Context('req') req: RequestWithPrincipal): Promise<ProjectStructure> {
    return this.service.getProjectStructure(withoutNulls(input), principalOf(req));
  }
}
