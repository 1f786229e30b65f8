import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitFixture } from '../support/fixtures';
import { LORE_BIN, freePort, killOutright, runCli } from '../support/processes';

/**
 * `lore up` as a user's machine treats it: killed outright, then started again on the same ports;
 * and refused, clearly and before anything starts, when a port it needs is taken.
 */
const PASSWORD = 'lore-up-e2e';

interface Up {
  process: ChildProcess;
  output: () => string;
}

function startUp(repository: string, ports: { http: number; bolt: number }, dataDir: string): Up {
  const child = spawn(
    process.execPath,
    [
      LORE_BIN,
      'up',
      repository,
      '--name',
      'order-service',
      '--port',
      String(ports.http),
      '--bolt-port',
      String(ports.bolt),
      '--data',
      dataDir,
      '--no-watch',
    ],
    { env: { ...process.env, NEO4J_PASSWORD: PASSWORD, LORE_TENANT: 'lore-up' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output };
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const answers = (http: number) => () =>
  fetch(`http://127.0.0.1:${http}/api/v1/symbols?name=applyDiscount`).then(
    (response) => response.ok,
    () => false,
  );

/** Whether something accepts connections on the port (an orphan holding it would). */
function listening(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
  );
}

function hold(port: number): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('lore up', () => {
  it('killed outright, leaves no process holding its ports, and starts again on the same ones', async () => {
    const repository = gitFixture('order-service').path;
    const ports = { http: await freePort(), bolt: await freePort() };
    const dataDir = mkdtempSync(join(tmpdir(), 'lore-up-neo4j-'));

    const first = startUp(repository, ports, dataDir);
    await until(answers(ports.http), 240_000, 'the first lore up did not answer', first.output);
    // The process doing the work (bin/lore.js starts Node again for indexing commands) is killed as
    // the OOM killer or `kill -9` would: no handler runs, only what the kernel closes.
    killOutright(first.process);
    // The server and Neo4j follow their parent: nothing answers on the HTTP port, and Bolt's port is free again.
    await until(async () => !(await listening(ports.http)), 30_000, 'the HTTP server outlived lore up', first.output);
    await until(
      () =>
        hold(ports.bolt).then(
          (server) => new Promise<boolean>((resolve) => server.close(() => resolve(true))),
          () => false,
        ),
      60_000,
      'the local Neo4j outlived lore up',
      first.output,
    );

    const second = startUp(repository, ports, dataDir);
    await until(answers(ports.http), 240_000, 'lore up did not start again on the same ports', second.output);
    const symbol = (await (await fetch(`http://127.0.0.1:${ports.http}/api/v1/symbols?name=applyDiscount`)).json()) as {
      symbol: { qualifiedName: string };
    };
    expect(symbol.symbol.qualifiedName).toBe('applyDiscount');
    const exited = new Promise<number | null>((resolve) => second.process.once('exit', resolve));
    second.process.kill('SIGTERM');
    expect(await exited).not.toBeNull();
    await until(async () => !(await listening(ports.http)), 30_000, 'the HTTP server outlived a stopped lore up', second.output);
  }, 600_000);

  it('refuses a busy HTTP or Bolt port before anything starts, naming the port and the flag', async () => {
    const repository = gitFixture('order-service').path;
    const busy = await freePort();
    const holder = await hold(busy);
    try {
      const free = await freePort();
      const env = { NEO4J_PASSWORD: PASSWORD };
      const data = mkdtempSync(join(tmpdir(), 'lore-up-neo4j-'));
      const http = await runCli(['up', repository, '--port', String(busy), '--bolt-port', String(free), '--data', data, '--no-watch'], env);
      expect(http.code).toBe(2);
      expect(http.stderr).toContain(`error (invalid_input): Port ${busy} on 127.0.0.1 (the HTTP server) is already in use.`);
      expect(http.stderr).toContain('hint: Stop the process that holds it, or choose another with --port or LORE_PORT.');
      expect(http.stderr).not.toContain('starting the local Neo4j');

      const bolt = await runCli(['up', repository, '--port', String(free), '--bolt-port', String(busy), '--data', data, '--no-watch'], env);
      expect(bolt.code).toBe(2);
      expect(bolt.stderr).toContain(`error (invalid_input): Port ${busy} on 127.0.0.1 (the local Neo4j's Bolt) is already in use.`);
      expect(bolt.stderr).toContain('choose another with --bolt-port.');

      const serve = await runCli(['serve'], { LORE_HOST: '127.0.0.1', LORE_PORT: String(busy) });
      expect(serve.code).toBe(2);
      expect(serve.stderr).toContain(`error (invalid_input): Port ${busy} on 127.0.0.1 (the HTTP server) is already in use.`);
      expect(serve.stderr).toContain('choose another with LORE_PORT.');
    } finally {
      holder.close();
    }
  }, 120_000);

  it('lore index --progress-json: progress lines a script can follow on stderr, the summary alone on stdout', async () => {
    const repository = gitFixture('order-service');
    const run = await runCli(['index', repository.path, '--name', 'order-service', '--json', '--progress-json'], {
      LORE_TENANT: 'lore-progress',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ repositoryId: 'order-service', commitSha: repository.commitSha, status: 'completed' });
    const lines = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('{"progress"'))
      .map((line) => (JSON.parse(line) as { progress: { phase: string; done: number; total: number; unit: string } }).progress);
    const phases = lines.map((line) => line.phase).filter((phase, i, all) => phase !== all[i - 1]);
    expect(phases).toEqual(['reading', 'extracting', 'writing', 'resolving', 'writing']);
    const lastOfReading = lines.filter((line) => line.phase === 'reading').at(-1)!;
    expect(lastOfReading).toMatchObject({ done: lastOfReading.total, unit: 'files' });
    expect(lines.every((line) => line.done <= line.total)).toBe(true);
  }, 120_000);
});
