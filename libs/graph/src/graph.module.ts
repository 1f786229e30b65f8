import { Module } from '@nestjs/common';
import { CodeGraphRepository } from './code-graph.repository';
import { CypherQueries } from './cypher-queries';
import { IndexStoreRepository } from './index-store.repository';
import { MigrationService } from './migrations';
import { Neo4jService } from './neo4j.service';

@Module({
  providers: [
    Neo4jService,
    { provide: CypherQueries, useFactory: () => new CypherQueries() },
    MigrationService,
    IndexStoreRepository,
    CodeGraphRepository,
  ],
  exports: [Neo4jService, MigrationService, IndexStoreRepository, CodeGraphRepository],
})
export class GraphModule {}
