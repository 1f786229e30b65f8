import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The HTTP server (apps/server: every door) as a child process with this process's environment and
 * an IPC channel: when this process dies, however it dies, the channel closes and the server stops
 * (apps/server/src/main.ts), so no orphan keeps the port.
 */
export function spawnServer(): ChildProcess {
  return spawn(process.execPath, [resolve(__dirname, '..', '..', 'server', 'src', 'main.js')], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: process.env,
  });
}
