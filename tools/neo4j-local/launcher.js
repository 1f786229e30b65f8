#!/usr/bin/env node
// @ts-check
/**
 * neo4j-local launcher: builds (if needed) and starts the embedded Neo4j Community 5.26 of
 * tools/neo4j-local (see README.md) and waits until Bolt accepts connections.
 *
 * Plain CommonJS, no dependencies. Used by `npm run neo4j:local`, the jest global setup and the CLI.
 * Types for TypeScript callers: launcher.d.ts next to this file.
 *
 *   node tools/neo4j-local/launcher.js [--port 7687] [--data .data/neo4j]
 *
 * Env: NEO4J_PASSWORD (password of user "neo4j", default "lore-local-password"),
 *      LORE_NEO4J_JAVA_OPTS (extra JVM flags, whitespace separated, e.g. "-Xmx2g"),
 *      LORE_DEBUG_NEO4J (any non-empty value: echo the Java process' stdout/stderr),
 *      JAVA_HOME (use $JAVA_HOME/bin/java instead of java from PATH).
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const readline = require('node:readline');

const TOOL_DIR = __dirname;
const POM = path.join(TOOL_DIR, 'pom.xml');
const SRC_DIR = path.join(TOOL_DIR, 'src');
const TARGET_DIR = path.join(TOOL_DIR, 'target');
const JAR = path.join(TARGET_DIR, 'neo4j-local.jar');
const LIB_DIR = path.join(TARGET_DIR, 'lib');

const DEFAULT_PORT = 7687;
const DEFAULT_DATA_DIR = '.data/neo4j';
const DEFAULT_USER = 'neo4j';
const DEFAULT_PASSWORD = 'lore-local-password';
const DEFAULT_TIMEOUT_MS = 120_000;
const STOP_KILL_AFTER_MS = 30_000;
const TAIL_LINES = 50;
const READY_RE = /^neo4j-local ready (bolt:\/\/127\.0\.0\.1:(\d+))\s*$/;

/**
 * JVM flags, the same set Neo4j's own server puts into neo4j.conf (server.jvm.additional) minus
 * the ones that only matter for production (AlwaysPreTouch, TLS, JFR). None is needed for
 * correctness; without the three --add-opens Neo4j falls back to slower paths (see README.md).
 */
const JVM_FLAGS = Object.freeze([
  '-XX:+UseG1GC',
  '-XX:-OmitStackTraceInFastThrow',
  '-XX:+UnlockExperimentalVMOptions',
  '-XX:+TrustFinalNonStaticFields',
  '-XX:+DisableExplicitGC',
  '-Djdk.nio.maxCachedBufferSize=1024',
  '-Dio.netty.tryReflectionSetAccessible=true',
  '--add-opens=java.base/java.nio=ALL-UNNAMED',
  '--add-opens=java.base/java.io=ALL-UNNAMED',
  '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED',
  '--enable-native-access=ALL-UNNAMED',
  '-Dlog4j2.disable.jmx=true',
  '-Dfile.encoding=UTF-8',
]);

/** Heap defaults; later flags win, so javaOpts / LORE_NEO4J_JAVA_OPTS can override them. */
const HEAP_FLAGS = Object.freeze(['-Xms256m', '-Xmx1g']);

/** @param {string} p @returns {number} mtime in ms, or -1 if missing */
function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return -1;
  }
}

/** @param {string} dir @returns {number} newest mtime of any file below dir */
function newestMtime(dir) {
  let newest = -1;
  /** @type {fs.Dirent[]} */
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : mtime(p));
  }
  return newest;
}

/** @returns {string | null} the org.neo4j version pinned in pom.xml */
function neo4jVersion() {
  try {
    const m = /<neo4j\.version>\s*([^<\s]+)\s*<\/neo4j\.version>/.exec(fs.readFileSync(POM, 'utf8'));
    return m ? m[1] : null;
  } catch {
    return null;
  }
}

/**
 * Why a (re)build is needed, or null if the build output is present and newer than its inputs.
 * @returns {string | null}
 */
function buildNeededReason() {
  const jarTime = mtime(JAR);
  if (jarTime < 0) return 'target/neo4j-local.jar is missing';
  const version = neo4jVersion();
  if (version) {
    for (const name of [`neo4j-${version}.jar`, `neo4j-bolt-${version}.jar`]) {
      if (mtime(path.join(LIB_DIR, name)) < 0) return `target/lib/${name} is missing`;
    }
  }
  if (mtime(POM) > jarTime) return 'pom.xml is newer than the build';
  if (newestMtime(SRC_DIR) > jarTime) return 'the Java source is newer than the build';
  return null;
}

/** @param {string} text @param {number} n */
function tail(text, n) {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  return lines.slice(-n).join('\n');
}

/**
 * Builds tools/neo4j-local with Maven if the artifacts are missing or older than pom.xml / src.
 * Synchronous (Maven takes ~10 s when dependencies are cached; the very first build downloads
 * ~125 MB from Maven Central); `await ensureBuilt()` works too.
 *
 * @param {{ quiet?: boolean }} [options] quiet: print nothing on stderr
 * @returns {{ built: boolean, reason: string | null, durationMs: number }}
 * @throws {Error} if Maven is missing or the build fails (message ends with Maven's output tail)
 */
function ensureBuilt(options = {}) {
  const quiet = !!options.quiet;
  const reason = buildNeededReason();
  if (!reason) return { built: false, reason: null, durationMs: 0 };
  const started = Date.now();
  if (!quiet) {
    process.stderr.write(`neo4j-local: building with Maven (${reason}); the first build downloads ~125 MB...\n`);
  }
  const mvn = process.platform === 'win32' ? 'mvn.cmd' : 'mvn';
  const args = ['-B', '-q', '-Dstyle.color=never', '-f', POM, 'package', '-DskipTests'];
  const res = spawnSync(mvn, args, {
    cwd: TOOL_DIR,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.error) {
    const err = /** @type {NodeJS.ErrnoException} */ (res.error);
    if (err.code === 'ENOENT') {
      throw new Error(
        'neo4j-local: Maven (mvn) is not on PATH; install Maven 3.8+ and a JDK 17+ (Debian: apt-get install maven openjdk-17-jdk-headless)',
      );
    }
    throw new Error(`neo4j-local: could not run Maven: ${err.message}`);
  }
  // Maven 3.8 prints ANSI resets even with style.color=never; strip them from the error text.
  // eslint-disable-next-line no-control-regex -- ANSI escape sequences start with ESC
  const output = `${res.stdout || ''}${res.stderr || ''}`.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  if (res.status !== 0) {
    throw new Error(
      `neo4j-local: Maven build failed (exit ${res.status ?? res.signal}): ${mvn} ${args.join(' ')}\n` +
        (tail(output, 40) || '(no output)'),
    );
  }
  const after = buildNeededReason();
  if (after) {
    throw new Error(`neo4j-local: Maven succeeded but the build is still incomplete (${after})\n${tail(output, 40)}`);
  }
  const durationMs = Date.now() - started;
  if (!quiet) process.stderr.write(`neo4j-local: built in ${(durationMs / 1000).toFixed(1)} s\n`);
  return { built: true, reason, durationMs };
}

/**
 * A free TCP port on 127.0.0.1 (asks the OS for port 0, then releases it).
 * @returns {Promise<number>}
 */
function findFreePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = addr && typeof addr === 'object' ? addr.port : 0;
      srv.close((err) => (err ? reject(err) : port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/** @param {string | string[] | undefined} opts @returns {string[]} */
function splitOpts(opts) {
  if (!opts) return [];
  if (Array.isArray(opts)) return opts.filter((o) => o !== '');
  return opts.split(/\s+/).filter((o) => o !== '');
}

function javaBinary() {
  const home = process.env.JAVA_HOME;
  if (home) {
    const candidate = path.join(home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java');
    if (fs.existsSync(candidate)) return candidate;
  }
  return 'java';
}

/**
 * @typedef {object} Neo4jLocalOptions
 * @property {number} [port] Bolt port on 127.0.0.1 (default 7687; use findFreePort() in tests)
 * @property {string} [dataDir] Neo4j home/data directory (default ".data/neo4j", relative to cwd)
 * @property {string} [password] password of user "neo4j" (default $NEO4J_PASSWORD or "lore-local-password")
 * @property {string | string[]} [javaOpts] extra JVM flags, appended last (e.g. "-Xmx2g")
 * @property {Record<string, string>} [settings] Neo4j settings as neo4j.conf spells them (e.g. {"db.memory.transaction.max": "8m"})
 * @property {number} [timeoutMs] how long to wait for the ready line (default 120000)
 * @property {boolean} [echo] forward the Java process' output to stderr (default: !!$LORE_DEBUG_NEO4J)
 * @property {boolean} [unref] don't let the child keep the Node event loop alive (default false);
 *   if the Node process then exits, the Java process notices stdin closing and shuts down cleanly
 * @property {boolean} [cds] use/create the AppCDS class archive target/neo4j-local.jsa, which
 *   roughly halves startup time (default true unless LORE_NEO4J_CDS=0)
 */

/**
 * @typedef {object} Neo4jLocalHandle
 * @property {string} uri e.g. "bolt://127.0.0.1:7687"
 * @property {number} port
 * @property {number} pid pid of the Java process
 * @property {string} user always "neo4j"
 * @property {string} password
 * @property {string} dataDir absolute
 * @property {() => Promise<void>} stop SIGTERM, wait for exit (SIGKILL after 30 s); idempotent
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited settles when the Java process exits
 * @property {() => string} logTail the last ~50 lines of the Java process' stdout/stderr
 */

// AppCDS (JDK 13+ dynamic archive): the first run dumps the loaded classes at exit, later runs map
// them. The archive is only valid for the exact jar set it was made from, so it is tied to the jar's
// mtime; a JVM that cannot use it (other JDK, other flags) says so on stdout and we drop it.
const CDS_ARCHIVE = path.join(TARGET_DIR, 'neo4j-local.jsa');
const CDS_DISABLED_MARKER = path.join(TARGET_DIR, 'neo4j-local.jsa.unsupported');
const CDS_REJECTED_RE = /\[cds[^\]]*\].*(unable to use|failed to load|mismatch|not the one used|error)/i;
const CDS_UNSUPPORTED_RE = /DynamicDumpSharedSpaces|ArchiveClassesAtExit|SharedArchiveFile|CDS/;

/** @param {string} p */
function unlinkQuiet(p) {
  try {
    fs.unlinkSync(p);
  } catch {
    /* already gone */
  }
}

/**
 * @param {boolean} wanted
 * @returns {{ mode: 'off' | 'use' | 'dump', flags: string[], dumpFile: string | null }}
 */
function cdsPlan(wanted) {
  if (!wanted || mtime(CDS_DISABLED_MARKER) > mtime(JAR)) return { mode: 'off', flags: [], dumpFile: null };
  if (mtime(CDS_ARCHIVE) > mtime(JAR)) {
    return { mode: 'use', flags: [`-XX:SharedArchiveFile=${CDS_ARCHIVE}`], dumpFile: null };
  }
  const dumpFile = `${CDS_ARCHIVE}.${process.pid}.${Date.now()}.tmp`;
  return {
    mode: 'dump',
    // Dumping warns about every class it skips (signed jars etc.); keep that out of the log tail.
    flags: [`-XX:ArchiveClassesAtExit=${dumpFile}`, '-Xlog:cds=off', '-Xlog:cds+dynamic=off'],
    dumpFile,
  };
}

/**
 * Starts the embedded Neo4j (does not build: call ensureBuilt() first) and resolves once Bolt
 * accepts connections with the configured password.
 *
 * @param {Neo4jLocalOptions} [options]
 * @returns {Promise<Neo4jLocalHandle>}
 */
async function startNeo4jLocal(options = {}) {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`neo4j-local: invalid port ${port}`);
  }
  if (mtime(JAR) < 0) {
    throw new Error(`neo4j-local: ${JAR} is missing; call ensureBuilt() first`);
  }
  const cdsWanted = options.cds ?? process.env.LORE_NEO4J_CDS !== '0';
  const plan = cdsPlan(cdsWanted);
  try {
    return await startOnce(options, port, plan);
  } catch (e) {
    const err = /** @type {Error & { earlyCdsFailure?: boolean }} */ (e);
    if (plan.mode === 'off' || !err.earlyCdsFailure) throw err;
    // This JVM cannot use/dump a CDS archive (e.g. no base archive): remember, retry without.
    try {
      fs.writeFileSync(CDS_DISABLED_MARKER, `${err.message}\n`);
    } catch {
      /* target/ not writable: we just retry every time */
    }
    if (plan.mode === 'use') unlinkQuiet(CDS_ARCHIVE);
    return startOnce(options, port, { mode: 'off', flags: [], dumpFile: null });
  }
}

/**
 * @param {Neo4jLocalOptions} options
 * @param {number} port
 * @param {ReturnType<typeof cdsPlan>} cds
 * @returns {Promise<Neo4jLocalHandle>}
 */
function startOnce(options, port, cds) {
  const dataDir = path.resolve(options.dataDir || DEFAULT_DATA_DIR);
  const password = options.password || process.env.NEO4J_PASSWORD || DEFAULT_PASSWORD;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const echo = options.echo ?? !!process.env.LORE_DEBUG_NEO4J;

  const args = [
    ...JVM_FLAGS,
    ...HEAP_FLAGS,
    ...cds.flags,
    ...splitOpts(process.env.LORE_NEO4J_JAVA_OPTS),
    ...splitOpts(options.javaOpts),
    '-jar',
    JAR,
    '--port',
    String(port),
    '--data',
    dataDir,
    ...Object.entries(options.settings ?? {}).map(([name, value]) => `--setting=${name}=${value}`),
    '--exit-on-stdin-close',
  ];
  const java = javaBinary();
  const child = spawn(java, args, {
    cwd: TOOL_DIR,
    // The password goes through the environment, not argv (argv is visible in ps).
    env: { ...process.env, NEO4J_PASSWORD: password },
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches the Node process, which stops Neo4j
    // after its own connections are closed (the Java process also exits when its stdin closes).
    detached: true,
  });

  /** @type {string[]} */
  const lines = [];
  const logTail = () => lines.join('\n');
  let cdsRejected = false;
  /** @param {string} line @param {string} stream */
  const remember = (line, stream) => {
    lines.push(stream === 'stderr' ? line : `[stdout] ${line}`);
    if (lines.length > TAIL_LINES) lines.shift();
    if (cds.mode === 'use' && !cdsRejected && CDS_REJECTED_RE.test(line)) {
      cdsRejected = true;
      unlinkQuiet(CDS_ARCHIVE); // stale for this JVM/flags: the next start makes a new one
    }
    if (echo && !READY_RE.test(line)) {
      process.stderr.write(line.startsWith('neo4j-local') ? `${line}\n` : `[neo4j-local] ${line}\n`);
    }
  };

  /** @type {(v: { code: number | null, signal: NodeJS.Signals | null }) => void} */
  let resolveExited = () => {};
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => {
    resolveExited = resolve;
  });
  let hasExited = false;
  child.on('exit', (code, signal) => {
    hasExited = true;
    if (cds.dumpFile) {
      // Publish the archive only if the JVM exited cleanly (it is written during exit).
      try {
        if (code === 0 && mtime(cds.dumpFile) > 0) fs.renameSync(cds.dumpFile, CDS_ARCHIVE);
      } catch {
        /* another process won the race, or target/ is read-only */
      }
      unlinkQuiet(cds.dumpFile);
    }
    resolveExited({ code, signal });
  });
  // Nothing is ever written to stdin; ignore EPIPE when the child is gone.
  child.stdin.on('error', () => {});

  /** @type {Promise<void> | null} */
  let stopping = null;
  const stop = () => {
    if (stopping) return stopping;
    stopping = (async () => {
      if (hasExited) return;
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => {
        if (!hasExited) child.kill('SIGKILL');
      }, STOP_KILL_AFTER_MS);
      try {
        await exited;
      } finally {
        clearTimeout(killTimer);
        child.stdin.destroy();
      }
    })();
    return stopping;
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    /** @param {Error} err */
    const fail = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop().finally(() => reject(err));
    };
    const timer = setTimeout(() => {
      fail(
        new Error(
          `neo4j-local: not ready after ${Math.round(timeoutMs / 1000)} s on port ${port} (data ${dataDir}); last output:\n${logTail() || '(none)'}`,
        ),
      );
    }, timeoutMs);

    child.on('error', (err) => {
      const e = /** @type {NodeJS.ErrnoException} */ (err);
      fail(
        new Error(
          e.code === 'ENOENT'
            ? `neo4j-local: '${java}' not found; install a JDK 17+ or set JAVA_HOME`
            : `neo4j-local: could not start java: ${e.message}`,
        ),
      );
    });
    child.on('exit', (code, signal) => {
      if (settled) return;
      const err = /** @type {Error & { earlyCdsFailure?: boolean }} */ (
        new Error(
          `neo4j-local: java exited (${signal ? `signal ${signal}` : `code ${code}`}) before Neo4j was ready; last output:\n${logTail() || '(none)'}`,
        )
      );
      // "Error occurred during initialization of VM" + a CDS complaint: retry without CDS.
      err.earlyCdsFailure =
        cds.mode !== 'off' && !lines.some((l) => l.startsWith('neo4j-local:')) && lines.some((l) => CDS_UNSUPPORTED_RE.test(l));
      fail(err);
    });

    readline.createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (l) => remember(l, 'stderr'));
    readline.createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      remember(line, 'stdout');
      const m = READY_RE.exec(line);
      if (!m || settled) return;
      settled = true;
      clearTimeout(timer);
      if (options.unref) {
        child.unref();
        for (const s of [child.stdin, child.stdout, child.stderr]) {
          /** @type {any} */ (s).unref?.();
        }
      }
      resolve({
        uri: m[1],
        port: Number(m[2]),
        pid: /** @type {number} */ (child.pid),
        user: DEFAULT_USER,
        password,
        dataDir,
        stop,
        exited,
        logTail,
      });
    });
  });
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ port: number, dataDir: string, help: boolean }} */
  const out = { port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR, help: false };
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    /** @type {string | undefined} */
    let v;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) {
      v = a.slice(eq + 1);
      a = a.slice(0, eq);
    }
    const value = () => {
      if (v !== undefined) return v;
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--port') {
      const s = value();
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`--port must be 1..65535, got '${s}'`);
      out.port = n;
    } else if (a === '--data') {
      out.dataDir = value();
    } else if (a === '-h' || a === '--help') {
      out.help = true;
    } else {
      throw new Error(`unknown argument '${argv[i]}'`);
    }
  }
  return out;
}

async function main() {
  /** @type {ReturnType<typeof parseArgs>} */
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`neo4j-local: ${/** @type {Error} */ (e).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (opts.help) {
    process.stdout.write(
      'usage: node tools/neo4j-local/launcher.js [--port 7687] [--data .data/neo4j]\n' +
        'env: NEO4J_PASSWORD, LORE_NEO4J_JAVA_OPTS, LORE_DEBUG_NEO4J, JAVA_HOME\n',
    );
    return;
  }
  ensureBuilt({ quiet: false });
  if (!process.env.NEO4J_PASSWORD) {
    process.stderr.write(`neo4j-local: NEO4J_PASSWORD is not set; using the default password '${DEFAULT_PASSWORD}'\n`);
  }
  const handle = await startNeo4jLocal({ port: opts.port, dataDir: opts.dataDir, echo: true });
  process.stdout.write(`neo4j-local ready ${handle.uri}\n`);
  process.stderr.write(`neo4j-local: user '${handle.user}', data in ${handle.dataDir}; Ctrl-C to stop\n`);

  let stopRequested = false;
  /** @param {NodeJS.Signals} sig */
  const onSignal = (sig) => {
    if (stopRequested) return;
    stopRequested = true;
    process.stderr.write(`neo4j-local: ${sig} received, stopping Neo4j...\n`);
    handle.stop().catch(() => {});
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  const { code, signal } = await handle.exited;
  if (!stopRequested) {
    process.stderr.write(`neo4j-local: Neo4j exited unexpectedly (${signal || `code ${code}`}); last output:\n${handle.logTail()}\n`);
    process.exitCode = code || 1;
  } else {
    process.exitCode = code === 0 ? 0 : code || 1;
  }
}

module.exports = {
  ensureBuilt,
  startNeo4jLocal,
  findFreePort,
  JVM_FLAGS,
  HEAP_FLAGS,
  DEFAULT_PORT,
  DEFAULT_DATA_DIR,
  DEFAULT_USER,
  DEFAULT_PASSWORD,
};

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${e && e.message ? e.message : e}\n`);
    process.exitCode = 1;
  });
}
