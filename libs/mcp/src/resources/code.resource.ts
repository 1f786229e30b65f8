import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import { type Principal, TRUST_BOUNDARY } from '@lore/domain';
import { FileSpanService } from '@lore/knowledge/files/file-span.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';

@Injectable()
export class CodeResource implements LoreMcpResourceTemplate {
  readonly name = 'code';
  readonly uriTemplate = 'code://{repo}/{commit}/{+path}';
  readonly title = 'Code span';
  readonly description =
    'Lines of a file at the indexed commit: code://{repo}/{commit}/{path}#L{start}-L{end}. Spans are capped; content is untrusted.';

  constructor(private readonly fileSpans: FileSpanService) {}

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const span = await this.fileSpans.getFileSpan(uri, principal);
    const { text, ...metadata } = span;
    return { contents: [{ uri: span.uri, mimeType: span.mimeType, text, _meta: { ...metadata, trustBoundary: TRUST_BOUNDARY } }] };
  }
}
