import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type GetProjectStructureInput,
  GetProjectStructureInputSchema,
  type ProjectStructure,
  ProjectStructureSchema,
} from '@lore/domain/schemas/structure';
import { ProjectStructureService } from '@lore/knowledge/structure/structure.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

@ApiTags('code')
@ApiLoreErrors('invalid_input', 'not_found', 'unavailable')
@Controller('api/v1/structure')
export class ProjectStructureController {
  constructor(private readonly service: ProjectStructureService) {}

  @Get()
  @ApiOperation({
    operationId: 'get_project_structure',
    summary: 'The directories and files of an indexed repository with sizes, languages, line and symbol counts, a page at a time.',
  })
  @ApiQueryFrom(GetProjectStructureInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ProjectStructureSchema) })
  getProjectStructure(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ProjectStructure> {
    return this.service.getProjectStructure(
      inputFromQuery(GetProjectStructureInputSchema, query) as GetProjectStructureInput,
      principalOf(req),
    );
  }
}
