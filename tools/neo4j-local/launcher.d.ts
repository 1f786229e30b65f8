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
  /** true if it was (re)built */
  built: boolean;
  /** why it was (re)built, or null */
  reason: string | null;
  durationMs: number;
}

/**
 * Builds the launcher into buildDirectory() if it is missing or was made from another pom.xml,
 * dependencies.lock or src/: with Maven in a checkout; in an installed package by fetching the locked
 * jars from Maven Central (LORE_MAVEN_REPOSITORY), each checked against its sha256, and compiling the
 * launcher with javac. Rejects with one line naming a jar that cannot be fetched or fails its checksum.
 */
export function ensureBuilt(options?: { quiet?: boolean }): Promise<EnsureBuiltResult>;

/** A jar of dependencies.lock. */
export interface LockedJar {
  /** group:artifact:version[:classifier] */
  coordinates: string;
  /** its path in a Maven repository's layout, e.g. org/neo4j/neo4j/5.26.30/neo4j-5.26.30.jar */
  path: string;
  /** its name in lib/, as Maven's copy-dependencies names it */
  fileName: string;
  sha256: string;
  bytes: number;
}

/** The jars of dependencies.lock in class-path order; throws if the lock was made from another pom.xml. */
export function readLock(file?: string): LockedJar[];

/**
 * Fetches each jar from `repository` into `lib` unless a file with its checksum is there: to a
 * temporary file, checked, renamed into place. Rejects with one line naming the first jar that could
 * not be fetched or failed its checksum; no partial file stays.
 */
export function fetchDependencies(
  lib: string,
  jars: LockedJar[],
  options: { repository: string; onProgress?: (bytes: number) => void },
): Promise<{ fetched: string[] }>;

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
