import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { gitFixture } from '../support/fixtures';
import { freePort } from '../support/processes';

/**
 * Lore as a user installs it: `npm pack`, `npm install --global` into a scratch prefix, then the
 * installed `lore up` in a repository outside this checkout (a fixture copied to a temp dir, its own
 * git repository), asked over MCP stdio (`lore mcp`, the official SDK client) and REST, and stopped.
 *
 * The pack skips `prepack` (`npm run build`): the test run built dist/ already, and a build empties
 * dist/ under the suites running beside this one. The installed package runs with no Maven on PATH:
 * it fetches Neo4j's jars (tools/neo4j-local/dependencies.lock) into the user's cache from a Maven
 * repository, here one on 127.0.0.1 (LORE_MAVEN_REPOSITORY) serving the jars this checkout's Maven
 * build copied, and checks each against the lock: once with a jar tampered with, which is refused,
 * then whole.
 */
const CHECKOUT = join(__dirname, '..', '..');
const REPO = 'order-service';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const launcher = require('../../tools/neo4j-local/launcher.js') as typeof import('../../tools/neo4j-local/launcher');
const TAMPERED = 'org/neo4j/neo4j/5.26.30/neo4j-5.26.30.jar';

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    ),
  );
}

/**
 * PATH as it is, less `command`: each directory that holds it is replaced by one of links to all its
 * other entries (a directory reached twice, /bin beside /usr/bin, is kept once).
 */
function pathWithout(command: string, scratch: string): string {
  const seen = new Set<string>();
  return process.env
    .PATH!.split(':')
    .filter((dir) => existsSync(dir) && !seen.has(realpathSync(dir)) && seen.add(realpathSync(dir)))
    .map((dir, index) => {
      if (!existsSync(join(dir, command))) return dir;
      const copy = join(scratch, `path-${index}`);
      mkdirSync(copy);
      for (const name of readdirSync(dir)) if (name !== command) symlinkSync(join(dir, name), join(copy, name));
      return copy;
    })
    .join(':');
}

/**
 * The user's environment: their own config, data and cache directories, no Maven, Neo4j's jars from
 * `repository`, and no Neo4j of the test run's.
 */
function userEnvironment(home: string, repository: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env))
    if (name.startsWith('NEO4J_') || name.startsWith('LORE_') || name.startsWith('npm_')) delete env[name];
  return {
    ...env,
    PATH: pathWithout('mvn', home),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    LORE_MAVEN_REPOSITORY: repository,
    // One start of this Neo4j: writing the class-data archive would cost more than it saves.
    LORE_NEO4J_CDS: '0',
  };
}

/**
 * A Maven repository on 127.0.0.1 serving the locked jars from this checkout's Maven build (its lib/),
 * or `tampered` bytes for TAMPERED while set; it records each path it answered 200 for.
 */
async function localMavenRepository(): Promise<{ url: string; served: string[]; tampered: { bytes: string | null }; server: Server }> {
  const lib = join(launcher.buildDirectory(), 'lib');
  const files = new Map(launcher.readLock().map((jar) => [jar.path, join(lib, jar.fileName)]));
  const served: string[] = [];
  const tampered = { bytes: null as string | null };
  const server = createServer((request, response) => {
    const path = request.url!.replace(/^\/maven2\//, '');
    const file = files.get(path);
    if (!file) {
      response.statusCode = 404;
      response.end();
    } else if (path === TAMPERED && tampered.bytes !== null) response.end(tampered.bytes);
    else {
      served.push(path);
      createReadStream(file).pipe(response);
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/maven2`, served, tampered, server };
}

const sha256 = (content: string | Buffer): string => createHash('sha256').update(content).digest('hex');

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

describe('the packed package, installed into a prefix', () => {
  let up: ChildProcess | undefined;
  let maven: Awaited<ReturnType<typeof localMavenRepository>> | undefined;
  const scratch = mkdtempSync(join(tmpdir(), 'lore-installed-'));

  afterAll(async () => {
    if (up && up.exitCode === null) {
      const exited = new Promise((resolve) => up!.once('exit', resolve));
      up.kill('SIGTERM');
      await exited;
    }
    if (maven) await new Promise((closed) => maven!.server.close(closed));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('installs, indexes a repository outside the checkout with `lore up` (no Maven: the locked jars fetched and checked), and serves it over MCP stdio and REST', async () => {
    maven = await localMavenRepository();
    const env = userEnvironment(scratch, maven.url);
    expect(spawnSync('sh', ['-c', 'command -v mvn'], { env }).status).not.toBe(0);
    expect(spawnSync('sh', ['-c', 'command -v java && command -v javac && command -v git'], { env }).status).toBe(0);
    const timings: string[] = [];

    let started = Date.now();
    await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch], { cwd: CHECKOUT, env });
    const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBe('lore-0.1.0.tgz');
    timings.push(`pack ${seconds(started)}`);

    started = Date.now();
    const prefix = join(scratch, 'prefix');
    mkdirSync(prefix);
    await run(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--ignore-scripts',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(scratch, tarball!),
      ],
      {
        cwd: scratch,
        env,
      },
    );
    timings.push(`install ${seconds(started)}`);
    const lore = join(prefix, 'bin', 'lore');

    const repository = gitFixture(REPO);
    expect(repository.path.startsWith(CHECKOUT)).toBe(false);
    expect((await run(lore, ['--version'], { cwd: repository.path, env })).trim()).toBe('0.1.0');

    // The installed launcher's build directory: the user's cache, keyed by the Neo4j version and the sources.
    const installedLauncher = join(prefix, 'lib', 'node_modules', 'lore', 'tools', 'neo4j-local', 'launcher.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const build = (require(installedLauncher) as typeof launcher).buildDirectory(env);
    expect(build.startsWith(join(scratch, 'cache', 'lore', 'neo4j-local', '5.26.30-'))).toBe(true);
    const jars = launcher.readLock();
    const host = new URL(maven.url).host;

    // A jar that is not what the lock says: `lore up` refuses it in one line naming it, and keeps nothing half-written.
    const ports = { http: await freePort(), bolt: await freePort() };
    maven.tampered.bytes = 'not the neo4j jar';
    const refused = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(lore, ['up', '--port', String(ports.http), '--bolt-port', String(ports.bolt), '--no-watch'], {
        cwd: repository.path,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => done({ code, stderr }));
    });
    expect(refused.code).toBe(4);
    expect(refused.stderr.split('\n').filter((line) => line.startsWith('error'))).toEqual([
      `error (unavailable): neo4j-local: org.neo4j:neo4j:5.26.30 from ${host} does not match its checksum in dependencies.lock ` +
        `(sha256 ${sha256('not the neo4j jar')}, expected ${jars[0]!.sha256}); it was not kept`,
    ]);
    // What the cache holds is whole and checked (the jars fetched beside the refused one); no launcher jar yet.
    const kept = readdirSync(join(build, 'lib'));
    expect(kept).not.toContain('neo4j-5.26.30.jar');
    expect(kept.filter((name) => !jars.some((jar) => jar.fileName === name))).toEqual([]);
    for (const name of kept) expect(sha256(readFileSync(join(build, 'lib', name)))).toBe(jars.find((jar) => jar.fileName === name)!.sha256);
    expect(existsSync(join(build, 'neo4j-local.jar'))).toBe(false);
    maven.tampered.bytes = null;

    started = Date.now();
    // In the repository, with no path, no password and no data directory given: what a new user types.
    up = spawn(lore, ['up', '--port', String(ports.http), '--bolt-port', String(ports.bolt), '--no-watch'], {
      cwd: repository.path,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    up.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    up.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const rest = `http://127.0.0.1:${ports.http}/api/v1`;
    const answers = (): Promise<boolean> =>
      fetch(`${rest}/symbols?name=applyDiscount`).then(
        (response) => response.ok,
        () => false,
      );
    await until(answers, 300_000, 'the installed lore up did not answer', () => output);
    timings.push(`first lore up ${seconds(started)}`);
    expect(output).toContain(
      `neo4j-local: fetching Neo4j 5.26.30's 213 jars (122 MB, checksummed) from ${host} into ${join(build, 'lib')}\n`,
    );
    expect(output).toContain(`neo4j-local: built in `);
    // Every locked jar was served whole once, over both runs: the refused run's checked jars were kept, not fetched again.
    expect([...maven.served].sort()).toEqual(jars.map((jar) => jar.path).sort());
    expect(readdirSync(join(build, 'lib')).sort()).toEqual(jars.map((jar) => jar.fileName).sort());
    expect(output).toContain(`a new local Neo4j in ${join(scratch, 'data', 'lore', 'neo4j')}, with a random password`);
    expect(output).toContain(`indexed ${REPO} at ${repository.commitSha.slice(0, 12)}: 12 files`);

    const callers = (await (await fetch(`${rest}/callers?name=applyDiscount`)).json()) as {
      target: { qualifiedName: string; path: string };
      callers: { symbol: { qualifiedName: string }; distance: number; confidence: string }[];
    };
    expect(callers.target).toMatchObject({ qualifiedName: 'applyDiscount', path: 'src/pricing/discounts.ts' });
    expect(callers.callers.map(({ symbol, distance, confidence }) => [symbol.qualifiedName, distance, confidence])).toEqual([
      ['OrderService.placeOrder', 1, 'exact'],
    ]);

    // `lore mcp` as an agent starts it: the installed command, in the repository, finding the Neo4j `lore up` recorded.
    const client = new Client({ name: 'lore-installed-e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new StdioClientTransport({ command: lore, args: ['mcp'], cwd: repository.path, env: env as Record<string, string>, stderr: 'pipe' }),
    );
    try {
      const result = await client.callTool({ name: 'get_symbol', arguments: { name: 'OrderService.placeOrder' } });
      const { data } = result.structuredContent as {
        data: { symbol: { qualifiedName: string; path: string; commitSha: string; calls: { symbol: { qualifiedName: string } }[] } };
      };
      expect(data.symbol).toMatchObject({
        qualifiedName: 'OrderService.placeOrder',
        path: 'src/services/order-service.ts',
        commitSha: repository.commitSha,
      });
      expect(data.symbol.calls.map((call) => call.symbol.qualifiedName)).toEqual([
        'OrderValidator.validate',
        'orderTotal',
        'applyDiscount',
        'OrderRepository.save',
      ]);
    } finally {
      await client.close();
    }

    started = Date.now();
    const exited = new Promise<number | null>((resolve) => up!.once('exit', resolve));
    up.kill('SIGTERM');
    expect(await exited).not.toBeNull();
    timings.push(`stop ${seconds(started)}`);
    process.stderr.write(`[installed package] ${timings.join(', ')}\n`);
  }, 900_000);
});
