// Types for launcher.js (plain CommonJS). See README.md.

export interface Neo4jLocalOptions {
  /** Bolt port on 127.0.0.1 (default 7687; use findFreePort() in tests). */
  port?: number;
  /** Neo4j home/data directory (default ".data/neo4j", resolved against process.cwd()). */
  dataDir?: string;
  /** Password of user "neo4j" (default process.env.NEO4J_PASSWORD ?? "lore-local-password"). */
  password?: string;
  /** Extra JVM flags, appended after the defaults (so "-Xmx2g" overrides the default heap). */
  javaOpts?: string | string[];
  /** Neo4j settings as neo4j.conf spells them, e.g. { 'db.memory.transaction.max': '8m' }; Neo4j validates them. */
  settings?: Record<string, string>;
  /** How long to wait for the ready line (default 120000 ms). */
  timeoutMs?: number;
  /** Forward the Java process' stdout/stderr to stderr (default: !!process.env.LORE_DEBUG_NEO4J). */
  echo?: boolean;
  /**
   * Don't let the child keep the Node event loop alive (default false). If the Node process then
   * exits, the Java process sees its stdin close and shuts down cleanly.
   */
  unref?: boolean;
  /**
   * Use/create the AppCDS class archive target/neo4j-local.jsa, which roughly halves JVM startup
   * (default true unless LORE_NEO4J_CDS=0). The first start with a new build dumps it at exit.
   */
  cds?: boolean;
  /** Neo4j settings by name, over the ones sized from the machine (e.g. {"db.memory.transaction.total.max": "64m"}). */
  settings?: Record<string, string>;
}

export interface Neo4jLocalHandle {
  /** e.g. "bolt://127.0.0.1:7687" */
  uri: string;
  port: number;
  /** pid of the Java process */
  pid: number;
  /** always "neo4j" */
  user: string;
  password: string;
  /** absolute path */
  dataDir: string;
  /** SIGTERM, wait for exit (SIGKILL after 30 s). Idempotent. */
  stop(): Promise<void>;
  /** Settles when the Java process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last ~50 lines of the Java process' stdout/stderr. */
  logTail(): string;
}

export interface EnsureBuiltResult {
  /** true if Maven ran */
  built: boolean;
  /** why it was (re)built, or null */
  reason: string | null;
  durationMs: number;
}

/**
 * Runs `mvn -B -q -f tools/neo4j-local/pom.xml package -DskipTests` if the build output is missing
 * or older than pom.xml / src. Synchronous; throws an Error with Maven's output tail on failure.
 */
export function ensureBuilt(options?: { quiet?: boolean }): EnsureBuiltResult;

/**
 * The build directory: LORE_NEO4J_LOCAL_HOME; else target/ beside the sources in a checkout; else, in an
 * installed package, $XDG_CACHE_HOME/lore/neo4j-local/<neo4j version>-<digest of pom.xml and src/> (~/.cache without XDG_CACHE_HOME).
 */
export function buildDirectory(env?: Record<string, string | undefined>): string;

/** Starts the embedded Neo4j (call ensureBuilt() first); resolves once Bolt accepts connections. */
export function startNeo4jLocal(options?: Neo4jLocalOptions): Promise<Neo4jLocalHandle>;

/** A free TCP port on 127.0.0.1. */
export function findFreePort(): Promise<number>;

export const JVM_FLAGS: readonly string[];
/**
 * Neo4j's heap, page cache and transaction memory for a machine of `totalBytes` (a quarter, a sixth,
 * 70% of the heap, within bounds), each overridable: LORE_NEO4J_HEAP, LORE_NEO4J_PAGECACHE, LORE_NEO4J_TX_MEMORY.
 */
export function memoryPlan(
  totalBytes: number,
  env?: Record<string, string | undefined>,
): { heap: string; pageCache: string; transactionMemory: string };
export const DEFAULT_PORT: number;
export const DEFAULT_DATA_DIR: string;
export const DEFAULT_USER: string;
export const DEFAULT_PASSWORD: string;
