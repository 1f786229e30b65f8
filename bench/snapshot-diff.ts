/**
 * Snapshot diff micro-benchmark: the CPU work of writing a snapshot in a long-lived process after a
 * one-file change, without Neo4j. A synthetic repository of typeorm's size (3,000 files, 21,000
 * symbols, ~110,000 relationships) is indexed once, then each iteration changes another file
 * (appends a function; the file changed before is restored) and runs what a run does before its
 * transactions: snapshotGraph and the diff of the syntactic snapshot against the live state
 * (keeping the resolved edges of unchanged files), then of the exact snapshot against the state that
 * left. Rows are shared between runs as the indexer shares them: symbol rows of unchanged files are
 * the same objects; files, calls, imports, tests and documents are new rows each run.
 *
 *   npm run bench:diff -- [iterations]
 *
 * Prints the median and the fastest iteration, in ms: wall time, the GC pauses within it, and CPU time.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { diffSnapshot, emptyState, snapshotGraph, type SnapshotDiff } from '@lore/graph';
import { paths, REPOSITORY, snapshotsOf, symbolsOf, TENANT } from './synthetic-repository';

const count = (diff: SnapshotDiff): string => {
  const sum = <T>(map: Map<unknown, T[]>): number => [...map.values()].reduce((total, rows) => total + rows.length, 0);
  return `+${sum(diff.nodeCreates)}/~${sum(diff.nodeUpdates)}/-${sum(diff.nodeDeletes)} nodes, +${sum(diff.relationshipCreates)}/~${sum(diff.relationshipUpdates)}/-${sum(diff.relationshipDeletes)} relationships`;
};

async function main(): Promise<void> {
  const iterations = Number(process.argv[2] ?? 12);
  const pauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration })),
  );
  observer.observe({ entryTypes: ['gc'] });

  const fileUids = paths.map((path) => `${TENANT}:${REPOSITORY}:${path}`);
  const symbolRows = paths.map((_, i) => symbolsOf(i, fileUids[i]!, false));
  let live = emptyState();
  const runs: { graph: number; diff: number; cpu: number; window: [number, number] }[] = [];
  for (let iteration = 0; iteration <= iterations; iteration++) {
    // Iteration 0 is the first index (everything created); then file 1, 2, ... changes in turn.
    const changed = iteration === 0 ? -1 : iteration;
    if (changed > 1) symbolRows[changed - 1] = symbolsOf(changed - 1, fileUids[changed - 1]!, false);
    if (changed > 0) symbolRows[changed] = symbolsOf(changed, fileUids[changed]!, true);
    const { syntactic, exact } = snapshotsOf(symbolRows, changed);

    const cpu = process.cpuUsage();
    const started = performance.now();
    const queryableGraph = snapshotGraph(syntactic);
    const graphed = performance.now();
    const queryable = diffSnapshot(syntactic, queryableGraph, live, { keepResolvedEdgesOfUnchangedFiles: true });
    const diffed = performance.now();
    const exactGraph = snapshotGraph(exact);
    const exactGraphed = performance.now();
    const final = diffSnapshot(exact, exactGraph, queryable.state, { keepResolvedEdgesOfUnchangedFiles: false });
    const finished = performance.now();
    const { user, system } = process.cpuUsage(cpu);
    live = final.state;

    if (iteration === 0) {
      console.log(`${exactGraph.nodes.length} nodes, ${exactGraph.relationships.length} relationships (${exact.calls.length} calls)`);
    } else {
      if (iteration === 1) console.log(`queryable: ${count(queryable)}\nexact:     ${count(final)}`);
      runs.push({
        graph: graphed - started + (exactGraphed - diffed),
        diff: diffed - graphed + (finished - exactGraphed),
        cpu: (user + system) / 1000,
        window: [started, finished],
      });
    }
    // Lets the GC observer report.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  observer.disconnect();

  const gc = runs.map(({ window: [start, end] }) =>
    pauses.filter((pause) => pause.start >= start && pause.end <= end).reduce((sum, pause) => sum + pause.end - pause.start, 0),
  );
  const median = (values: number[]): string => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms (fastest ${sorted[0]!.toFixed(1)})`;
  };
  console.log(`${iterations} iterations, median of each (two snapshotGraph and two diffs per iteration):`);
  console.log(`  snapshotGraph  ${median(runs.map((run) => run.graph))}`);
  console.log(`  diff           ${median(runs.map((run) => run.diff))}`);
  console.log(`  both           ${median(runs.map((run) => run.graph + run.diff))}`);
  console.log(`  of which GC    ${median(gc)}`);
  // On a busy machine, the time this process had the CPU (its GC threads' included) varies less.
  console.log(`  CPU time       ${median(runs.map((run) => run.cpu))}`);
}

void main();
