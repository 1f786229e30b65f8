import { Module } from '@nestjs/common';
import { ObservabilityModule } from '@lore/observability';
import { MemoryRepository } from './repositories/agent-memory/memory.repository';
import { AnalysisReviewRepository } from './repositories/analysis-review.repository';
import { ApiKeyRepository } from './repositories/api-key.repository';
import { AuditRepository } from './repositories/audit.repository';
import { CodeGraphRepository } from './reads/code-graph.repository';
import { CodeHealthRepository } from './repositories/code-health.repository';
import { CrossRepositoryLinks } from './links/cross-repository-links';
import { CypherQueries } from './neo4j/cypher-queries';
import { DocumentationSessionRepository } from './repositories/documentation-session.repository';
import { EmbeddingProgressRepository } from './repositories/embedding-progress.repository';
import { GeneratedArtifactRepository } from './repositories/generated-artifact.repository';
import { IndexRunLeases } from './storage-slots/index-run-leases';
import { IndexStoreRepository } from './snapshots/index-store.repository';
import { KnowledgeLinkRepository } from './links/knowledge-link.repository';
import { MigrationService } from './neo4j/migrations';
import { Neo4jService } from './neo4j/neo4j.service';
import { SnapshotWriter } from './snapshots/snapshot-writer';
import { TenantViews } from './storage-slots/tenant-views.repository';

/** The repositories the services read and write through: provided and exported alike, listed once. */
const REPOSITORIES = [
  IndexStoreRepository,
  CodeGraphRepository,
  CodeHealthRepository,
  AnalysisReviewRepository,
  EmbeddingProgressRepository,
  KnowledgeLinkRepository,
  ApiKeyRepository,
  AuditRepository,
  TenantViews,
  DocumentationSessionRepository,
  GeneratedArtifactRepository,
  MemoryRepository,
];

@Module({
  imports: [ObservabilityModule],
  providers: [
    Neo4jService,
    { provide: CypherQueries, useFactory: () => new CypherQueries() },
    MigrationService,
    IndexRunLeases,
    SnapshotWriter,
    CrossRepositoryLinks,
    ...REPOSITORIES,
  ],
  exports: [Neo4jService, MigrationService, ...REPOSITORIES],
})
export class GraphModule {}
