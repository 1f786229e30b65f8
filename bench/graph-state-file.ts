/**
 * Graph state file micro-benchmark, without Neo4j, on the synthetic typeorm-sized repository (26,000
 * nodes, ~116,000 relationships): the states runs leave, the first index then one file changed per
 * run (as in bench/snapshot-diff.ts), written as the first write of a process (to a file of its own
 * each) and as a long-lived process writes them (one file, run after run); then the last one read
 * by a new process, as `lore index` reads it.
 *
 *   npm run bench:state -- [runs] [reads]
 *
 * Prints the file's size, and the median and fastest write (in this process) and read (each in a
 * fresh process): wall time, then CPU time (which varies less on a busy machine), in ms.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffSnapshot, emptyState, GraphStateFile, snapshotGraph, type GraphState } from '@lore/graph';
import { paths, REPOSITORY, snapshotsOf, symbolsOf, TENANT } from './synthetic-repository';

const DATABASE = 'bench';

function sizes(state: GraphState): string {
  let nodes = 0;
  let relationships = 0;
  for (const byUid of state.nodes.values()) nodes += byUid.size;
  for (const byFrom of state.relationships) for (const byTo of byFrom.values()) relationships += byTo.size;
  return `${nodes} nodes, ${relationships} relationships`;
}

interface Timing {
  wall: number;
  cpu: number;
}

function timed<T>(work: () => T): { result: T; timing: Timing } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = work();
  const wall = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  return { result, timing: { wall, cpu: (user + system) / 1000 } };
}

function medians(timings: Timing[]): string {
  const median = (values: number[]): string => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms (fastest ${sorted[0]!.toFixed(1)})`;
  };
  return `${median(timings.map((timing) => timing.wall))}, CPU ${median(timings.map((timing) => timing.cpu))}`;
}

/** In a child process: reads the file once and prints the time it took and what it read. */
function readOnce(cacheDir: string, version: string): void {
  const file = new GraphStateFile(cacheDir, DATABASE, TENANT, REPOSITORY);
  const { result: state, timing } = timed(() => file.read(version));
  console.log(JSON.stringify({ timing, read: state ? sizes(state) : null }));
}

function main(): void {
  const runs = Number(process.argv[2] ?? 10);
  const reads = Number(process.argv[3] ?? 5);
  const fileUids = paths.map((path) => `${TENANT}:${REPOSITORY}:${path}`);
  const symbolRows = paths.map((_, i) => symbolsOf(i, fileUids[i]!, false));
  const states: GraphState[] = [];
  let live = emptyState();
  for (let run = 0; run <= runs; run++) {
    const changed = run === 0 ? -1 : run;
    if (changed > 1) symbolRows[changed - 1] = symbolsOf(changed - 1, fileUids[changed - 1]!, false);
    if (changed > 0) symbolRows[changed] = symbolsOf(changed, fileUids[changed]!, true);
    const { syntactic, exact } = snapshotsOf(symbolRows, changed);
    const queryable = diffSnapshot(syntactic, snapshotGraph(syntactic), live, { keepResolvedEdgesOfUnchangedFiles: true });
    live = diffSnapshot(exact, snapshotGraph(exact), queryable.state, { keepResolvedEdgesOfUnchangedFiles: false }).state;
    states.push(live);
  }
  console.log(`state: ${sizes(live)}`);

  const scratch = mkdtempSync(join(tmpdir(), 'lore-bench-state-'));
  try {
    const write = (file: GraphStateFile, version: string, state: GraphState): Timing => timed(() => file.write(version, state)).timing;
    // Each to a file of its own: nothing this process wrote before is of use.
    const first = states.map((state, run) =>
      write(new GraphStateFile(join(scratch, 'first'), DATABASE, TENANT, `${run}`), randomUUID(), state),
    );
    const cacheDir = join(scratch, 'run-after-run');
    const file = new GraphStateFile(cacheDir, DATABASE, TENANT, REPOSITORY);
    let version = randomUUID();
    file.write(version, states[0]!);
    const next = states.slice(1).map((state) => write(file, (version = randomUUID()), state));
    const [name] = readdirSync(join(cacheDir, 'graph-state'));
    console.log(`file: ${(statSync(join(cacheDir, 'graph-state', name!)).size / 1e6).toFixed(1)} MB`);
    console.log(`write, first of a process (${first.length}): ${medians(first)}`);
    console.log(`write, run after run (${next.length}, one file changed each): ${medians(next)}`);

    const readTimings: Timing[] = [];
    for (let i = 0; i < reads; i++) {
      const child = spawnSync(process.execPath, [__filename, 'read', cacheDir, version], { encoding: 'utf8' });
      const { timing, read } = JSON.parse(child.stdout) as { timing: Timing; read: string | null };
      if (read !== sizes(states.at(-1)!)) throw new Error(`read back ${read}`);
      readTimings.push(timing);
    }
    console.log(`read (${reads}, each in a fresh process): ${medians(readTimings)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'read') readOnce(process.argv[3]!, process.argv[4]!);
else main();
