import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { PrincipalResolver } from '@lore/access';
import type { GetSymbolResult, IndexRunSummary, SearchCodeInput, SearchCodeResult, SymbolKind } from '@lore/domain';
import { FileSpanService, IndexingService, type IndexingProgress, SearchService, SymbolService, SystemService } from '@lore/knowledge';
import { openServices, withServices } from './cli-context';
import { EXIT, printJson, reportError } from './output';
import { watchRepository } from './watch';

export interface JsonOption {
  json?: boolean;
}

export interface IndexOptions extends JsonOption {
  name?: string;
  /** Index again after every change, until stopped. */
  watch?: boolean;
}

export async function indexCommand(path: string, options: IndexOptions): Promise<number> {
  await withServices(async (context) => {
    const index = indexer(context, path, options);
    const started = Date.now();
    await index();
    if (options.watch) await reindexOnChange(path, index, options, untilSignalled(), started);
  });
  return EXIT.ok;
}

/** One index run of `path`, reported as the options ask; the skipped files are listed once, on the first. */
export function indexer(context: INestApplicationContext, path: string, options: IndexOptions): () => Promise<void> {
  const principal = context.get(PrincipalResolver).local();
  let first = true;
  return async () => {
    const progress = new ProgressBar(!options.json && Boolean(process.stderr.isTTY));
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
export function collectRunGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Resolves on the first Ctrl-C or SIGTERM. */
export function untilSignalled(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

export async function symbolCommand(nameOrUid: string, options: JsonOption & { uid?: boolean; repo?: string }): Promise<number> {
  const result = await withServices((context) =>
    context
      .get(SymbolService)
      .getSymbol(
        options.uid ? { uid: nameOrUid } : { name: nameOrUid, repositoryId: options.repo },
        context.get(PrincipalResolver).local(),
      ),
  );
  if (options.json) printJson(result);
  else printSymbol(result);
  return EXIT.ok;
}

export async function searchCommand(
  query: string,
  options: JsonOption & { repo?: string; kind?: string[]; limit?: string; path?: string; language?: string; mode?: string },
): Promise<number> {
  const input: SearchCodeInput = {
    query,
    scope: options.repo ? { repositoryId: options.repo } : undefined,
    kinds: options.kind as SymbolKind[] | undefined,
    pathPrefix: options.path,
    language: options.language as SearchCodeInput['language'],
    mode: options.mode as SearchCodeInput['mode'],
    maxResults: options.limit === undefined ? undefined : Number(options.limit),
  };
  const result = await withServices((context) => context.get(SearchService).searchCode(input, context.get(PrincipalResolver).local()));
  if (options.json) printJson(result);
  else printSearch(result);
  return EXIT.ok;
}

export async function migrateCommand(options: JsonOption): Promise<number> {
  const report = await withServices((context) => context.get(SystemService).migrate());
  if (options.json) printJson(report);
  else process.stdout.write(`applied: ${report.applied.join(', ') || 'none'}; already applied: ${report.alreadyApplied.length}\n`);
  return EXIT.ok;
}

/** MCP over stdio for a local agent; stdout carries only protocol messages. */
export async function mcpCommand(): Promise<number> {
  const context = await openServices();
  const principal = context.get(PrincipalResolver).local();
  const services = { symbols: context.get(SymbolService), search: context.get(SearchService), fileSpans: context.get(FileSpanService) };
  const onError = (error: unknown): void => void process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  // Loaded here, not with the CLI: every other command started about 0.1 s sooner without them.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { serveStdio } = require('@modelcontextprotocol/server/stdio') as typeof import('@modelcontextprotocol/server/stdio');
  const { createLoreMcpServer } = require('@lore/mcp') as typeof import('@lore/mcp');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const handle = serveStdio(() => createLoreMcpServer(services, principal, onError), { onerror: (error) => onError(error) });
  await new Promise<void>((done) => {
    process.stdin.on('close', done);
    process.stdin.on('end', done);
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await handle.close();
  await context.close();
  return EXIT.ok;
}

/** The HTTP server (all doors), in the foreground. */
export function serveCommand(): Promise<number> {
  const child = spawn(process.execPath, [serverEntry()], { stdio: 'inherit', env: process.env });
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((done) => child.on('exit', (code) => done(code ?? EXIT.failure)));
}

export function serverEntry(): string {
  return resolve(__dirname, '..', '..', 'server', 'src', 'main.js');
}

class ProgressBar {
  private bar: SingleBar | null = null;
  private phase: string | null = null;

  constructor(private readonly enabled: boolean) {}

  update(progress: IndexingProgress): void {
    if (!this.enabled) return;
    if (this.phase !== progress.phase) {
      this.bar?.stop();
      this.phase = progress.phase;
      this.bar = new SingleBar({
        format: `${progress.phase.padEnd(10)} [{bar}] {value}/{total}`,
        stream: process.stderr,
        hideCursor: true,
      });
      this.bar.start(progress.total, 0);
    }
    this.bar?.update(progress.done);
  }

  stop(): void {
    this.bar?.stop();
  }
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
  if (summary.skipped.length > 0) {
    process.stdout.write(`skipped ${summary.skipped.length} file(s)${listSkipped ? ':' : ''}\n`);
    if (listSkipped) for (const file of summary.skipped) process.stdout.write(`  ${file.path}: ${file.reason}\n`);
  }
}

function printSymbol({ symbol, warnings }: GetSymbolResult): void {
  const lines = [
    `${symbol.kind} ${symbol.qualifiedName}  ${symbol.repositoryId}:${symbol.path}:${symbol.startLine}-${symbol.endLine}`,
    symbol.signature ? `  ${symbol.signature}` : null,
    symbol.doc
      ? symbol.doc
          .split('\n')
          .map((line) => `  | ${line}`)
          .join('\n')
      : null,
    `  uid: ${symbol.uid}`,
    `  code: ${symbol.resourceUri}`,
    symbol.parent ? `  member of: ${symbol.parent.qualifiedName}` : null,
    ...section(
      'members',
      symbol.members.map((m) => `${m.kind} ${m.name} (line ${m.startLine})`),
    ),
    ...section(
      'calls',
      symbol.calls.map((c) => `${c.symbol.qualifiedName} (line ${c.line}, ${c.confidence})`),
    ),
    ...section(
      'called by',
      symbol.calledBy.map((c) => `${c.symbol.qualifiedName} in ${c.symbol.path}:${c.line} (${c.confidence})`),
    ),
    ...warnings.map((w) => `  warning: ${w.message}`),
  ];
  process.stdout.write(`${lines.filter((line) => line !== null).join('\n')}\n`);
}

function section(title: string, items: string[]): string[] {
  return items.length === 0 ? [] : [`  ${title}:`, ...items.map((item) => `    ${item}`)];
}

function printSearch({ results }: SearchCodeResult): void {
  if (results.length === 0) process.stdout.write('no matches\n');
  for (const hit of results) {
    process.stdout.write(
      `${hit.score.toFixed(4).padStart(7)}  ${hit.kind.padEnd(9)} ${hit.qualifiedName}  ${hit.repositoryId}:${hit.path}:${hit.startLine}  (${hit.reasons.join(', ')})\n`,
    );
  }
}

export const projectDir = (): string => join(__dirname, '..', '..', '..', '..');
