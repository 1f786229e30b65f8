import { type MiddlewareConsumer, Module, type NestModule, type OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { CallContextMiddleware, HostValidationMiddleware, PrincipalMiddleware } from '@lore/access';
import { ConfigModule } from '@lore/config';
import { GraphiqlPageMiddleware, GraphqlApiModule } from '@lore/graphql';
import { CodeHealthModule } from '@lore/code-health';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';
import { AuditService } from '@lore/knowledge/audit/audit.service';
import { SystemService } from '@lore/knowledge/system/system.service';
import { McpModule } from '@lore/mcp';
import { RestModule } from '@lore/rest';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';

/** The four doors side by side over one KnowledgeModule and the engines' modules (MCP here over HTTP; stdio is `lore mcp`). */
@Module({
  imports: [ConfigModule, KnowledgeModule, CodeHealthModule, DocumentationModule, RestModule, GraphqlApiModule, McpModule],
  controllers: [HealthController, MetricsController],
})
export class AppModule implements NestModule, OnApplicationBootstrap {
  constructor(
    private readonly system: SystemService,
    private readonly audit: AuditService,
  ) {}

  /** Migrations at start-up; an edited migration stops it, Neo4j being down does not. Then the audit's retention, daily. */
  async onApplicationBootstrap(): Promise<void> {
    await this.system.migrateWhenReachable();
    this.audit.startRetentionSweeps();
  }

  configure(consumer: MiddlewareConsumer): void {
    // Every door, /mcp, /explorer and /health included, answers only to this server's names.
    consumer.apply(HostValidationMiddleware, CallContextMiddleware).forRoutes('{*path}');
    // GraphiQL's page and its files load before authentication (they hold no data; the page's calls ask
    // for a key in the page).
    consumer.apply(GraphiqlPageMiddleware).forRoutes({ path: 'graphql', method: RequestMethod.GET });
    // /mcp authenticates itself (it must answer 401 with a challenge before the SDK sees the request).
    consumer
      .apply(PrincipalMiddleware)
      // A push webhook authenticates by its signature (WebhooksController), not a bearer credential.
      .exclude({ path: 'graphql/assets/*name', method: RequestMethod.GET }, { path: 'api/v1/webhooks/*name', method: RequestMethod.POST })
      .forRoutes('api/v1/*path', 'graphql');
  }
}
