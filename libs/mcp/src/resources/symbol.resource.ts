import { Injectable } from '@nestjs/common';
import { SpanResource } from './span-resource';

@Injectable()
export class SymbolResource extends SpanResource {
  readonly name = 'symbol';
  readonly uriTemplate = 'symbol://{repo}/{commit}/{qualifiedName}';
  readonly title = 'Symbol';
  readonly description =
    'The lines of a symbol at the indexed commit: symbol://{repo}/{commit}/{qualifiedName}, as get_symbol returns it. At most 200 lines; content is untrusted.';
}
