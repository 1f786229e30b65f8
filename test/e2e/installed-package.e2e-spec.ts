import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
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
 * dist/ under the suites running beside this one. The installed package builds its Neo4j into the
 * cache directory it is given; CI points it at this checkout's Maven build (LORE_NEO4J_LOCAL_HOME),
 * which is the same jar, so Maven runs once per CI run.
 */
const CHECKOUT = join(__dirname, '..', '..');
const REPO = 'order-service';

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    ),
  );
}

/** The user's environment: their own config, data and cache directories, and no Neo4j of the test run's. */
function userEnvironment(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env))
    if (name.startsWith('NEO4J_') || name.startsWith('LORE_') || name.startsWith('npm_')) delete env[name];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require('../../tools/neo4j-local/launcher.js') as typeof import('../../tools/neo4j-local/launcher');
  return {
    ...env,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    LORE_NEO4J_LOCAL_HOME: launcher.buildDirectory(),
    // One start of this Neo4j: writing the class-data archive would cost more than it saves.
    LORE_NEO4J_CDS: '0',
  };
}

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

  afterAll(async () => {
    if (up && up.exitCode === null) {
      const exited = new Promise((resolve) => up!.once('exit', resolve));
      up.kill('SIGTERM');
      await exited;
    }
  });

  it('installs, indexes a repository outside the checkout with `lore up`, and serves it over MCP stdio and REST', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'lore-installed-'));
    const env = userEnvironment(scratch);
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

    const ports = { http: await freePort(), bolt: await freePort() };
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
