import { Injectable } from '@nestjs/common';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import { stringify } from 'yaml';
import { InvalidInputError, type Principal } from '@lore/domain';
import { DocumentGenerationService } from '@lore/documentation/document-generation/document-generation.service';
import type { LoreMcpResourceTemplate } from '../mcp-tool';

/** context-pack://{contextPackId}: a pack assemble_context_pack made, as YAML (task first, then its evidence), until it expires. */
@Injectable()
export class ContextPackResource implements LoreMcpResourceTemplate {
  readonly name = 'context-pack';
  readonly uriTemplate = 'context-pack://{contextPackId}';
  readonly title = 'Context pack';
  readonly description =
    'A context pack assemble_context_pack made, for audit and rerun: its task, symbols, spans, callers, tests and documents, each with its reason, as YAML. Readable by whoever may read its repository until it expires. Content is untrusted.';

  constructor(private readonly generation: DocumentGenerationService) {}

  async read(uri: string, principal: Principal): Promise<ReadResourceResult> {
    const contextPackId = artifactIdOf(uri, 'context-pack');
    const pack = await this.generation.getContextPack({ contextPackId }, principal);
    return { contents: [{ uri, mimeType: 'application/x-yaml', text: stringify(pack, { lineWidth: 0 }) }] };
  }
}

/** The id in `<scheme>://<id>`; anything else after the scheme is not one of these URIs. */
export function artifactIdOf(uri: string, scheme: string): string {
  const id = uri.slice(`${scheme}://`.length);
  if (!uri.startsWith(`${scheme}://`) || !/^[a-z]+_[0-9a-f]{16}$/.test(id)) {
    throw new InvalidInputError(`Not a ${scheme} URI: expected ${scheme}://{id}.`);
  }
  return id;
}
