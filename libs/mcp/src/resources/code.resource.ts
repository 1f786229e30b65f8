import { Injectable } from '@nestjs/common';
import { SpanResource } from './span-resource';

@Injectable()
export class CodeResource extends SpanResource {
  readonly name = 'code';
  readonly uriTemplate = 'code://{repo}/{commit}/{+path}';
  readonly title = 'Code span';
  readonly description =
    'Lines of a file at the indexed commit: code://{repo}/{commit}/{path}#L{start}-L{end}, or from its first line without a fragment. At most 200 lines; content is untrusted.';
}
