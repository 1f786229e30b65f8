import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import neo4j, { type Driver, type ManagedTransaction, Neo4jError, type Session } from 'neo4j-driver';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import { TimeoutError, UnavailableError } from '@lore/domain';

export type Params = Record<string, unknown>;
export type Row = Record<string, unknown>;

/** The driver's lifecycle and the three ways we talk to Neo4j: managed read, managed write, auto-commit. */
@Injectable()
export class Neo4jService implements OnModuleDestroy {
  private readonly logger = new Logger('Neo4j');
  /**
   * The one driver and connection pool of the process, shared with the Neo4j vector index (which
   * never closes it): its transactions get the same retry time and the same bounded pool.
   */
  readonly driver: Driver;

  constructor(@Inject(LORE_CONFIG) private readonly config: LoreConfig) {
    this.driver = neo4j.driver(config.NEO4J_URI, neo4j.auth.basic(config.NEO4J_USER, config.NEO4J_PASSWORD), {
      disableLosslessIntegers: true,
      connectionAcquisitionTimeout: 10_000,
      connectionTimeout: 5_000,
      maxTransactionRetryTime: config.NEO4J_MAX_RETRY_MS,
      logging: { level: 'error', logger: (_level, message) => this.logger.error(message) },
    });
  }

  async read(query: string, params: Params = {}): Promise<Row[]> {
    return this.withSession('READ', (session) =>
      session.executeRead((tx) => runRows(tx, query, params), { timeout: this.config.NEO4J_TX_TIMEOUT_MS }),
    );
  }

  /** A managed write transaction: retried on transient errors, so the work must be idempotent. */
  async write<T>(
    work: (tx: ManagedTransaction) => Promise<T>,
    options: { timeoutMs?: number; metadata?: Record<string, string> } = {},
  ): Promise<T> {
    return this.withSession('WRITE', (session) =>
      session.executeWrite(work, { timeout: options.timeoutMs ?? this.config.NEO4J_TX_TIMEOUT_MS, metadata: options.metadata }),
    );
  }

  /** Auto-commit: schema statements and CALL { } IN TRANSACTIONS need it. */
  async autoCommit(query: string, params: Params = {}): Promise<Row[]> {
    return this.withSession('WRITE', async (session) => {
      const result = await session.run(query, toNeo4jParams(params));
      return result.records.map((record) => record.toObject());
    });
  }

  async ping(): Promise<boolean> {
    try {
      await this.driver.getServerInfo({ database: this.config.NEO4J_DATABASE });
      return true;
    } catch {
      return false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.driver.close();
  }

  private async withSession<T>(mode: 'READ' | 'WRITE', work: (session: Session) => Promise<T>): Promise<T> {
    const session = this.driver.session({
      database: this.config.NEO4J_DATABASE,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
    });
    try {
      return await work(session);
    } catch (error) {
      throw translateDriverError(error);
    } finally {
      await session.close();
    }
  }
}

export async function runRows(tx: ManagedTransaction, query: string, params: Params): Promise<Row[]> {
  const result = await tx.run(query, toNeo4jParams(params));
  return result.records.map((record) => record.toObject());
}

/**
 * The driver sends every JavaScript number as a float; whole numbers go as integers so that LIMIT
 * accepts them and stored lines and counts are integers.
 */
export function toNeo4jParams(value: Params): Params {
  return convert(value) as Params;
}

function convert(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? neo4j.int(value) : value;
  if (Array.isArray(value)) return value.map(convert);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, convert(item)]));
  }
  return value;
}

const UNAVAILABLE_CODES = new Set(['ServiceUnavailable', 'SessionExpired', 'Neo.ClientError.Security.Unauthorized']);

function translateDriverError(error: unknown): unknown {
  if (error instanceof Neo4jError) {
    if (UNAVAILABLE_CODES.has(error.code) || error.code.startsWith('Neo.TransientError.General.DatabaseUnavailable')) {
      return new UnavailableError('The graph database is unavailable.', { hint: 'Retry later; check /ready.' });
    }
    if (error.code === 'Neo.ClientError.Transaction.TransactionTimedOut' || error.code.includes('TransactionTimedOut')) {
      return new TimeoutError('The query took too long and was stopped.', { hint: 'Narrow the question.' });
    }
  }
  return error;
}
