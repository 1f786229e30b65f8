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
 *      JAVA_HOME (use $JAVA_HOME/bin/java instead of java from PATH),
 *      LORE_NEO4J_LOCAL_HOME (the build directory; see buildDirectory),
 *      LORE_MAVEN_REPOSITORY (where an installed package fetches the jars; default Maven Central).
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { Readable, Transform } = require('node:stream');
const { pipeline } = require('node:stream/promises');

const TOOL_DIR = __dirname;
const POM = path.join(TOOL_DIR, 'pom.xml');
const SRC_DIR = path.join(TOOL_DIR, 'src');
/** The pom's runtime jars with their sha256 (scripts/lock-neo4j-dependencies.js writes it). */
const LOCK = path.join(TOOL_DIR, 'dependencies.lock');
const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';
/** Jars fetched at once: enough to hide each request's latency, few enough to be polite. */
const FETCH_CONCURRENCY = 4;

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

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * Neo4j's memory, sized from the machine unless set: the heap holds transactions (a snapshot write
 * of a large repository is hundreds of megabytes of transaction state), the page cache holds the
 * store. Lore itself and the TypeScript compiler share the machine, so Neo4j takes a quarter of it
 * for the heap and a sixth for the page cache, within bounds that keep a laptop usable.
 * Overrides: LORE_NEO4J_HEAP, LORE_NEO4J_PAGECACHE, LORE_NEO4J_TX_MEMORY (e.g. "4g", "512m").
 *
 * @param {number} totalBytes the machine's memory (os.totalmem())
 * @param {Record<string, string | undefined>} env
 * @returns {{ heap: string, pageCache: string, transactionMemory: string }}
 */
function memoryPlan(totalBytes, env = process.env) {
  const clamp = (/** @type {number} */ value, /** @type {number} */ low, /** @type {number} */ high) =>
    Math.min(high, Math.max(low, value));
  const megabytes = (/** @type {number} */ bytes) => `${Math.floor(bytes / MB)}m`;
  const heapBytes = env.LORE_NEO4J_HEAP ? parseSize(env.LORE_NEO4J_HEAP, 'LORE_NEO4J_HEAP') : clamp(totalBytes / 4, 1 * GB, 8 * GB);
  const pageCacheBytes = env.LORE_NEO4J_PAGECACHE
    ? parseSize(env.LORE_NEO4J_PAGECACHE, 'LORE_NEO4J_PAGECACHE')
    : clamp(totalBytes / 6, 256 * MB, 4 * GB);
  // Neo4j's own default is 70% of the heap; said here so that the hint of a memory error is true.
  const transactionBytes = env.LORE_NEO4J_TX_MEMORY ? parseSize(env.LORE_NEO4J_TX_MEMORY, 'LORE_NEO4J_TX_MEMORY') : heapBytes * 0.7;
  return { heap: megabytes(heapBytes), pageCache: megabytes(pageCacheBytes), transactionMemory: megabytes(transactionBytes) };
}

/** @param {string} text e.g. "2g", "512m", "1.5G" @param {string} name @returns {number} bytes */
function parseSize(text, name) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg])?b?\s*$/i.exec(text);
  if (!match) throw new Error(`neo4j-local: ${name} must be a size such as 2g or 512m, got '${text}'`);
  const unit = { k: 1024, m: MB, g: GB }[(match[2] || 'm').toLowerCase()] ?? MB;
  const bytes = Number(match[1]) * unit;
  if (bytes < 16 * MB) throw new Error(`neo4j-local: ${name} is too small (${text}); give at least 16m`);
  return bytes;
}

/**
 * The JVM heap flags and Neo4j settings of a plan; settings given by the caller win.
 * @param {ReturnType<typeof memoryPlan>} plan
 * @param {Record<string, string>} [settings]
 */
function memoryArgs(plan, settings = {}) {
  const all = {
    'server.memory.pagecache.size': plan.pageCache,
    'db.memory.transaction.total.max': plan.transactionMemory,
    ...settings,
  };
  return {
    jvm: ['-Xms256m', `-Xmx${plan.heap}`],
    neo4j: Object.entries(all).flatMap(([name, value]) => ['--setting', `${name}=${value}`]),
  };
}

/** @param {string} p @returns {number} mtime in ms, or -1 if missing */
function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return -1;
  }
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

/** @param {string} dir @returns {string[]} every file below dir, relative, sorted */
function filesBelow(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** @returns {string} a digest of pom.xml, dependencies.lock and src/: what the build is made from */
function sourceDigest() {
  const hash = crypto.createHash('sha256').update(fs.readFileSync(POM));
  if (fs.existsSync(LOCK)) hash.update('\0dependencies.lock\0').update(fs.readFileSync(LOCK));
  for (const file of filesBelow(SRC_DIR)) hash.update(`\0${file}\0`).update(fs.readFileSync(path.join(SRC_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

/** @returns {boolean} whether these sources are in a git work tree (a checkout), not an installed package */
function insideCheckout() {
  return fs.existsSync(path.join(TOOL_DIR, '..', '..', '.git'));
}

/**
 * Where the build lives. LORE_NEO4J_LOCAL_HOME names it (CI points an installed package at the
 * checkout's build, so Maven runs once). Else, in a checkout (these sources in a git work tree),
 * target/ beside them, as Maven has it; in an installed package, the user's cache
 * ($XDG_CACHE_HOME/lore, else ~/.cache/lore), never the package's own folder, keyed by what the
 * build is made from, so that versions installed side by side keep a build each.
 *
 * @param {Record<string, string | undefined>} [env]
 * @returns {string}
 */
function buildDirectory(env = process.env) {
  if (env.LORE_NEO4J_LOCAL_HOME) return path.resolve(env.LORE_NEO4J_LOCAL_HOME);
  if (insideCheckout()) return path.join(TOOL_DIR, 'target');
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'lore', 'neo4j-local', `${neo4jVersion()}-${sourceDigest()}`);
}

/**
 * The files of a build in `dir`: the thin jar, its dependencies, and the class-data archive
 * (see AppCDS below), which is valid for this jar set only.
 * @param {string} dir
 */
function buildPaths(dir) {
  return {
    dir,
    jar: path.join(dir, 'neo4j-local.jar'),
    lib: path.join(dir, 'lib'),
    cdsArchive: path.join(dir, 'neo4j-local.jsa'),
    cdsDisabledMarker: path.join(dir, 'neo4j-local.jsa.unsupported'),
    /** The sourceDigest() of what was built here (mtimes cannot say: npm gives a package's files new ones). */
    sourcesStamp: path.join(dir, 'neo4j-local.sources'),
  };
}

/**
 * Why a (re)build is needed, or null if the build output is present and made from these sources.
 * @param {ReturnType<typeof buildPaths>} build
 * @returns {string | null}
 */
function buildNeededReason(build) {
  const jarTime = mtime(build.jar);
  if (jarTime < 0) return `${build.jar} is missing`;
  const version = neo4jVersion();
  if (version) {
    for (const name of [`neo4j-${version}.jar`, `neo4j-bolt-${version}.jar`]) {
      if (mtime(path.join(build.lib, name)) < 0) return `${path.join(build.lib, name)} is missing`;
    }
  }
  let built = null;
  try {
    built = fs.readFileSync(build.sourcesStamp, 'utf8').trim();
  } catch {
    /* a build from before the stamp, or an incomplete one */
  }
  if (built !== sourceDigest()) return 'pom.xml, dependencies.lock or the Java source differ from those of the build';
  return null;
}

/** @param {string} text @param {number} n */
function tail(text, n) {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  return lines.slice(-n).join('\n');
}

/**
 * Builds tools/neo4j-local into buildDirectory() if the artifacts are missing or were made from
 * another pom.xml, dependencies.lock or src/. In a checkout Maven builds it (~10 s when its
 * dependencies are cached); an installed package needs no Maven: it fetches the jars that
 * dependencies.lock lists from Maven Central (or LORE_MAVEN_REPOSITORY), checks each against its
 * sha256, and compiles the launcher's one class with the JDK's javac. The first build downloads ~125 MB.
 *
 * @param {{ quiet?: boolean }} [options] quiet: print nothing on stderr
 * @returns {Promise<{ built: boolean, reason: string | null, durationMs: number }>}
 * @throws {Error} if Maven (or javac) is missing or the build fails, or a jar cannot be fetched or
 *   does not match its checksum (one line naming the artifact)
 */
async function ensureBuilt(options = {}) {
  const quiet = !!options.quiet;
  const build = buildPaths(buildDirectory());
  const reason = buildNeededReason(build);
  if (!reason) return { built: false, reason: null, durationMs: 0 };
  const started = Date.now();
  const output = insideCheckout() ? buildWithMaven(build, reason, quiet) : await buildFromLock(build, quiet);
  fs.writeFileSync(build.sourcesStamp, `${sourceDigest()}\n`);
  const after = buildNeededReason(build);
  if (after) throw new Error(`neo4j-local: the build is still incomplete (${after})\n${tail(output, 40)}`);
  const durationMs = Date.now() - started;
  if (!quiet) process.stderr.write(`neo4j-local: built in ${(durationMs / 1000).toFixed(1)} s, in ${build.dir}\n`);
  return { built: true, reason, durationMs };
}

/**
 * @param {ReturnType<typeof buildPaths>} build
 * @param {string} reason
 * @param {boolean} quiet
 * @returns {string} Maven's output
 */
function buildWithMaven(build, reason, quiet) {
  if (!quiet) {
    process.stderr.write(`neo4j-local: building with Maven (${reason}); the first build downloads ~125 MB from Maven Central...\n`);
  }
  const mvn = process.platform === 'win32' ? 'mvn.cmd' : 'mvn';
  const args = ['-B', '-q', '-Dstyle.color=never', `-Dneo4jlocal.buildDirectory=${build.dir}`, '-f', POM, 'package', '-DskipTests'];
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
  return output;
}

/**
 * @typedef {object} LockedJar
 * @property {string} coordinates group:artifact:version[:classifier]
 * @property {string} path its path in a Maven repository's layout, e.g. org/neo4j/neo4j/5.26.30/neo4j-5.26.30.jar
 * @property {string} fileName as Maven's copy-dependencies names it in lib/ (artifact-version[-classifier].jar)
 * @property {string} sha256
 * @property {number} bytes
 */

/**
 * The jars dependencies.lock lists, in class-path order. Refuses a lock made from another pom.xml.
 * @param {string} [file]
 * @returns {LockedJar[]}
 */
function readLock(file = LOCK) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`neo4j-local: ${file} is missing; run npm run neo4j:lock in a checkout`);
  }
  const pomDigest = /pom\.xml sha256 ([0-9a-f]{64})/.exec(text)?.[1];
  const actualPomDigest = crypto.createHash('sha256').update(fs.readFileSync(POM)).digest('hex');
  if (pomDigest !== actualPomDigest) {
    throw new Error(`neo4j-local: ${file} was made from another pom.xml; run npm run neo4j:lock in a checkout`);
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\S+) ([0-9a-f]{64}) (\d+)$/.exec(line);
      const [group, artifact, version, classifier] = (match?.[1] ?? '').split(':');
      if (!match || !group || !artifact || !version) throw new Error(`neo4j-local: ${file}: cannot read '${line}'`);
      const fileName = `${artifact}-${version}${classifier ? `-${classifier}` : ''}.jar`;
      return {
        coordinates: match[1],
        path: `${group.replace(/\./g, '/')}/${artifact}/${version}/${fileName}`,
        fileName,
        sha256: match[2],
        bytes: Number(match[3]),
      };
    });
}

/**
 * An installed package's build: the locked jars into lib/, the launcher compiled with javac.
 * @param {ReturnType<typeof buildPaths>} build
 * @param {boolean} quiet
 * @returns {Promise<string>} javac's output
 */
async function buildFromLock(build, quiet) {
  const jars = readLock();
  const repository = process.env.LORE_MAVEN_REPOSITORY || MAVEN_CENTRAL;
  const megabytes = (/** @type {number} */ bytes) => Math.round(bytes / MB);
  const total = jars.reduce((sum, jar) => sum + jar.bytes, 0);
  const line = `neo4j-local: fetching Neo4j ${neo4jVersion()}'s ${jars.length} jars (${megabytes(total)} MB, checksummed) from ${new URL(repository).host} into ${build.lib}`;
  const live = !quiet && process.stderr.isTTY;
  if (!quiet) process.stderr.write(live ? line : `${line}\n`);
  let done = 0;
  let lastShown = 0;
  try {
    await fetchDependencies(build.lib, jars, {
      repository,
      onProgress: (bytes) => {
        done += bytes;
        // One line, rewritten in place on a terminal, at most ten times a second.
        if (live && (Date.now() - lastShown > 100 || done === total)) {
          lastShown = Date.now();
          process.stderr.write(`\r\x1b[K${line}: ${megabytes(done)}/${megabytes(total)} MB`);
        }
      },
    });
  } finally {
    if (live) process.stderr.write('\n');
  }
  return compileLauncher(build, jars);
}

/**
 * Fetches each jar into `lib` unless a file with its checksum is there: to a temporary file, checked
 * against its sha256, then renamed into place, so lib/ only ever holds whole, checked jars.
 *
 * @param {string} lib
 * @param {LockedJar[]} jars
 * @param {{ repository: string, onProgress?: (bytes: number) => void }} options
 * @returns {Promise<{ fetched: string[] }>} the coordinates of the jars that were downloaded
 * @throws {Error} one line naming the first jar that could not be fetched or failed its checksum
 */
async function fetchDependencies(lib, jars, options) {
  fs.mkdirSync(lib, { recursive: true });
  removeAbandonedDownloads(lib);
  const onProgress = options.onProgress ?? (() => {});
  /** @type {string[]} */
  const fetched = [];
  /** @type {Error | null} */
  let failure = null;
  const queue = [...jars];
  const worker = async () => {
    for (let jar = queue.shift(); jar && !failure; jar = queue.shift()) {
      const target = path.join(lib, jar.fileName);
      if (fs.existsSync(target) && (await fileSha256(target)) === jar.sha256) {
        onProgress(jar.bytes);
        continue;
      }
      try {
        await fetchJar(jar, target, options.repository, onProgress);
        fetched.push(jar.coordinates);
      } catch (error) {
        failure ??= /** @type {Error} */ (error);
      }
    }
  };
  // Every worker is awaited, failed or not: none is still writing when this returns.
  await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, worker));
  if (failure) throw failure;
  return { fetched };
}

/**
 * @param {LockedJar} jar
 * @param {string} target
 * @param {string} repository
 * @param {(bytes: number) => void} onProgress
 */
async function fetchJar(jar, target, repository, onProgress) {
  const url = `${repository.replace(/\/+$/, '')}/${jar.path}`;
  const host = new URL(url).host;
  const temporary = `${target}.${process.pid}.part`;
  const hash = crypto.createHash('sha256');
  try {
    /** @type {Response} */
    let response;
    try {
      response = await fetch(url);
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new Error(
          `neo4j-local: ${host} answered HTTP ${response.status} for ${jar.coordinates} (set LORE_MAVEN_REPOSITORY to a mirror)`,
        );
      }
      const body = Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream} */ (response.body));
      const hashing = new Transform({
        transform(chunk, _encoding, next) {
          hash.update(chunk);
          onProgress(chunk.length);
          next(null, chunk);
        },
      });
      await pipeline(body, hashing, fs.createWriteStream(temporary));
    } catch (error) {
      const err = /** @type {Error & { cause?: Error }} */ (error);
      if (err.message.startsWith('neo4j-local:')) throw err;
      throw new Error(
        `neo4j-local: could not fetch ${jar.coordinates} from ${host}: ${err.cause?.message ?? err.message} (set LORE_MAVEN_REPOSITORY to a mirror)`,
        { cause: error },
      );
    }
    const actual = hash.digest('hex');
    if (actual !== jar.sha256) {
      throw new Error(
        `neo4j-local: ${jar.coordinates} from ${host} does not match its checksum in dependencies.lock (sha256 ${actual}, expected ${jar.sha256}); it was not kept`,
      );
    }
    fs.renameSync(temporary, target);
  } finally {
    unlinkQuiet(temporary);
  }
}

/** Downloads left by a process that died mid-way (Ctrl-C, a crash): their pid is in their name. */
function removeAbandonedDownloads(/** @type {string} */ lib) {
  for (const name of fs.readdirSync(lib)) {
    const pid = Number(/\.(\d+)\.part$/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      unlinkQuiet(path.join(lib, name));
    }
  }
}

/** @param {string} file @returns {Promise<string>} */
function fileSha256(file) {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** @param {'javac' | 'jar'} name @returns {string} the JDK's tool: $JAVA_HOME/bin first, else PATH */
function jdkTool(name) {
  const home = process.env.JAVA_HOME;
  const candidate = home ? path.join(home, 'bin', process.platform === 'win32' ? `${name}.exe` : name) : '';
  return candidate && fs.existsSync(candidate) ? candidate : name;
}

/** @param {'javac' | 'jar'} name @param {string[]} args @returns {string} its output */
function runJdkTool(name, args) {
  const tool = jdkTool(name);
  const res = spawnSync(tool, args, { cwd: TOOL_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (/** @type {NodeJS.ErrnoException | undefined} */ (res.error)?.code === 'ENOENT') {
    throw new Error(
      `neo4j-local: ${name} is not on PATH (nor in JAVA_HOME/bin): the launcher's one class is compiled at first start; install a JDK 17+, not only a JRE (Debian: apt-get install openjdk-17-jdk-headless)`,
    );
  }
  const output = `${res.stdout || ''}${res.stderr || ''}`;
  if (res.error || res.status !== 0) {
    throw new Error(`neo4j-local: ${name} failed (${res.error?.message ?? `exit ${res.status ?? res.signal}`})\n${tail(output, 40)}`);
  }
  return output;
}

/**
 * The thin jar Maven's jar plugin makes: the launcher's classes, and a manifest whose Class-Path
 * lists lib/ in the lock's (Maven's) order, in 72-byte lines as the jar format wants them.
 * @param {ReturnType<typeof buildPaths>} build
 * @param {LockedJar[]} jars
 * @returns {string} javac's and jar's output
 */
function compileLauncher(build, jars) {
  const mainClass = /<main\.class>\s*([^<\s]+)\s*<\/main\.class>/.exec(fs.readFileSync(POM, 'utf8'))?.[1];
  if (!mainClass) throw new Error(`neo4j-local: ${POM} names no <main.class>`);
  const work = fs.mkdtempSync(path.join(build.dir, '.compile-'));
  try {
    const classes = path.join(work, 'classes');
    const sources = filesBelow(SRC_DIR)
      .filter((file) => file.endsWith('.java'))
      .map((file) => path.join(SRC_DIR, file));
    const javac = runJdkTool('javac', [
      '--release',
      '17',
      '-encoding',
      'UTF-8',
      '-proc:none',
      '-d',
      classes,
      '-cp',
      path.join(build.lib, '*'),
      ...sources,
    ]);
    const classPath = `Class-Path: ${jars.map((jar) => `lib/${jar.fileName}`).join(' ')}`;
    const wrapped = [classPath.slice(0, 72)];
    for (let at = 72; at < classPath.length; at += 71) wrapped.push(` ${classPath.slice(at, at + 71)}`);
    const manifest = path.join(work, 'MANIFEST.MF');
    fs.writeFileSync(manifest, ['Manifest-Version: 1.0', `Main-Class: ${mainClass}`, ...wrapped, ''].join('\n'));
    const jar = path.join(work, 'neo4j-local.jar');
    const packed = runJdkTool('jar', ['--create', '--file', jar, '--manifest', manifest, '-C', classes, '.']);
    fs.renameSync(jar, build.jar);
    return javac + packed;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
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
 * @property {Record<string, string>} [settings] Neo4j settings by name, over the ones sized from the
 *   machine (e.g. { "db.memory.transaction.total.max": "64m" })
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
 * @param {ReturnType<typeof buildPaths>} build
 * @param {boolean} wanted
 * @returns {{ mode: 'off' | 'use' | 'dump', flags: string[], dumpFile: string | null }}
 */
function cdsPlan(build, wanted) {
  if (!wanted || mtime(build.cdsDisabledMarker) > mtime(build.jar)) return { mode: 'off', flags: [], dumpFile: null };
  if (mtime(build.cdsArchive) > mtime(build.jar)) {
    return { mode: 'use', flags: [`-XX:SharedArchiveFile=${build.cdsArchive}`], dumpFile: null };
  }
  const dumpFile = `${build.cdsArchive}.${process.pid}.${Date.now()}.tmp`;
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
  const build = buildPaths(buildDirectory());
  if (mtime(build.jar) < 0) {
    throw new Error(`neo4j-local: ${build.jar} is missing; call ensureBuilt() first`);
  }
  const cdsWanted = options.cds ?? process.env.LORE_NEO4J_CDS !== '0';
  const plan = cdsPlan(build, cdsWanted);
  try {
    return await startOnce(options, port, build, plan);
  } catch (e) {
    const err = /** @type {Error & { earlyCdsFailure?: boolean }} */ (e);
    if (plan.mode === 'off' || !err.earlyCdsFailure) throw err;
    // This JVM cannot use/dump a CDS archive (e.g. no base archive): remember, retry without.
    try {
      fs.writeFileSync(build.cdsDisabledMarker, `${err.message}\n`);
    } catch {
      /* the build directory is not writable: we just retry every time */
    }
    if (plan.mode === 'use') unlinkQuiet(build.cdsArchive);
    return startOnce(options, port, build, { mode: 'off', flags: [], dumpFile: null });
  }
}

/**
 * @param {Neo4jLocalOptions} options
 * @param {number} port
 * @param {ReturnType<typeof buildPaths>} build
 * @param {ReturnType<typeof cdsPlan>} cds
 * @returns {Promise<Neo4jLocalHandle>}
 */
function startOnce(options, port, build, cds) {
  const dataDir = path.resolve(options.dataDir || DEFAULT_DATA_DIR);
  const password = options.password || process.env.NEO4J_PASSWORD || DEFAULT_PASSWORD;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const echo = options.echo ?? !!process.env.LORE_DEBUG_NEO4J;

  const memory = memoryArgs(memoryPlan(os.totalmem()), options.settings);
  const args = [
    ...JVM_FLAGS,
    ...memory.jvm,
    ...cds.flags,
    ...splitOpts(process.env.LORE_NEO4J_JAVA_OPTS),
    ...splitOpts(options.javaOpts),
    '-jar',
    build.jar,
    '--port',
    String(port),
    '--data',
    dataDir,
    ...memory.neo4j,
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
      unlinkQuiet(build.cdsArchive); // stale for this JVM/flags: the next start makes a new one
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
        if (code === 0 && mtime(cds.dumpFile) > 0) fs.renameSync(cds.dumpFile, build.cdsArchive);
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
  await ensureBuilt({ quiet: false });
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
  buildDirectory,
  readLock,
  fetchDependencies,
  startNeo4jLocal,
  findFreePort,
  JVM_FLAGS,
  memoryPlan,
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
