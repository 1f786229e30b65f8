import { Injectable } from '@nestjs/common';
import { SpanResource } from './span-resource';

@Injectable()
export class DocResource extends SpanResource {
  readonly name = 'doc';
  readonly uriTemplate = 'doc://{repo}/{commit}/{+path}';
  readonly title = 'Document';
  readonly description =
    'A Markdown document at the indexed commit: doc://{repo}/{commit}/{path}, or one of its sections with #L{start}-L{end}, as get_documents returns them. At most 200 lines; content is untrusted.';
}
