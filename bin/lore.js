#!/usr/bin/env node
// The `lore` command: runs the compiled CLI (build first with `npm run build`).
const { spawn } = require('node:child_process');

/**
 * Commands that index hold a large heap (a program's syntax trees) while they allocate a lot per run:
 * with V8's default 16 MB young generation, scavenges that scan that heap took half a second of a
 * one-file re-index of typeorm. And a watching process collects each run's garbage once the run is
 * done (`global.gc`), rather than carrying it into the next run's peak. V8 takes both only at start,
 * so these commands start Node again with them.
 */
const INDEXING_COMMANDS = new Set(['index', 'up', 'serve', 'worker']);
const INDEXING_FLAGS = ['--max-semi-space-size=64', '--expose-gc'];

const sized = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('--max-semi-space-size'));
if (INDEXING_COMMANDS.has(process.argv[2]) && !sized) {
  // Its own process group, so that a terminal's Ctrl-C reaches it once, through this process.
  const child = spawn(process.execPath, [...process.execArgv, ...INDEXING_FLAGS, __filename, ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
} else {
  if (process.send) {
    // Started by the branch above: when that process is gone (killed outright), stop as on a Ctrl-C.
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    process.channel.unref();
  }
  // Node 22.1+ keeps the code it compiled for these modules (in the OS's temporary directory) and
  // starts the next command from it: `lore --help` in about 0.5 s instead of 0.7 s. Node 20 has no such cache.
  require('node:module').enableCompileCache?.();
  require('../dist/apps/cli/src/main.js');
}
