import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The HTTP server (apps/server: every door) as a child process with this process's environment. */
export function spawnServer(): ChildProcess {
  return spawn(process.execPath, [resolve(__dirname, '..', '..', 'server', 'src', 'main.js')], { stdio: 'inherit', env: process.env });
}
