/**
 * Indexing benchmark: full index of a repository into Neo4j, then a re-index of the same commit,
 * then (with --change, once per file given) a re-index after appending a function to that file: each
 * such run changes one file more than the run before (all are restored at the end). All these runs
 * share one process, as in `lore index --watch` or `lore up`: later runs reuse what earlier ones kept
 * (per-file results, the compiler's program). Last, for the first --change file, one more change is
 * indexed by a new `lore index` process (a commit hook's case: only the cache on disk to go on), and then,
 * in another new process, the same files again: an unchanged commit, which has nothing to do but read
 * and hash its files (the summary says `unchanged`).
 * With --repeat n, the last --change file is changed n more times, a run each: a running lore's steady
 * state, once the server has planned the statements that update and delete (the first runs plan them).
 * Prints files, symbols, calls, imports, phase times, the time until the graph was queryable and
 * until calls were exact, wall time, files/s, symbols/s, edges/s and peak RSS (sampled, and the kernel's
 * high-water mark), and before and after a yardstick of this machine's speed.
 *
 *   npm run bench:index -- <repository path> [--name id] [--then commit] [--change relative/path.ts]... [--repeat n] [--peers]
 *
 * --then checks out that commit (the working tree must be clean) after the re-index of the same
 * commit and indexes it: a served repository's re-index to another commit, written in one transaction
 * in place or, past LORE_SNAPSHOT_TRANSACTION_BYTES, beside it (LORE_LOG_LEVEL=debug says which). The
 * commit checked out before is checked out again at the end.
 *
 * --peers then runs the same work (full index, the same one-file change) with the peer code graphs
 * of bench/peers.ts, installed into bench/.peers, and prints them beside Lore's figures.
 *
 * Uses NEO4J_URI / NEO4J_PASSWORD when set; otherwise starts tools/neo4j-local on a free port with a
 * fresh data directory. Figures go in docs/benchmarks.md with the command and the machine (the run
 * they replace into docs/benchmarks-history.md).
 */
import 'reflect-metadata';
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import ts from 'typescript';
import { ConfigModule, StderrLogger } from '@lore/config';
import { localPrincipal } from '@lore/domain';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { KnowledgeModule } from '@lore/knowledge';
import { IndexingService, type IndexingProgress } from '@lore/knowledge/indexing/indexing.service';
import { benchNeo4j } from './local-neo4j';
import { printPeerResults, runPeers } from './peers';
import { ScratchDirectories } from './scratch';

/** What each one-file change appends: a function of its own name. */
const probe = (name: string): string => `\nexport function ${name}(value: number): number {\n  return value + 1;\n}\n`;

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

/**
 * This machine's speed now: the fastest of three parses of TypeScript's lib.dom.d.ts (2.3 MB), in ms.
 * Shared machines vary (this one by 1.7x within an hour): figures are comparable when it is.
 */
function yardstick(): number {
  const file = join(require.resolve('typescript'), '..', 'lib.dom.d.ts');
  const text = readFileSync(file, 'utf8');
  let fastest = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    fastest = Math.min(fastest, performance.now() - started);
  }
  return Math.round(fastest);
}

async function main(): Promise<void> {
  console.log(`yardstick before: ${yardstick()} ms (parsing lib.dom.d.ts; the lower, the faster this machine is now)`);
  const args = process.argv.slice(2);
  const path = resolve(args.find((arg) => !arg.startsWith('--')) ?? '.');
  const nameIndex = args.indexOf('--name');
  const repositoryId = nameIndex >= 0 ? args[nameIndex + 1] : undefined;
  const changes = args.flatMap((arg, i) => (arg === '--change' && args[i + 1] ? [args[i + 1]!] : []));
  const repeatIndex = args.indexOf('--repeat');
  const repeats = repeatIndex >= 0 ? Number(args[repeatIndex + 1]) : 0;
  const withPeers = args.includes('--peers');
  const thenIndex = args.indexOf('--then');
  const thenCommit = thenIndex >= 0 ? args[thenIndex + 1] : undefined;
  const git = (...gitArgs: string[]): string => execFileSync('git', ['-C', path, ...gitArgs], { encoding: 'utf8' }).trim();
  const startedAt = thenCommit === undefined ? undefined : git('rev-parse', 'HEAD');

  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-neo4j-'));
  process.env.LORE_TENANT = process.env.LORE_TENANT ?? 'bench';
  // A full index starts from nothing: no per-file results kept by an earlier bench.
  process.env.LORE_CACHE_DIR = process.env.LORE_CACHE_DIR ?? scratch.make('lore-bench-cache-');

  // LORE_LOG_LEVEL=debug shows each snapshot write's counts and times.
  const logLevel = process.env.LORE_LOG_LEVEL === 'debug' ? 'debug' : 'warn';
  const context = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger(logLevel) });
  const indexing = context.get(IndexingService);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  try {
    const runs: { label: string; change?: string; checkout?: string }[] = [{ label: 'full index' }, { label: 're-index, same commit' }];
    if (thenCommit !== undefined) runs.push({ label: `re-index at ${thenCommit}, served`, checkout: thenCommit });
    for (const change of changes) runs.push({ label: `one file changed (${change})`, change });
    const last = changes[changes.length - 1];
    for (let i = 1; last !== undefined && i <= repeats; i++)
      runs.push({ label: `the same file changed again (${last}), ${i} of ${repeats}`, change: last });
    const originals = new Map(changes.map((change) => [join(path, change), readFileSync(join(path, change))]));
    const restore = (): void => originals.forEach((content, file) => writeFileSync(file, content));
    try {
      for (const [index, { label, change, checkout }] of runs.entries()) {
        if (checkout) git('checkout', '-q', '--detach', checkout);
        if (change) appendFileSync(join(path, change), probe(`loreBenchProbe${index}`));
        // As `lore index --watch` and `lore up` collect a run's garbage between runs (npm run bench:index starts Node with --expose-gc).
        if (index > 0) (globalThis as { gc?: () => void }).gc?.();
        peakRss = process.memoryUsage().rss;
        const phaseStarts = new Map<string, number>();
        const started = performance.now();
        const onProgress = (progress: IndexingProgress): void =>
          void (phaseStarts.has(progress.phase) || phaseStarts.set(progress.phase, performance.now()));
        const run = await indexing.indexRepository({ path, repositoryId }, localPrincipal(process.env.LORE_TENANT!, 'bench'), onProgress);
        const wall = (performance.now() - started) / 1000;
        const end = started + wall * 1000;
        const writingStart = phaseStarts.get('writing') ?? end;
        const extractStart = phaseStarts.get('extracting') ?? writingStart;
        const seconds = (from: number, to: number): string => ((to - from) / 1000).toFixed(2);
        const exact = run.exactMs === null ? 'no compiler pass' : `calls exact at ${(run.exactMs / 1000).toFixed(2)} s`;
        console.log(
          [
            `${label}: ${run.repositoryId}@${run.commitSha.slice(0, 12)}`,
            `  files ${run.files}, symbols ${run.symbols}, calls ${run.calls}, imports ${run.imports}, skipped ${run.skipped.length}${run.unchanged ? ', unchanged: no work' : ''}`,
            // Progress says when each phase began: the first file extracted (TypeScript's are all parsed by
            // then), the first batch written. Before the first: a fresh server's schema, the lease, the reads.
            `  first file extracted at ${seconds(started, extractStart)} s (schema, lease, reads; TypeScript files parsed), ` +
              `first batch written ${seconds(extractStart, writingStart)} s later (extraction, linking, diff), then ${seconds(writingStart, end)} s of writing and resolving`,
            `  queryable at ${(run.queryableMs / 1000).toFixed(2)} s, ${exact}, wall ${wall.toFixed(2)} s (with the semantic index)`,
            `  ${(run.files / wall).toFixed(0)} files/s, ${(run.symbols / wall).toFixed(0)} symbols/s, ${((run.calls + run.imports) / wall).toFixed(0)} edges/s`,
            // The sampler cannot run during a synchronous pass (the checker's): the kernel's high-water mark is the process's true peak so far.
            `  peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB sampled between synchronous passes; the process's high-water mark so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
          ].join('\n'),
        );
      }
      if (changes[0] !== undefined) {
        // What a commit hook's `lore index` does: a new process, with only the cache on disk to go on.
        appendFileSync(join(path, changes[0]), probe('loreBenchProbeAgain'));
        newProcessIndex(path, repositoryId, logLevel, `one file changed again (${changes[0]}), in a new \`lore index\` process`);
      }
      // The same files once more in a new process: a commit hook's `lore index` of a commit whose files are unchanged.
      newProcessIndex(path, repositoryId, logLevel, 'the same files again, unchanged, in a new `lore index` process');
    } finally {
      restore();
      if (startedAt !== undefined) git('checkout', '-q', '--detach', startedAt);
    }
    if (withPeers) {
      // After Lore's runs, so that the two never share the CPU.
      console.log('\npeers, same repository, same change:');
      printPeerResults(await runPeers(path, changes[0] === undefined ? undefined : join(path, changes[0])));
    }
  } finally {
    clearInterval(sampler);
    await context.close();
    await stopNeo4j();
    scratch.removeAll();
  }
  console.log(`yardstick after: ${yardstick()} ms`);
}

/** One `lore index` in a new process, with only the cache on disk to go on; prints its times. */
function newProcessIndex(path: string, repositoryId: string | undefined, logLevel: string, label: string): void {
  const started = performance.now();
  const cli = spawnSync(
    process.execPath,
    [join(__dirname, '..', '..', 'bin', 'lore.js'), 'index', path, '--json', ...(repositoryId ? ['--name', repositoryId] : [])],
    { encoding: 'utf8', env: process.env },
  );
  const wall = (performance.now() - started) / 1000;
  if (cli.status !== 0) throw new Error(`lore index failed (${cli.status}):\n${cli.stdout}\n${cli.stderr}`);
  const run = JSON.parse(cli.stdout) as IndexRunSummary;
  if (logLevel === 'debug') process.stderr.write(cli.stderr);
  console.log(
    [
      `${label}:`,
      `  queryable at ${(run.queryableMs / 1000).toFixed(2)} s, calls exact at ${((run.exactMs ?? run.durationMs) / 1000).toFixed(2)} s of the run, done at ${(run.durationMs / 1000).toFixed(2)} s${run.unchanged ? ' (unchanged: no work)' : ''};`,
      `  the process, start to exit (Node, modules, Neo4j connection, the run, the semantic index): ${wall.toFixed(2)} s`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
