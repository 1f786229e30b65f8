import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type FileSpan, FileSpanSchema, type GetFileSpanInput, GetFileSpanInputSchema } from '@lore/domain/schemas/files';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** read_resource: any Lore resource URI, read by get_file_span's service exactly as /spans reads it. */
@ApiTags('code')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'sensitive_content_blocked', 'unavailable')
@Controller('api/v1')
export class ResourcesController {
  constructor(private readonly fileSpans: FileSpanService) {}

  @Get('resources')
  @ApiOperation({
    operationId: 'read_resource',
    summary:
      'Any Lore resource URI (code://, symbol://, doc://) read at the indexed commit: its lines, capped, with line count and next URI.',
  })
  @ApiQueryFrom(GetFileSpanInputSchema)
  @ApiOkResponse({ schema: openApiSchema(FileSpanSchema) })
  readResource(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<FileSpan> {
    return this.fileSpans.getFileSpan(inputFromQuery(GetFileSpanInputSchema, query) as GetFileSpanInput, principalOf(req));
  }
}
