import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Principal } from '@lore/domain';
import { FileSpanSchema, type GetFileSpanInput, GetFileSpanInputSchema } from '@lore/domain/schemas/files';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import { FIRST_VERSION, type LoreMcpTool, type NextCall, READ_ONLY } from '../mcp-tool';

@Injectable()
export class GetFileSpanTool implements LoreMcpTool<typeof GetFileSpanInputSchema, typeof FileSpanSchema> {
  readonly name = 'get_file_span';
  readonly title = 'Get file span';
  readonly description =
    'The text a Lore resource URI names, at the indexed commit: code://{repo}/{commit}/{path}#L{start}-L{end} (a file, from its first line without a fragment), symbol://{repo}/{commit}/{qualifiedName} (the symbol’s lines) or doc://{repo}/{commit}/{path}#L{start}-L{end} (a document or one of its sections). At most maxLines lines (200 by default, up to 1000); the result gives the file’s line count and, when truncated, nextUri for the lines that follow. Secret files are never served.';
  readonly version = FIRST_VERSION;
  readonly input = GetFileSpanInputSchema;
  readonly output = FileSpanSchema;
  readonly annotations = READ_ONLY;
  readonly pagedLists = [] as const;

  constructor(private readonly fileSpans: FileSpanService) {}

  call(args: GetFileSpanInput, principal: Principal): Promise<z.output<typeof FileSpanSchema>> {
    return this.fileSpans.getFileSpan(args, principal);
  }

  next(answer: z.output<typeof FileSpanSchema>): NextCall[] {
    return answer.nextUri ? [{ tool: 'get_file_span', arguments: { uri: answer.nextUri }, why: 'The lines that follow.' }] : [];
  }

  /** Fewer lines: a file span has no list to cut, and nextUri continues it. */
  narrowed(args: GetFileSpanInput, answer: z.output<typeof FileSpanSchema>, fraction: number): GetFileSpanInput | undefined {
    const served = answer.endLine - answer.startLine + 1;
    const maxLines = Math.floor(served * fraction * 0.9);
    return served > 1 ? { ...args, maxLines: Math.max(1, maxLines) } : undefined;
  }
}
