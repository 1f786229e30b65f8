import { Injectable } from '@nestjs/common';
import type { Principal } from '@lore/domain';
import { FileSpanSchema, type GetFileSpanInput, GetFileSpanInputSchema } from '@lore/domain/schemas/files';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import { type LoreMcpTool, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetFileSpanTool implements LoreMcpTool<typeof GetFileSpanInputSchema> {
  readonly name = 'get_file_span';
  readonly title = 'Get file span';
  readonly description =
    'The text a Lore resource URI names, at the indexed commit: code://{repo}/{commit}/{path}#L{start}-L{end} (a file, from its first line without a fragment), symbol://{repo}/{commit}/{qualifiedName} (the symbol’s lines) or doc://{repo}/{commit}/{path}#L{start}-L{end} (a document or one of its sections). At most maxLines lines (200 by default, up to 1000); the result gives the file’s line count and, when truncated, nextUri for the lines that follow. Secret files are never served.';
  readonly input = GetFileSpanInputSchema;
  readonly output = FileSpanSchema;
  readonly annotations = READ_ONLY;

  constructor(private readonly fileSpans: FileSpanService) {}

  call(args: GetFileSpanInput, principal: Principal): Promise<object> {
    return this.fileSpans.getFileSpan(args, principal);
  }
}
