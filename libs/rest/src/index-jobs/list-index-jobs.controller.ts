import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type ListIndexJobsInput,
  ListIndexJobsInputSchema,
  type ListIndexJobsResult,
  ListIndexJobsResultSchema,
} from '@lore/domain/schemas/index-jobs';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** list_index_jobs: `GET /api/v1/index-jobs`. */
@ApiTags('index jobs')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'unavailable')
@Controller('api/v1/index-jobs')
export class ListIndexJobsController {
  constructor(private readonly jobs: IndexJobsService) {}

  @Get()
  @ApiOperation({ operationId: 'list_index_jobs', summary: "The tenant's index jobs, newest first, with their state, progress and error." })
  @ApiQueryFrom(ListIndexJobsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ListIndexJobsResultSchema) })
  listIndexJobs(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ListIndexJobsResult> {
    return this.jobs.listIndexJobs(inputFromQuery(ListIndexJobsInputSchema, query) as ListIndexJobsInput, principalOf(req));
  }
}
