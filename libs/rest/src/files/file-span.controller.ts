import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type FileSpan, FileSpanSchema, type GetFileSpanInput, GetFileSpanInputSchema } from '@lore/domain/schemas/files';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import { openApiSchema } from '../openapi';
import { ApiLoreErrors } from '../openapi-errors';
import { ApiQueryFrom, inputFromQuery } from '../rest-input';

/** get_file_span at /spans (the first route, code:// in mind); /resources (resources.controller.ts) reads the same URIs alike. */
@ApiTags('code')
@ApiLoreErrors('invalid_input', 'not_found', 'ambiguous_target', 'snapshot_not_indexed', 'sensitive_content_blocked', 'unavailable')
@Controller('api/v1')
export class FileSpanController {
  constructor(private readonly fileSpans: FileSpanService) {}

  @Get('spans')
  @ApiOperation({ operationId: 'get_file_span', summary: 'The text of a code://, symbol:// or doc:// URI at the indexed commit (capped).' })
  @ApiQueryFrom(GetFileSpanInputSchema)
  @ApiOkResponse({ schema: openApiSchema(FileSpanSchema) })
  getFileSpan(@Req() req: RequestWithPrincipal, @Query() query: Record<string, unknown>): Promise<FileSpan> {
    return this.fileSpans.getFileSpan(inputFromQuery(GetFileSpanInputSchema, query) as GetFileSpanInput, principalOf(req));
  }
}
