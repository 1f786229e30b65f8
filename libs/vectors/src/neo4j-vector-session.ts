import { TimeoutError, UnavailableError } from '@lore/domain';
import neo4j, { type Driver, type ManagedTransaction, Neo4jError, type Session, type SessionConfig } from 'neo4j-driver';

/** Where the vector adapter runs its transactions: on a driver the graph owns (and closes). */
export interface Neo4jVectorSettings {
  /** Created with disableLosslessIntegers: true; its maxTransactionRetryTime bounds the retries of managed transactions. */
  driver: Driver;
  database: string;
  /** Upper bound on one transaction, in milliseconds. */
  txTimeoutMs: number;
  /** The graph's session settings (its bookmark manager and the call's bookmark); the database alone where a test builds the index. */
  sessionConfig?: (mode: 'READ' | 'WRITE') => SessionConfig;
  /** Told of every committed write session (the graph adds its bookmarks to the call's). */
  afterWrite?: (session: Session) => void;
}

/** Rows deleted per transaction where many are: bounded, so a large repository never needs one huge transaction. */
const DELETE_BATCH = 5000;

export type Rows = Record<string, unknown>[];

/**
 * The little of Neo4j the vector adapter needs: managed read and write transactions (schema
 * statements and bounded deletions included, so the driver retries every one, on a cluster's leader),
 * and driver errors turned into Lore errors.
 * Its own, because libs/vectors must not import libs/graph; the driver is the graph's, passed in
 * where the two meet (libs/knowledge), so the process keeps one pool.
 */
export class Neo4jVectorSession {
  constructor(private readonly settings: Neo4jVectorSettings) {}

  read<T>(work: (tx: ManagedTransaction) => Promise<T>, timeoutMs = this.settings.txTimeoutMs): Promise<T> {
    return this.withSession('READ', (session) => session.executeRead(work, { timeout: timeoutMs }));
  }

  /** Managed, so retried on transient errors: the work must be idempotent. */
  write<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.withSession('WRITE', (session) => session.executeWrite(work, { timeout: this.settings.txTimeoutMs }));
  }

  /** One statement (a schema statement: each needs its own transaction) in a managed write. */
  writeOne(query: string, params: Record<string, unknown> = {}): Promise<Rows> {
    return this.write((tx) => runRows(tx, query, params));
  }

  /**
   * Deletes what `match` binds as `c`, DELETE_BATCH rows per managed write until none is left (each
   * transaction bounded and retried alone; a crash between two leaves only fewer rows to delete).
   */
  async deleteInBatches(match: string, params: Record<string, unknown> = {}): Promise<void> {
    for (;;) {
      const [row] = await this.writeOne(`${match} WITH c LIMIT $batch DELETE c RETURN count(*) AS deleted`, {
        ...params,
        batch: int(DELETE_BATCH),
      });
      if (Number(row?.deleted ?? 0) < DELETE_BATCH) return;
    }
  }

  private async withSession<T>(mode: 'READ' | 'WRITE', work: (session: Session) => Promise<T>): Promise<T> {
    const session = this.settings.driver.session(
      this.settings.sessionConfig?.(mode) ?? {
        database: this.settings.database,
        defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      },
    );
    try {
      const result = await work(session);
      if (mode === 'WRITE') this.settings.afterWrite?.(session);
      return result;
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
