import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type EnqueueIndexInput, EnqueueIndexInputSchema, type IndexJob, IndexJobSchema } from '@lore/domain/schemas/index-jobs';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom } from '../rest-input';

/** enqueue_index: `POST /api/v1/index-jobs` puts an index job on the queue (LORE_QUEUE_URL). */
@ApiTags('index jobs')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'unavailable')
@Controller('api/v1/index-jobs')
export class EnqueueIndexController {
  constructor(private readonly jobs: IndexJobsService) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'enqueue_index',
    summary:
      'Queue an index job for the workers: a directory inside LORE_INDEX_ROOTS or a git URL without credentials, at a commit or as it is. Answers the job (a pending job of the same repository and commit is answered instead of a second one). Needs the index permission.',
  })
  @ApiBodyFrom(EnqueueIndexInputSchema)
  @ApiResponse({ status: 202, schema: openApiSchema(IndexJobSchema) })
  enqueueIndex(@Req() req: RequestWithPrincipal, @Body() body: EnqueueIndexInput): Promise<IndexJob> {
    return this.jobs.enqueueIndex(body, principalOf(req));
  }
}
