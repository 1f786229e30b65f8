import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { IndexStoreRepository, MigrationChecksumError, type MigrationReport, MigrationService, Neo4jService } from '@lore/graph';

export interface Readiness {
  ready: boolean;
  checks: { neo4j: 'up' | 'down'; migrations: 'applied' | 'pending' };
}

const RETRY_MS = 2000;

/** Schema migrations and readiness: what /ready, `lore migrate` and start-up ask. */
@Injectable()
export class SystemService implements OnModuleDestroy {
  private readonly logger = new Logger('System');
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly neo4j: Neo4jService,
    private readonly migrations: MigrationService,
    private readonly indexStore: IndexStoreRepository,
  ) {}

  migrate(): Promise<MigrationReport> {
    return this.migrations.migrate();
  }

  /**
   * Start-up: migrations, then runs left 'running' by dead processes recorded as failed. Neo4j being down does not stop the server. It keeps trying in the background and
   * /ready says why it is not ready. An edited migration does stop start-up (it is thrown).
   */
  async migrateWhenReachable(): Promise<void> {
    try {
      await this.migrations.migrate();
      const swept = await this.indexStore.sweepDeadRuns();
      if (swept > 0) this.logger.warn(`${swept} index run(s) left running by a process that died are now recorded as failed`);
    } catch (error) {
      if (error instanceof MigrationChecksumError) throw error;
      this.logger.warn(`Neo4j not ready (${(error as Error).message}); retrying in ${RETRY_MS / 1000} s`);
      this.retryTimer = setTimeout(() => void this.migrateWhenReachable().catch((e: Error) => this.logger.error(e.message)), RETRY_MS);
      this.retryTimer.unref();
    }
  }

  async readiness(): Promise<Readiness> {
    const neo4jUp = await this.neo4j.ping();
    const migrated = this.migrations.upToDate;
    return { ready: neo4jUp && migrated, checks: { neo4j: neo4jUp ? 'up' : 'down', migrations: migrated ? 'applied' : 'pending' } };
  }

  onModuleDestroy(): void {
    clearTimeout(this.retryTimer);
  }
}
