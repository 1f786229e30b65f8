import { Module } from '@nestjs/common';
import { AccessModule } from '@lore/access';
import { GraphModule } from '@lore/graph';
import { FileSpanService } from './files/file-span.service';
import { INFRASTRUCTURE_PROVIDERS } from './infrastructure.providers';
import { IndexingService } from './indexing/indexing.service';
import { SearchService } from './search/search.service';
import { SemanticIndex } from './search/semantic-index';
import { SymbolService } from './symbols/symbol.service';
import { SystemService } from './system/system.service';

/** Every capability of Lore, once. Doors import this module and call these services. */
@Module({
  imports: [GraphModule, AccessModule],
  providers: [...INFRASTRUCTURE_PROVIDERS, SemanticIndex, SymbolService, SearchService, FileSpanService, IndexingService, SystemService],
  exports: [SymbolService, SearchService, FileSpanService, IndexingService, SystemService, AccessModule],
})
export class KnowledgeModule {}
