import { Module } from '@nestjs/common';
import { ObservabilityModule } from '@lore/observability';
import { MemoryRepository } from './agent-memory/memory.repository';
import { AnalysisReviewRepository } from './analysis-review.repository';
import { ApiKeyRepository } from './api-key.repository';
import { AuditRepository } from './audit.repository';
import { CodeGraphRepository } from './code-graph.repository';
import { CodeHealthRepository } from './code-health.repository';
import { CrossRepositoryLinks } from './cross-repository-links';
import { CypherQueries } from './cypher-queries';
import { DocumentationSessionRepository } from './documentation-session.repository';
import { EmbeddingProgressRepository } from './embedding-progress.repository';
import { GeneratedArtifactRepository } from './generated-artifact.repository';
import { IndexRunLeases } from './index-run-leases';
import { IndexStoreRepository } from './index-store.repository';
import { KnowledgeLinkRepository } from './knowledge-link.repository';
import { MigrationService } from './migrations';
import { Neo4jService } from './neo4j.service';
import { SnapshotWriter } from './snapshot-writer';
import { TenantViews } from './tenant-views.repository';

@Module({
  imports: [ObservabilityModule],
  providers: [
    Neo4jService,
    { provide: CypherQueries, useFactory: () => new CypherQueries() },
    MigrationService,
    IndexRunLeases,
    SnapshotWriter,
    CrossRepositoryLinks,
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
  ],
  exports: [
    Neo4jService,
    MigrationService,
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
  ],
})
export class GraphModule {}
