import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { Principal } from '@lore/domain';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';

/**
 * A resource template whose URIs get_file_span reads (code://, symbol://, doc://): the text of the
 * lines served, the rest of the span (line count, truncation, the next URI, the trust boundary) as
 * its metadata. Each scheme is a `*.resource.ts` file of its own that extends this one.
 */
@Injectable()
export abstract class SpanResource implements LoreMcpResourceTemplate {
  abstract readonly name: string;
  abstract readonly uriTemplate: string;
  abstract readonly title: string;
  abstract readonly description: string;

  constructor(private readonly fileSpans: FileSpanService) {}

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const { text, ...metadata } = await this.fileSpans.getFileSpan({ uri }, principal);
    return { contents: [{ uri: metadata.uri, mimeType: metadata.mimeType, text, _meta: metadata }] };
  }
}
