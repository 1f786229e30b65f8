import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MigrationChecksumError, MigrationService, Neo4jService } from '@lore/graph';

export interface Readiness {
  ready: boolean;
  checks: { neo4j: 'up' | 'down'; migrations: 'applied' | 'pending' };
}

const RETRY_MS = 2000;

/**
 * Applies migrations at start-up. Neo4j being down does not stop the server: it keeps trying and
 * /ready says why it is not ready. An edited migration does stop start-up.
 */
@Injectable()
export class ReadinessService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Readiness');
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly neo4j: Neo4jService,
    private readonly migrations: MigrationService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.tryMigrate();
  }

  async readiness(): Promise<Readiness> {
    const neo4jUp = await this.neo4j.ping();
    const migrated = this.migrations.upToDate;
    return { ready: neo4jUp && migrated, checks: { neo4j: neo4jUp ? 'up' : 'down', migrations: migrated ? 'applied' : 'pending' } };
  }

  stop(): void {
    clearTimeout(this.retryTimer);
  }

  private async tryMigrate(): Promise<void> {
    try {
      await this.migrations.migrate();
    } catch (error) {
      if (error instanceof MigrationChecksumError) throw error;
      this.logger.warn(`Neo4j not ready (${(error as Error).message}); retrying in ${RETRY_MS / 1000} s`);
      this.retryTimer = setTimeout(() => void this.tryMigrate(), RETRY_MS);
      this.retryTimer.unref();
    }
  }
}
