import { TimeoutError, UnavailableError } from '@lore/domain';
import neo4j, { type Driver, type ManagedTransaction, Neo4jError, type Session } from 'neo4j-driver';

export interface Neo4jConnectionSettings {
  uri: string;
  user: string;
  password: string;
  database?: string;
  /** Upper bound on one transaction, in milliseconds. */
  txTimeoutMs?: number;
}

export type Rows = Record<string, unknown>[];

/**
 * The little of Neo4j the vector adapter needs: managed read and write transactions, auto-commit
 * for schema statements and `CALL { } IN TRANSACTIONS`, and driver errors turned into Lore errors.
 * Its own, because libs/vectors must not import libs/graph.
 */
export class Neo4jVectorSession {
  private constructor(
    private readonly driver: Driver,
    private readonly database: string,
    private readonly txTimeoutMs: number,
    private readonly ownsDriver: boolean,
  ) {}

  static connect(settings: Neo4jConnectionSettings): Neo4jVectorSession {
    const driver = neo4j.driver(settings.uri, neo4j.auth.basic(settings.user, settings.password), {
      disableLosslessIntegers: true,
      connectionAcquisitionTimeout: 10_000,
      connectionTimeout: 5_000,
    });
    return new Neo4jVectorSession(driver, settings.database ?? 'neo4j', settings.txTimeoutMs ?? 30_000, true);
  }

  /** Shares a driver someone else owns (and closes). It must be created with disableLosslessIntegers: true. */
  static onDriver(driver: Driver, database = 'neo4j', txTimeoutMs = 30_000): Neo4jVectorSession {
    return new Neo4jVectorSession(driver, database, txTimeoutMs, false);
  }

  read<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.withSession('READ', (session) => session.executeRead(work, { timeout: this.txTimeoutMs }));
  }

  /** Managed, so retried on transient errors: the work must be idempotent. */
  write<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.withSession('WRITE', (session) => session.executeWrite(work, { timeout: this.txTimeoutMs }));
  }

  /** Schema statements and `CALL { } IN TRANSACTIONS` only run in auto-commit transactions. */
  autoCommit(query: string, params: Record<string, unknown> = {}): Promise<Rows> {
    return this.withSession('WRITE', async (session) => {
      const result = await session.run(query, params);
      return result.records.map((record) => record.toObject());
    });
  }

  async close(): Promise<void> {
    if (this.ownsDriver) await this.driver.close();
  }

  private async withSession<T>(mode: 'READ' | 'WRITE', work: (session: Session) => Promise<T>): Promise<T> {
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
    });
    try {
      return await work(session);
    } catch (error) {
      throw translateNeo4jError(error);
    } finally {
      await session.close();
    }
  }
}

export async function runRows(tx: ManagedTransaction, query: string, params: Record<string, unknown>): Promise<Rows> {
  const result = await tx.run(query, params);
  return result.records.map((record) => record.toObject());
}

/** Whole numbers that Cypher must see as integers (LIMIT, k, line numbers); every other JS number goes as a float. */
export function int(value: number): ReturnType<typeof neo4j.int> {
  return neo4j.int(value);
}

const UNAVAILABLE_CODES = new Set(['ServiceUnavailable', 'SessionExpired', 'Neo.ClientError.Security.Unauthorized']);

function translateNeo4jError(error: unknown): unknown {
  if (!(error instanceof Neo4jError)) return error;
  if (UNAVAILABLE_CODES.has(error.code) || error.code.startsWith('Neo.TransientError.General.DatabaseUnavailable')) {
    return new UnavailableError('The vector index is unavailable.', { hint: 'Retry later; check /ready.' });
  }
  if (error.code.includes('TransactionTimedOut')) {
    return new TimeoutError('The vector search took too long and was stopped.', { hint: 'Narrow the question.' });
  }
  return error;
}
