import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { outsideBookmarkScope } from '@lore/domain';
import { Neo4jService } from './neo4j.service';
import { projectRoot } from './project-paths';

export interface Migration {
  id: string;
  file: string;
  checksum: string;
  statements: string[];
}

/** An applied migration whose file changed: start-up stops, naming the file. */
export class MigrationChecksumError extends Error {
  constructor(
    readonly migration: Migration,
    recorded: string,
  ) {
    super(
      `Migration ${migration.file} was edited after it was applied (recorded checksum ${recorded.slice(0, 12)}, ` +
        `file now ${migration.checksum.slice(0, 12)}). Restore the file and put the change in a new migration.`,
    );
    this.name = 'MigrationChecksumError';
  }
}

/** Where migrations are read from: cypher/migrations unless a test provides another folder. */
export const MIGRATIONS_DIRECTORY = Symbol('MIGRATIONS_DIRECTORY');

const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.cypher$/;

export function loadMigrations(directory: string = join(projectRoot(), 'cypher', 'migrations')): Migration[] {
  return readdirSync(directory)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(join(directory, name), 'utf8');
      return {
        id: name.replace(/\.cypher$/, ''),
        file: join(directory, name).replace(`${projectRoot()}/`, ''),
        checksum: createHash('sha256').update(text).digest('hex'),
        statements: splitStatements(text),
      };
    });
}

export function splitStatements(text: string): string[] {
  const withoutComments = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

@Injectable()
export class MigrationService {
  private readonly logger = new Logger('Migrations');
  private readonly migrations: Migration[];
  private appliedAll = false;

  constructor(
    private readonly neo4j: Neo4jService,
    @Optional() @Inject(MIGRATIONS_DIRECTORY) directory?: string,
  ) {
    this.migrations = loadMigrations(directory);
  }

  /** True once every migration file is recorded as applied (for /ready). */
  get upToDate(): boolean {
    return this.appliedAll;
  }

  /** The schema is the process's, not a caller's: its writes join no call's bookmark. */
  migrate(): Promise<MigrationReport> {
    return outsideBookmarkScope(() => this.applyPending());
  }

  private async applyPending(): Promise<MigrationReport> {
    const recorded = new Map(
      (await this.neo4j.read('MATCH (m:SchemaMigration) RETURN m.id AS id, m.checksum AS checksum')).map((row) => [
        row.id as string,
        row.checksum as string,
      ]),
    );
    const report: MigrationReport = { applied: [], alreadyApplied: [] };
    for (const migration of this.migrations) {
      const checksum = recorded.get(migration.id);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) throw new MigrationChecksumError(migration, checksum);
        report.alreadyApplied.push(migration.id);
        continue;
      }
      // Schema statements cannot share a transaction with writes: each runs in its own, retried by the
      // driver like every write (and sent to the leader of a cluster). Each is IF NOT EXISTS / IF EXISTS,
      // so a retry, or two servers migrating at once, changes nothing twice.
      for (const statement of migration.statements) await this.neo4j.writeOne(statement);
      await this.neo4j.writeOne('MERGE (m:SchemaMigration {id: $id}) SET m.checksum = $checksum, m.appliedAt = datetime()', {
        id: migration.id,
        checksum: migration.checksum,
      });
      report.applied.push(migration.id);
      this.logger.log(`applied ${migration.file}`);
    }
    await this.neo4j.read('CALL db.awaitIndexes(300)', {}, { timeoutMs: 310_000 });
    this.appliedAll = true;
    return report;
  }
}
