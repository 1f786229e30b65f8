import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { PrincipalResolver } from '@lore/access';
import type { IndexRunSummary } from '@lore/domain/schemas/indexing';
import { IndexingService, type IndexingProgress } from '@lore/knowledge/indexing/indexing.service';
import type { JsonOption } from './cli-command';
import { printJson, reportError } from './output';
import { watchRepository } from './watch';

// Index runs as `lore index` and `lore up` make them: one run, reported; and a run after every change.

export interface IndexOptions extends JsonOption {
  name?: string;
  /** Index again after every change, until stopped. */
  watch?: boolean;
  /** Progress as JSON Lines on stderr ({"progress": ProgressLine}), for scripts to follow or relay. */
  progressJson?: boolean;
}

/** One index run of `path`, reported as the options ask; the skipped files are listed once, on the first. */
export function indexer(context: INestApplicationContext, path: string, options: IndexOptions): () => Promise<void> {
  const principal = context.get(PrincipalResolver).local();
  let first = true;
  return async () => {
    const progress = progressReporter(options);
    let summary: IndexRunSummary;
    try {
      summary = await context
        .get(IndexingService)
        .indexRepository({ path, repositoryId: options.name }, principal, (p) => progress.update(p));
    } finally {
      progress.stop();
    }
    if (options.json) printJson(summary, options.watch);
    else printIndexSummary(summary, first);
    first = false;
  };
}

/**
 * Runs `index` after each burst of changes under `path` until `stop` resolves, and at once if something
 * changed since the last run began (`lastRunStarted`). The runs share one process, so each reads
 * again only what changed and keeps its compiler's work (warm-program.ts).
 * A failed run is reported and the watch goes on.
 */
export async function reindexOnChange(
  path: string,
  index: () => Promise<void>,
  options: JsonOption,
  stop: Promise<void>,
  lastRunStarted: number,
): Promise<void> {
  // A stop before the watch is ready (a large repository's first scan) ends it then, not when the scan does.
  const watching = watchRepository(realpathSync(resolve(path)), lastRunStarted);
  const watch = await Promise.race([watching, stop.then(() => null)]);
  if (!watch) {
    void watching.then((late) => late.close()).catch(() => undefined);
    return;
  }
  process.stderr.write(`watching ${resolve(path)}: each change is indexed (Ctrl-C to stop)\n`);
  void stop.then(() => watch.close());
  while (await watch.nextChange()) {
    try {
      await index();
    } catch (error) {
      reportError(error, Boolean(options.json));
    }
    collectRunGarbage();
  }
}

/**
 * A run leaves hundreds of megabytes of garbage (a typeorm one-file run: the peak RSS of the runs that
 * follow grew from 1.5 to 1.7 GB without this, and stays at 1.0–1.2 GB with it). Collected once the
 * run is done, in a few hundred milliseconds, it is not carried into the next run's peak. Available
 * where bin/lore.js started Node with `--expose-gc`.
 */
function collectRunGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Resolves on the first Ctrl-C or SIGTERM. */
export function untilSignalled(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** What a phase counts, for people reading the bar. */
const PHASE_UNITS: Record<IndexingProgress['phase'], string> = {
  reading: 'files',
  extracting: 'files',
  writing: 'elements',
  resolving: 'steps',
};

/** How often JSON progress lines are written at most, per phase (its first and last lines always are). */
const JSON_PROGRESS_INTERVAL_MS = 250;

export interface ProgressLine {
  phase: IndexingProgress['phase'];
  done: number;
  total: number;
  unit: string;
  /** Since the phase began. */
  elapsedMs: number;
  /** At the phase's rate so far; null until something is done. */
  etaMs: number | null;
}

/** A run's progress as people (a bar on a terminal) or scripts (JSON Lines on stderr) follow it. */
interface ProgressReporter {
  update(progress: IndexingProgress): void;
  stop(): void;
}

function progressReporter(options: IndexOptions): ProgressReporter {
  if (options.progressJson) return new JsonProgress((line) => process.stderr.write(`${JSON.stringify({ progress: line })}\n`));
  return new ProgressBar(!options.json && Boolean(process.stderr.isTTY));
}

/** Progress lines of one run: a phase's rate so far gives its estimate. */
export class JsonProgress implements ProgressReporter {
  private phase: IndexingProgress['phase'] | null = null;
  private phaseStarted = 0;
  private lastWritten = 0;

  constructor(
    private readonly write: (line: ProgressLine) => void,
    private readonly now: () => number = Date.now,
  ) {}

  update(progress: IndexingProgress): void {
    const now = this.now();
    const newPhase = progress.phase !== this.phase;
    if (newPhase) {
      this.phase = progress.phase;
      this.phaseStarted = now;
    }
    const last = progress.done >= progress.total;
    if (!newPhase && !last && now - this.lastWritten < JSON_PROGRESS_INTERVAL_MS) return;
    this.lastWritten = now;
    const elapsedMs = now - this.phaseStarted;
    const etaMs = progress.done > 0 ? Math.round((elapsedMs / progress.done) * (progress.total - progress.done)) : null;
    this.write({ ...progress, unit: PHASE_UNITS[progress.phase], elapsedMs, etaMs });
  }

  stop(): void {}
}

class ProgressBar implements ProgressReporter {
  private bar: SingleBar | null = null;
  private phase: string | null = null;
  private phaseStarted = 0;

  constructor(private readonly enabled: boolean) {}

  update(progress: IndexingProgress): void {
    if (!this.enabled) return;
    if (this.phase !== progress.phase) {
      this.bar?.stop();
      this.phase = progress.phase;
      this.phaseStarted = Date.now();
      // A phase of one step (the exact-calls pass) has no bar to fill: `0/1 steps` until it is done
      // said nothing, and cli-progress's estimate at 0 done printed as "NULL", cut to "LL" by redraws.
      const counted = progress.total > 1 ? `[{bar}] {value}/{total} ${PHASE_UNITS[progress.phase]} | ` : '';
      this.bar = new SingleBar({
        format: `${progress.phase.padEnd(10)} ${counted}{duration_formatted}{estimate}`,
        stream: process.stderr,
        hideCursor: true,
      });
      this.bar.start(progress.total, 0, { estimate: '' });
    }
    this.bar?.setTotal(progress.total);
    this.bar?.update(progress.done, { estimate: estimate(progress, Date.now() - this.phaseStarted) });
  }

  stop(): void {
    this.bar?.stop();
  }
}

/** ` | eta 12s` at the phase's rate so far; nothing before the first step is done, or for a phase of one step. */
export function estimate({ done, total }: Pick<IndexingProgress, 'done' | 'total'>, elapsedMs: number): string {
  if (total <= 1 || done === 0 || done >= total) return '';
  const seconds = Math.round(((elapsedMs / done) * (total - done)) / 1000);
  return ` | eta ${seconds >= 60 ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`}`;
}

function printIndexSummary(summary: IndexRunSummary, listSkipped: boolean): void {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  process.stdout.write(
    `indexed ${summary.repositoryId} at ${summary.commitSha.slice(0, 12)}: ${summary.files} files, ${summary.symbols} symbols, ` +
      `${summary.calls} calls, ${summary.imports} imports in ${seconds(summary.durationMs)}` +
      (summary.exactMs === null
        ? '\n'
        : ` (queryable after ${seconds(summary.queryableMs)}, calls exact after ${seconds(summary.exactMs)})\n`),
  );
  // Which language server made each language's calls exact, or why none did (never left unsaid).
  for (const run of summary.languageServers)
    process.stdout.write(
      run.status === 'ran'
        ? `${run.language} calls: ${run.server} ${run.version} (${run.detail})\n`
        : `${run.language} calls at first-pass confidence: ${run.server} ${run.status} (${run.detail})\n`,
    );
  if (summary.skipped.length > 0) {
    process.stdout.write(`skipped ${summary.skipped.length} file(s)${listSkipped ? ':' : ''}\n`);
    if (listSkipped) for (const file of summary.skipped) process.stdout.write(`  ${file.path}: ${file.reason}\n`);
  }
}
