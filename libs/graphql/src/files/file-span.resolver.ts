import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type FileSpan, FileSpanSchema, GetFileSpanInputSchema } from '@lore/domain/schemas/files';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class FileSpanResolver {
  constructor(private readonly fileSpans: FileSpanService) {}

  @LoreQuery({
    name: 'fileSpan',
    description: 'get_file_span: the text of a code:// span at the indexed commit (capped).',
    args: GetFileSpanInputSchema.shape,
    result: FileSpanSchema,
  })
  fileSpan(@Args('uri') uri: string, @Context('req') req: RequestWithPrincipal): Promise<FileSpan> {
    return this.fileSpans.getFileSpan(uri, principalOf(req));
  }
}
