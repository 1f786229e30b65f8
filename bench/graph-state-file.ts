/**
 * Graph state file micro-benchmark, without Neo4j: the state a run leaves on the synthetic
 * typeorm-sized repository (26,000 nodes, ~116,000 relationships) written as a long-lived process
 * writes it after each run (a new version each time), then read by a new process, as `lore index`
 * reads it.
 *
 *   npm run bench:state -- [writes] [reads]
 *
 * Prints the file's size, and the median and fastest write (in this process) and read (each in a
 * fresh process), in ms.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyState, GraphStateFile, type GraphState } from '../libs/graph/src/graph-state-file';
import { snapshotGraph } from '../libs/graph/src/snapshot-graph';
import { diffSnapshot } from '../libs/graph/src/snapshot-diff';
import { paths, REPOSITORY, snapshotsOf, symbolsOf, TENANT } from './synthetic-repository';

const DATABASE = 'bench';

function sizes(state: GraphState): string {
  let nodes = 0;
  let relationships = 0;
  for (const byUid of state.nodes.values()) nodes += byUid.size;
  for (const byFrom of state.relationships) for (const byTo of byFrom.values()) relationships += byTo.size;
  return `${nodes} nodes, ${relationships} relationships`;
}

function median(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms (fastest ${sorted[0]!.toFixed(1)})`;
}

/** In a child process: reads the file once and prints the time it took and what it read. */
function readOnce(cacheDir: string, version: string): void {
  const started = performance.now();
  const state = new GraphStateFile(cacheDir, DATABASE, TENANT, REPOSITORY).read(version);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, read: state ? sizes(state) : null }));
}

function main(): void {
  const writes = Number(process.argv[2] ?? 10);
  const reads = Number(process.argv[3] ?? 5);
  const symbolRows = paths.map((path, i) => symbolsOf(i, `${TENANT}:${REPOSITORY}:${path}`, false));
  const { exact } = snapshotsOf(symbolRows, -1);
  const state = diffSnapshot(exact, snapshotGraph(exact), emptyState(), { keepResolvedEdgesOfUnchangedFiles: false }).state;
  console.log(`state: ${sizes(state)}`);

  const cacheDir = mkdtempSync(join(tmpdir(), 'lore-bench-state-'));
  try {
    const file = new GraphStateFile(cacheDir, DATABASE, TENANT, REPOSITORY);
    const writeMs: number[] = [];
    let version = '';
    for (let i = 0; i < writes; i++) {
      version = randomUUID();
      const started = performance.now();
      file.write(version, state);
      writeMs.push(performance.now() - started);
    }
    const [name] = readdirSync(join(cacheDir, 'graph-state'));
    console.log(`file: ${(statSync(join(cacheDir, 'graph-state', name!)).size / 1e6).toFixed(1)} MB`);
    console.log(`write (${writes}, this process): ${median(writeMs)}`);

    const readMs: number[] = [];
    for (let i = 0; i < reads; i++) {
      const child = spawnSync(process.execPath, [__filename, 'read', cacheDir, version], { encoding: 'utf8' });
      const { ms, read } = JSON.parse(child.stdout) as { ms: number; read: string | null };
      if (read !== sizes(state)) throw new Error(`read back ${read}`);
      readMs.push(ms);
    }
    console.log(`read (${reads}, each in a fresh process): ${median(readMs)}`);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'read') readOnce(process.argv[3]!, process.argv[4]!);
else main();
