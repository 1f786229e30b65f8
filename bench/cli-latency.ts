/**
 * How long a `lore` command takes end to end, as a person typing it waits: `lore --version`, and
 * queries (`lore tree`, `lore impact applyDiscount`) answered by the Lore `lore up` serves (the thin
 * client) and by the services opened in the command itself (LORE_NO_SERVER=1), and `lore index .` of
 * the unchanged repository in the command. p50 and p95 of each.
 *
 *   npm run bench:cli -- [--runs n]
 *
 * Starts `lore up` on a copy of the order-service fixture with its own local Neo4j (free ports, a
 * scratch data and config directory), so it needs `npm run neo4j:build` once. Figures go in
 * docs/benchmarks.md with the command and the machine load.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ScratchDirectories } from './scratch';
import { LORE, freePort, percentile } from './served-fixtures';

const ROOT = join(__dirname, '..', '..');

const COMMANDS: { label: string; args: string[]; env?: Record<string, string> }[] = [
  { label: 'lore --version', args: ['--version'] },
  { label: 'lore tree (running Lore)', args: ['tree'] },
  { label: 'lore impact applyDiscount (running Lore)', args: ['impact', 'applyDiscount'] },
  { label: 'lore impact applyDiscount (services in the command)', args: ['impact', 'applyDiscount'], env: { LORE_NO_SERVER: '1' } },
  // Nothing changed since `lore up` indexed: what is left is the command's start, its services and the check.
  { label: 'lore index . (services in the command)', args: ['index', '.'], env: { LORE_NO_SERVER: '1' } },
];

async function main(): Promise<void> {
  const index = process.argv.indexOf('--runs');
  const runs = index === -1 ? 10 : Number(process.argv[index + 1]);
  const scratch = new ScratchDirectories();
  const repository = scratch.make('lore-bench-cli-repo-');
  cpSync(join(ROOT, 'test', 'fixtures', 'order-service'), repository, { recursive: true });
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=bench', '-c', 'user.email=bench@lore', 'commit', '-qm', 'fixture'],
  ])
    execFileSync('git', args, { cwd: repository });
  const boltPort = await freePort();
  const env = {
    ...process.env,
    // Where `lore up`'s Neo4j listens, for the command that opens the services itself (it asks no server).
    NEO4J_URI: `bolt://127.0.0.1:${boltPort}`,
    XDG_CONFIG_HOME: scratch.make('lore-bench-cli-config-'),
    NEO4J_PASSWORD: 'bench-cli-password',
    LORE_PORT: String(await freePort()),
    // A busy machine is measured as it is: its answers late, not refused.
    LORE_REQUEST_TIMEOUT_MS: '300000',
  };
  const up = spawn(
    process.execPath,
    [LORE, 'up', '.', '--no-watch', '--bolt-port', String(boltPort), '--data', scratch.make('lore-bench-cli-neo4j-')],
    {
      cwd: repository,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  try {
    await serving(up);
    process.stdout.write(
      `cli latency, ${runs} runs each, ${cpus().length} cores, load ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}\n`,
    );
    for (const command of COMMANDS) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const started = process.hrtime.bigint();
        const result = spawnSync(process.execPath, [LORE, ...command.args], {
          cwd: repository,
          env: { ...env, ...command.env },
          encoding: 'utf8',
        });
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (result.status !== 0) throw new Error(`${command.label} exited ${result.status}: ${result.stderr}`);
      }
      times.sort((a, b) => a - b);
      process.stdout.write(
        `  ${command.label.padEnd(52)} p50 ${(percentile(times, 50) / 1000).toFixed(2)} s  p95 ${(percentile(times, 95) / 1000).toFixed(2)} s\n`,
      );
    }
    process.stdout.write(
      `load after: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}\n`,
    );
  } finally {
    up.kill('SIGINT');
    await new Promise((done) => up.once('exit', done));
    scratch.removeAll();
  }
}

/** Resolves once `lore up` says its server listens; rejects if it exits first. */
function serving(up: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    up.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Lore listening on')) resolve();
    });
    up.once('exit', (code) => reject(new Error(`lore up exited ${code}:\n${log}`)));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
