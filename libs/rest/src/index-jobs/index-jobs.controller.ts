import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import {
  type EnqueueIndexInput,
  EnqueueIndexInputSchema,
  type IndexJob,
  IndexJobSchema,
  type ListIndexJobsInput,
  ListIndexJobsInputSchema,
  type ListIndexJobsResult,
  ListIndexJobsResultSchema,
} from '@lore/domain/schemas/index-jobs';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiBodyFrom, ApiQueryFrom, inputFromQuery } from '../rest-input';

/** Index jobs on the queue (LORE_QUEUE_URL): enqueue_index, list_index_jobs and get_index_job under /api/v1/index-jobs. */
@ApiTags('index jobs')
@ApiLoreErrors('invalid_input', 'not_found', 'permission_denied', 'unavailable')
@Controller('api/v1/index-jobs')
export class IndexJobsController {
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

  @Get()
  @ApiOperation({ operationId: 'list_index_jobs', summary: "The tenant's index jobs, newest first, with their state, progress and error." })
  @ApiQueryFrom(ListIndexJobsInputSchema)
  @ApiOkResponse({ schema: openApiSchema(ListIndexJobsResultSchema) })
  listIndexJobs(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<ListIndexJobsResult> {
    return this.jobs.listIndexJobs(inputFromQuery(ListIndexJobsInputSchema, query) as ListIndexJobsInput, principalOf(req));
  }

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
