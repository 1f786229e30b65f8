import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type IndexJob, IndexJobSchema } from '@lore/domain/schemas/index-jobs';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';

/** get_index_job: `GET /api/v1/index-jobs/:jobId`. */
@ApiTags('index jobs')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'unavailable')
@Controller('api/v1/index-jobs')
export class GetIndexJobController {
  constructor(private readonly jobs: IndexJobsService) {}

  @Get(':jobId')
  @ApiOperation({
    operationId: 'get_index_job',
    summary:
      'One index job: its state, attempts, progress (files, symbols, embedded chunks), its error when it failed, its run when it completed.',
  })
  @ApiOkResponse({ schema: openApiSchema(IndexJobSchema) })
  getIndexJob(@Req() req: RequestWithPrincipal, @Param('jobId') jobId: string): Promise<IndexJob> {
    return this.jobs.getIndexJob({ jobId }, principalOf(req));
  }
}
