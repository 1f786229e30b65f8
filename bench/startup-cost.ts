/**
 * What a process pays before it does anything: the CPU each `lore` command's modules take to load
 * (each CLI call, server and `lore mcp` pays it at start; the e2e suites start hundreds), and which of
 * the heavy packages that only some runs use were loaded anyway. Each command is loaded in a fresh
 * Node, `--runs` times; the median is printed.
 *
 *   npm run bench:startup -- [--runs n] [command ...]     (default: read impact tree serve mcp index)
 *
 * Figures go in docs/benchmarks.md with the command and the machine load.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { percentile } from './served-fixtures';

const COMMANDS_DIR = join(__dirname, '..', 'apps', 'cli', 'src', 'commands');
const DEFAULT_COMMANDS = ['read', 'impact', 'tree', 'serve', 'mcp', 'index'];

/** Packages that only an index run, a configured queue, Qdrant or model, or a token count need. */
const ON_USE_PACKAGES = ['typescript', 'gpt-tokenizer', 'bullmq', '@qdrant/js-client-rest', 'openai'];

/** Loads one command file in this Node and prints its CPU and the on-use packages it pulled in. */
const PROBE = `
const started = process.cpuUsage();
require(process.argv[1]);
const used = process.cpuUsage(started);
const loaded = ${JSON.stringify(ON_USE_PACKAGES)}.filter((name) =>
  Object.keys(require.cache).some((file) => file.includes('/node_modules/' + name + '/')));
console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1000, modules: Object.keys(require.cache).length, loaded }));
`;

interface Probe {
  cpuMs: number;
  modules: number;
  loaded: string[];
}

function probe(command: string): Probe {
  const file = join(COMMANDS_DIR, `${command}.command.js`);
  const result = spawnSync(process.execPath, ['-e', PROBE, file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`loading ${file} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as Probe;
}

function main(): void {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt === -1 ? 5 : Number(args[runsAt + 1]);
  const named = args.filter((arg, i) => arg !== '--runs' && i !== runsAt + 1);
  const commands = named.length > 0 ? named : DEFAULT_COMMANDS;
  console.log(`load ${loadavg()[0].toFixed(1)}, ${runs} runs each`);
  console.log('command  | CPU to load (median) | modules | on-use packages loaded');
  for (const command of commands) {
    const probes = Array.from({ length: runs }, () => probe(command));
    const cpu = percentile(
      probes.map((p) => p.cpuMs).sort((a, b) => a - b),
      50,
    );
    console.log(
      `${command.padEnd(8)} | ${cpu.toFixed(0).padStart(7)} ms | ${probes[0]!.modules} | ${probes[0]!.loaded.join(', ') || 'none'}`,
    );
  }
  console.log(`load ${loadavg()[0].toFixed(1)} at the end`);
}

main();
