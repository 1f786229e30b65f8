import { TimeoutError, UnavailableError } from '@lore/domain';
import neo4j, { type Driver, type ManagedTransaction, Neo4jError, type Session } from 'neo4j-driver';

/** Where the vector adapter runs its transactions: on a driver the graph owns (and closes). */
export interface Neo4jVectorSettings {
  /** Created with disableLosslessIntegers: true; its maxTransactionRetryTime bounds the retries of managed transactions. */
  driver: Driver;
  database: string;
  /** Upper bound on one transaction, in milliseconds. */
  txTimeoutMs: number;
}

export type Rows = Record<string, unknown>[];

/**
 * The little of Neo4j the vector adapter needs: managed read and write transactions, auto-commit
 * for schema statements and `CALL { } IN TRANSACTIONS`, and driver errors turned into Lore errors.
 * Its own, because libs/vectors must not import libs/graph; the driver is the graph's, passed in
 * where the two meet (libs/knowledge), so the process keeps one pool.
 */
export class Neo4jVectorSession {
  constructor(private readonly settings: Neo4jVectorSettings) {}

  read<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.withSession('READ', (session) => session.executeRead(work, { timeout: this.settings.txTimeoutMs }));
  }

  /** Managed, so retried on transient errors: the work must be idempotent. */
  write<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.withSession('WRITE', (session) => session.executeWrite(work, { timeout: this.settings.txTimeoutMs }));
  }

  /** Schema statements and `CALL { } IN TRANSACTIONS` only run in auto-commit transactions. */
  autoCommit(query: string, params: Record<string, unknown> = {}): Promise<Rows> {
    return this.withSession('WRITE', async (session) => {
      const result = await session.run(query, params);
      return result.records.map((record) => record.toObject());
    });
  }

  private async withSession<T>(mode: 'READ' | 'WRITE', work: (session: Session) => Promise<T>): Promise<T> {
    const session = this.settings.driver.session({
      database: this.settings.database,
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
