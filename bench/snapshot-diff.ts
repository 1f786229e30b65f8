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
import type { CallRow, FileRow, RepositorySnapshot, SectionRow, SymbolKind, SymbolRow } from '@lore/domain';
import { snapshotGraph } from '../libs/graph/src/snapshot-graph';
import { emptyState } from '../libs/graph/src/graph-state-file';
import { diffSnapshot, type SnapshotDiff } from '../libs/graph/src/snapshot-diff';

const TENANT = 'bench';
const REPOSITORY = 'typeorm';
const FILES = 3000;
const SYMBOLS_PER_FILE = 7;
const CALLS_PER_SYMBOL = 2.4;
const IMPORTS_PER_FILE = 4;
const DOCUMENTS = 100;
const SECTIONS_PER_DOCUMENT = 19;
const TEST_FILE_EVERY = 6;

/** Deterministic: the same repository on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const DIRECTORIES = ['driver/postgres', 'driver/sqlserver', 'query-builder', 'metadata-builder', 'entity-manager', 'persistence/subject'];
const paths = Array.from({ length: FILES }, (_, i) => {
  const directory = DIRECTORIES[i % DIRECTORIES.length];
  return i % TEST_FILE_EVERY === 0
    ? `test/functional/${directory}/entity-schema-${i}/entity-schema-options-${i}.test.ts`
    : `src/${directory}/ConnectionOptionsReader${i}QueryRunner.ts`;
});

/** One file's symbols as the extractor keeps them: built once, reused while the file is unchanged. */
function symbolsOf(fileIndex: number, fileUid: string, probe: boolean): SymbolRow[] {
  const path = paths[fileIndex]!;
  const rows: SymbolRow[] = [];
  const test = fileIndex % TEST_FILE_EVERY === 0;
  const add = (name: string, kind: SymbolKind, parent: SymbolRow | null, line: number): SymbolRow => {
    const qualifiedName = parent ? `${parent.qualifiedName}.${name}` : name;
    const row: SymbolRow = {
      uid: `${TENANT}:${REPOSITORY}:${path}#${qualifiedName}`,
      fileUid,
      parentUid: parent?.uid ?? null,
      kind,
      name,
      qualifiedName,
      nameTokens: qualifiedName.toLowerCase().replace(/\./g, ' '),
      path,
      language: 'typescript',
      signature: `${name}(queryRunner: QueryRunner, options?: FindManyOptions<Entity>): Promise<void>`,
      doc: line % 3 === 0 ? `Loads ${name} of the given entity and its relations.` : null,
      startLine: line,
      endLine: line + 12,
      exported: parent === null,
      complexity: kind === 'method' || kind === 'function' ? (line % 7) + 1 : null,
    };
    rows.push(row);
    return row;
  };
  const owner = add(
    test ? `EntitySchemaOptions${fileIndex}Suite` : `ConnectionOptionsReader${fileIndex}`,
    test ? 'test' : 'class',
    null,
    3,
  );
  for (let m = 1; m < SYMBOLS_PER_FILE; m++)
    add(`${test ? 'shouldLoad' : 'load'}Relations${m}Async`, test ? 'test' : 'method', owner, 3 + 14 * m);
  if (probe) add('loreBenchProbe', 'function', null, 200);
  return rows;
}

/** The two snapshots of a run: from syntax (calls by name) and exact (calls by the compiler). */
function snapshotsOf(symbolRows: SymbolRow[][], changed: number): { syntactic: RepositorySnapshot; exact: RepositorySnapshot } {
  const fileUid = (path: string): string => `${TENANT}:${REPOSITORY}:${path}`;
  const files: FileRow[] = paths.map((path, i) => ({
    uid: fileUid(path),
    path,
    language: 'typescript',
    contentHash: `${i === changed ? 'changed' : 'original'}-${i.toString(16).padStart(8, '0')}`,
    lines: i === changed ? 203 : 100,
    bytes: i === changed ? 7100 : 7000,
    isTest: i % TEST_FILE_EVERY === 0,
    blocked: false,
  }));
  const symbols = symbolRows.flat();
  const exactCalls: CallRow[] = [];
  const syntacticCalls: CallRow[] = [];
  symbolRows.forEach((rows, fileIndex) =>
    rows.forEach((caller, symbolIndex) => {
      if (caller.parentUid === null) return;
      // Per caller: a change elsewhere does not move its calls.
      const pick = random(fileIndex * 64 + symbolIndex);
      const count = Math.round(CALLS_PER_SYMBOL * (SYMBOLS_PER_FILE / (SYMBOLS_PER_FILE - 1)) * 2 * pick());
      for (let c = 0; c < count; c++) {
        const callee = symbolRows[Math.floor(pick() * FILES)]![Math.floor(pick() * SYMBOLS_PER_FILE)]!;
        if (callee === caller) continue;
        const line = caller.startLine + 1 + c;
        exactCalls.push({ callerUid: caller.uid, calleeUid: callee.uid, line, count: 1 + (c % 2), confidence: 'exact' });
        if (c % 5 !== 4)
          syntacticCalls.push({ callerUid: caller.uid, calleeUid: callee.uid, line, count: 1 + (c % 2), confidence: 'name' });
      }
    }),
  );
  const imports = files.flatMap((file, i) =>
    Array.from({ length: IMPORTS_PER_FILE }, (_, k) => ({
      fromUid: file.uid,
      toUid: files[(i + 1 + k * 37) % FILES]!.uid,
      names: [`ConnectionOptionsReader${(i + 1 + k * 37) % FILES}`, 'QueryRunner'],
    })),
  );
  const inheritance = symbolRows.flatMap((rows, i) =>
    i % 3 === 0
      ? [
          {
            fromUid: rows[0]!.uid,
            toUid: symbolRows[(i + 3) % FILES]![0]!.uid,
            kind: i % 2 ? ('EXTENDS' as const) : ('IMPLEMENTS' as const),
          },
        ]
      : [],
  );
  const tests = exactCalls
    .filter((call) => call.callerUid.startsWith(`${TENANT}:${REPOSITORY}:test/`))
    .map((call, i) => ({ testUid: call.callerUid, targetUid: call.calleeUid, via: i % 3 ? ('direct' as const) : ('helper' as const) }));
  const documents = Array.from({ length: DOCUMENTS }, (_, d) => ({
    uid: `${TENANT}:${REPOSITORY}:docs/guides/${d}/working-with-entity-manager.md`,
    fileUid: fileUid(`docs/guides/${d}/working-with-entity-manager.md`),
    path: `docs/guides/${d}/working-with-entity-manager.md`,
    title: `Working with EntityManager ${d}`,
    kind: 'doc' as const,
  }));
  const sections: SectionRow[] = documents.flatMap((document) =>
    Array.from({ length: SECTIONS_PER_DOCUMENT }, (_, s) => ({
      uid: `${document.uid}#section-${s}-how-to-use-entity-manager`,
      documentUid: document.uid,
      title: `How to use EntityManager ${s}`,
      level: 2,
      startLine: 10 * s + 1,
      endLine: 10 * s + 10,
    })),
  );
  const mentions = sections.flatMap((section, s) =>
    s % 2 === 0
      ? [{ sectionUid: section.uid, targetUid: symbolRows[(s * 11) % FILES]![s % SYMBOLS_PER_FILE]!.uid, targetKind: 'symbol' as const }]
      : [],
  );
  const syntactic: RepositorySnapshot = {
    tenantId: TENANT,
    repositoryId: REPOSITORY,
    rootPath: '/repos/typeorm',
    commitSha: `commit-${changed}`,
    defaultBranch: 'master',
    url: null,
    gitPrefix: '',
    files,
    symbols,
    calls: syntacticCalls,
    imports,
    inheritance,
    tests: [],
    documents,
    sections,
    mentions,
    skipped: [],
    chunks: [],
    secretsFound: 0,
  };
  return { syntactic, exact: { ...syntactic, calls: exactCalls, tests } };
}

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
