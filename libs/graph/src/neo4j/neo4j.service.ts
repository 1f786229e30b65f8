import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { BrokenCircuitError, type CircuitBreakerPolicy, ConsecutiveBreaker, circuitBreaker, handleWhen } from 'cockatiel';
import neo4j, {
  type BookmarkManager,
  type Driver,
  type ManagedTransaction,
  Neo4jError,
  type Session,
  type SessionConfig,
} from 'neo4j-driver';
import { LORE_CONFIG, type LoreConfig } from '@lore/config';
import {
  InternalError,
  InvalidInputError,
  ResourceExhaustedError,
  TimeoutError,
  UnavailableError,
  currentBookmarkScope,
  decodeBookmark,
  recordWrittenBookmarks,
} from '@lore/domain';
import { LoreMetrics, inSpan } from '@lore/observability';

export type Params = Record<string, unknown>;
export type Row = Record<string, unknown>;

/**
 * The driver's lifecycle and the two ways we talk to Neo4j: a managed read and a managed write, each
 * a transaction function the driver retries (on a cluster, on another member after a leader switch).
 * `neo4j://` URIs route (reads to followers, writes to the leader; a single Neo4j routes to itself).
 */
@Injectable()
export class Neo4jService implements OnModuleDestroy {
  private readonly logger = new Logger('Neo4j');
  /**
   * The one driver and connection pool of the process, shared with the Neo4j vector index (which
   * never closes it): its transactions get the same retry time and the same bounded pool.
   */
  readonly driver: Driver;
  /**
   * One per process: every session starts after every write this process committed, so that a read
   * routed to a follower still sees them. A caller's own bookmark (another server's writes) is added
   * per call (BookmarkScope in @lore/domain).
   */
  readonly bookmarks: BookmarkManager = neo4j.bookmarkManager();
  /**
   * Fails calls at once while Neo4j has just been found unreachable several times in a row, instead
   * of each waiting out the driver's connection timeout and retries: an agent learns in milliseconds
   * that the graph is down, and a Neo4j coming back is not met by every queued call at once.
   * Null when NEO4J_CIRCUIT_FAILURES is 0.
   */
  private readonly circuit: CircuitBreakerPolicy | null;

  constructor(
    @Inject(LORE_CONFIG) private readonly config: LoreConfig,
    /** Absent where a test builds the service by hand. */
    @Optional() private readonly metrics?: LoreMetrics,
  ) {
    this.driver = neo4j.driver(config.NEO4J_URI, neo4j.auth.basic(config.NEO4J_USER, config.NEO4J_PASSWORD), {
      disableLosslessIntegers: true,
      connectionAcquisitionTimeout: 10_000,
      connectionTimeout: 5_000,
      maxTransactionRetryTime: config.NEO4J_MAX_RETRY_MS,
      logging: { level: 'error', logger: (_level, message) => this.logger.error(message) },
    });
    this.circuit =
      config.NEO4J_CIRCUIT_FAILURES > 0
        ? circuitBreaker(handleWhen(isUnreachable), {
            halfOpenAfter: config.NEO4J_CIRCUIT_HALF_OPEN_MS,
            breaker: new ConsecutiveBreaker(config.NEO4J_CIRCUIT_FAILURES),
          })
        : null;
    this.circuit?.onBreak(() =>
      this.logger.warn(
        `Neo4j unreachable ${config.NEO4J_CIRCUIT_FAILURES} times in a row: calls fail at once for ${config.NEO4J_CIRCUIT_HALF_OPEN_MS} ms.`,
      ),
    );
    this.circuit?.onReset(() => this.logger.log('Neo4j reachable again: calls go through.'));
  }

  async read(query: string, params: Params = {}, options: { timeoutMs?: number } = {}): Promise<Row[]> {
    return this.withSession(
      'READ',
      (session) =>
        session.executeRead((tx) => runRows(tx, query, params), { timeout: options.timeoutMs ?? this.config.NEO4J_TX_TIMEOUT_MS }),
      query,
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

  /** One statement in a managed write transaction (schema statements too: each in its own). */
  async writeOne(query: string, params: Params = {}): Promise<Row[]> {
    return this.withSession(
      'WRITE',
      (session) => session.executeWrite((tx) => runRows(tx, query, params), { timeout: this.config.NEO4J_TX_TIMEOUT_MS }),
      query,
    );
  }

  /** A session's settings: this database, the process's bookmarks and the call's, shared with the vector index. */
  sessionConfig(mode: 'READ' | 'WRITE'): SessionConfig {
    const scope = currentBookmarkScope();
    return {
      database: this.config.NEO4J_DATABASE,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager: this.bookmarks,
      ...(scope?.given ? { bookmarks: decodeBookmark(scope.given, this.config.NEO4J_DATABASE) } : {}),
    };
  }

  /** After a write session: its bookmarks join the call's token, so the caller can read this write anywhere. */
  recordWrite(session: Session): void {
    recordWrittenBookmarks(this.config.NEO4J_DATABASE, session.lastBookmarks());
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

  /**
   * One session, in a trace span (`neo4j.read`, `neo4j.write`; with the Cypher text when there is one
   * query: Lore's own text, the values go as parameters and are not recorded) and counted in flight.
   */
  private async withSession<T>(mode: 'READ' | 'WRITE', work: (session: Session) => Promise<T>, query?: string): Promise<T> {
    const attributes = {
      'db.system.name': 'neo4j',
      'db.namespace': this.config.NEO4J_DATABASE,
      ...(query ? { 'db.query.text': query } : {}),
    };
    return inSpan(`neo4j.${mode.toLowerCase()}`, attributes, () =>
      this.metrics ? this.metrics.inNeo4jSession(mode, () => this.inSession(mode, work)) : this.inSession(mode, work),
    );
  }

  private async inSession<T>(mode: 'READ' | 'WRITE', work: (session: Session) => Promise<T>): Promise<T> {
    if (this.circuit === null) return this.session(mode, work);
    try {
      return await this.circuit.execute(() => this.session(mode, work));
    } catch (error) {
      if (!(error instanceof BrokenCircuitError)) throw error;
      const retryAfterSeconds = Math.ceil(this.config.NEO4J_CIRCUIT_HALF_OPEN_MS / 1000);
      throw new UnavailableError('The graph database is unavailable: it was unreachable on the last calls, so Lore is not asking it now.', {
        hint: `Check that Neo4j runs at NEO4J_URI (lore up starts one; /ready tells); Lore tries it again within ${retryAfterSeconds} s.`,
        details: { reason: 'circuit_open', retryAfterSeconds },
      });
    }
  }

  private async session<T>(mode: 'READ' | 'WRITE', work: (session: Session) => Promise<T>): Promise<T> {
    const session = this.driver.session(this.sessionConfig(mode));
    try {
      const result = await work(session);
      if (mode === 'WRITE') this.recordWrite(session);
      return result;
    } catch (error) {
      const translated = translateDriverError(error);
      // The caller gets the code and a hint; the log keeps what Neo4j said, for whoever fixes it.
      if (translated instanceof InternalError) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      // A limit of Neo4j's, reached and explained to the caller: a line, not an error with a stack trace.
      else if (translated instanceof ResourceExhaustedError)
        this.logger.warn(`Neo4j refused the transaction at its memory limit: ${error instanceof Error ? error.message : String(error)}`);
      throw translated;
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

const UNAVAILABLE_CODES = new Set(['ServiceUnavailable', 'SessionExpired']);

/** A translated driver error that says Neo4j could not be reached (what the circuit counts), not that it refused the work. */
function isUnreachable(error: Error): boolean {
  const neo4jCode = error instanceof UnavailableError ? error.details?.neo4jCode : undefined;
  return typeof neo4jCode === 'string' && UNAVAILABLE_CODES.has(neo4jCode);
}

/** Where Neo4j's memory is set, for hints: the local launcher's variables and docker-compose's. */
const MEMORY_SETTINGS_HINT =
  'tools/neo4j-local (lore up, the tests): LORE_NEO4J_HEAP and LORE_NEO4J_TX_MEMORY; docker-compose.yml: ' +
  'NEO4J_server_memory_heap_max__size and NEO4J_db_memory_transaction_total_max (see docs/architecture.md, "Neo4j sized for the work"). ' +
  "A first index is written in parts of LORE_SNAPSHOT_TRANSACTION_BYTES: keep that under half of Neo4j's db.memory.transaction.max.";

/**
 * Every driver error reaches the caller as a Lore error that says what happened and what to change:
 * none is left to become a bare "internal error". The Neo4j code is named (it is no secret and is
 * what to search for); the server's own message is not (it can quote the query or name hosts).
 */
export function translateDriverError(error: unknown): unknown {
  if (!(error instanceof Neo4jError)) return error;
  const code = error.code;
  if (code.startsWith('Neo.ClientError.Transaction.InvalidBookmark')) {
    return new InvalidInputError('The graph database does not know the bookmark.', {
      hint: 'Send back a bookmark this server returned, unchanged, or none.',
      details: { field: 'bookmark', neo4jCode: code },
    });
  }
  if (code === 'Neo.ClientError.Security.Unauthorized' || code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    return new UnavailableError('The graph database refused our credentials.', {
      hint: "Set NEO4J_USER and NEO4J_PASSWORD to the database's (lore up creates its local Neo4j with NEO4J_PASSWORD).",
      details: { neo4jCode: code },
    });
  }
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('Neo.TransientError.General.DatabaseUnavailable')) {
    return new UnavailableError('The graph database is unavailable.', {
      hint: 'Check that Neo4j runs at NEO4J_URI (lore up starts one; /ready tells), then retry.',
      details: { neo4jCode: code },
    });
  }
  if (code.includes('TransactionTimedOut')) {
    return new TimeoutError('The query took too long and was stopped.', {
      hint: 'Narrow the question, or raise NEO4J_TX_TIMEOUT_MS.',
      details: { neo4jCode: code },
    });
  }
  if (isMemoryError(error)) {
    // The setting Neo4j names is safe to repeat (the rest of its message is not).
    const setting = /\b(?:db|dbms)\.memory\.transaction\.(?:total\.)?max\b/.exec(error.message)?.[0] ?? null;
    return new ResourceExhaustedError(`The graph database ran out of memory for this work${setting ? ` (${setting} reached)` : ''}.`, {
      hint: `Give Neo4j more memory: ${MEMORY_SETTINGS_HINT}`,
      details: { neo4jCode: code, setting },
    });
  }
  if (code.startsWith('Neo.TransientError.')) {
    return new UnavailableError('The graph database could not complete the work just now.', {
      hint: 'Retry; if it persists, see the Neo4j log (for tools/neo4j-local: <data dir>/logs).',
      details: { neo4jCode: code },
    });
  }
  return new InternalError('The graph database rejected the work.', {
    hint: `A fault of Lore's, not of your input: report it with the Neo4j code ${code} (LORE_LOG_LEVEL=debug logs the query).`,
    details: { neo4jCode: code },
  });
}

/**
 * Transaction memory (db.memory.transaction.max / .total.max), the memory pools, or the heap itself.
 * The codes vary across 5.x releases, so the message is read too.
 */
function isMemoryError(error: Neo4jError): boolean {
  return (
    /MemoryPoolOutOfMemory|OutOfMemory|TransactionMemoryLimit|MemoryLimit/i.test(error.code) ||
    /memory\.transaction\.(total\.)?max|OutOfMemoryError|allocation of an extra/i.test(error.message)
  );
}
