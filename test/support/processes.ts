import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const LORE_BIN = join(__dirname, '..', '..', 'bin', 'lore.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `lore` CLI as a child process. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [LORE_BIN, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the real server (`lore serve`) on a free port and waits until it answers /health. */
export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [LORE_BIN, 'serve'], {
    env: { ...process.env, ...env, LORE_HOST: '127.0.0.1', LORE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // not left running past the suite that gave up on it
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Polls /ready until it answers 200. */
export async function waitUntilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/ready`).catch(() => null);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/**
 * Kills a `lore` process as the OOM killer or `kill -9` would, with the process doing its work:
 * bin/lore.js starts Node again for indexing commands, and that child, busy in a synchronous pass,
 * would otherwise notice its parent's death only when the pass ends, and finish the run.
 */
export function killOutright(child: ChildProcess): void {
  for (const pid of childrenOf(child.pid!)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  child.kill('SIGKILL');
}

/** The processes whose parent is `pid` (Linux: /proc/<pid>/task/<pid>/children). */
function childrenOf(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children === '' ? [] : children.split(/\s+/).map(Number);
  } catch {
    return [];
  }
}
