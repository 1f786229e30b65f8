import { Module } from '@nestjs/common';
import { AccessModule } from '@lore/access';
import { discoverClasses } from '@lore/config';
import { GraphModule } from '@lore/graph';
import { INFRASTRUCTURE_PROVIDERS } from './infrastructure.providers';
import { SemanticIndex } from './search/semantic-index';

/** Every `*.service.ts` below this folder: one per capability (see discoverClasses). */
const SERVICES = discoverClasses(__dirname, '.service');

/** Every capability of Lore, once. Doors import this module and call these services. */
@Module({
  imports: [GraphModule, AccessModule],
  providers: [...INFRASTRUCTURE_PROVIDERS, SemanticIndex, ...SERVICES],
  exports: [...SERVICES, AccessModule],
})
export class KnowledgeModule {}
