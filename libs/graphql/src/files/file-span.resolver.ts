import { Args, Context, Resolver } from '@nestjs/graphql';
import { principalOf, type RequestWithPrincipal } from '@lore/access';
import { type FileSpan, FileSpanSchema, type GetFileSpanInput, GetFileSpanInputSchema } from '@lore/domain/schemas/files';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import { withoutNulls } from '../graphql-input';
import { LoreQuery } from '../lore-query.decorator';

@Resolver()
export class FileSpanResolver {
  constructor(private readonly fileSpans: FileSpanService) {}

  @LoreQuery({
    name: 'fileSpan',
    description: 'get_file_span: the text of a code://, symbol:// or doc:// URI at the indexed commit (capped).',
    args: GetFileSpanInputSchema.shape,
    result: FileSpanSchema,
  })
  fileSpan(
    @Args('uri') uri: string,
    @Args('maxLines') maxLines: number | null,
    @Context('req') req: RequestWithPrincipal,
  ): Promise<FileSpan> {
    return this.fileSpans.getFileSpan({ uri, maxLines: maxLines ?? undefined }, principalOf(req));
  }

  @LoreQuery({
    name: 'resource',
    description: 'get_file_span: any Lore resource URI (code://, symbol://, doc://) read at the indexed commit (capped).',
    args: { input: GetFileSpanInputSchema },
    result: FileSpanSchema,
  })
  resource(@Args('input') input: GetFileSpanInput, @Context('req') req: RequestWithPrincipal): Promise<FileSpan> {
    return this.fileSpans.getFileSpan(withoutNulls(input), principalOf(req));
  }
}
