import { existsSync } from 'node:fs';
import type { INestApplicationContext } from '@nestjs/common';
import type { Command } from 'commander';
import { PrincipalResolver, networkExposureProblems } from '@lore/access';
import { ConfigError, type LoreConfig, loadConfig } from '@lore/config';
import { IndexJobsService } from '@lore/knowledge/index-jobs/index-jobs.service';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { SemanticIndex } from '@lore/knowledge/search/semantic-index';
import { type RegisterCommand, runAction } from '../cli-command';
import { withServices } from '../cli-context';
import { EXIT, notice } from '../output';
import { assertPortFree } from '../ports';
import { spawnServer } from '../server-process';

export const register: RegisterCommand = (program: Command) =>
  program
    .command('serve')
    .description('Serve REST, GraphQL and MCP over HTTP (LORE_HOST, LORE_PORT).')
    .option('--allow-remote', 'allow LORE_HOST beyond loopback (LORE_ALLOW_REMOTE=true); callers must then authenticate')
    .action(runAction(serveCommand));

/** How often `lore serve` asks its server whether it is ready, before embedding stale repositories again. */
const READY_POLL_MS = 1_000;

/** The HTTP server (all doors), in the foreground; it stops when this process stops, however it stops. */
async function serveCommand(options: { allowRemote?: boolean }): Promise<number> {
  if (options.allowRemote) process.env.LORE_ALLOW_REMOTE = 'true';
  const config = loadConfig();
  const exposure = networkExposureProblems(config);
  if (exposure.length > 0) throw new ConfigError(exposure);
  await assertPortFree(config.LORE_HOST, config.LORE_PORT, 'the HTTP server', 'choose another with LORE_PORT');
  const child = spawnServer();
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? EXIT.failure)));
  // Beside the server, never in its way: only once it is ready (Neo4j reachable, migrations applied),
  // since opening the services on a graph that is down would end this process, and the server with it.
  void untilReady(config, exited).then((ready) =>
    ready
      ? withServices((context) => embedAgainWhereStale(context, exited)).catch((error: Error) =>
          notice(`semantic search: the embedding model could not be checked (${error.message})`),
        )
      : undefined,
  );
  return exited;
}

/** Polls the server's /ready until it answers 200 (true), or until the server has stopped (false). */
async function untilReady(config: LoreConfig, stopped: Promise<unknown>): Promise<boolean> {
  let done = false;
  void stopped.then(() => (done = true));
  const host = config.LORE_HOST === '0.0.0.0' || config.LORE_HOST === '::' ? '127.0.0.1' : config.LORE_HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.LORE_PORT}/ready`;
  while (!done) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS).unref());
  }
  return false;
}

/**
 * Says which embedder serves, and embeds again, in the background, the repositories whose vectors
 * are another model's (the default model changed, a model was installed since): an index run of each
 * from its recorded path, as `lore up` makes on start, whose chunks are embedded after it. A
 * repository whose path is gone from this machine is named with what to do. With a queue
 * (LORE_QUEUE_URL) each is an index job for the workers instead: a server never indexes then.
 */
async function embedAgainWhereStale(context: INestApplicationContext, stopped: Promise<unknown>): Promise<void> {
  const semantic = context.get(SemanticIndex);
  notice(await semantic.describe());
  const principal = context.get(PrincipalResolver).local();
  const stale = await semantic.notEmbedded(principal.tenantId, null);
  if (stale.length === 0) return;
  const jobs = context.get(IndexJobsService);
  semantic.embedInBackground();
  let stopping = false;
  void stopped.then(() => (stopping = true));
  for (const { repoId, rootPath } of stale) {
    if (stopping) return;
    if (rootPath === null || !existsSync(rootPath)) {
      notice(
        `${repoId}: its vectors are not the serving model's, and its path is not on this machine: run lore index <its path> --name ${repoId}`,
      );
      continue;
    }
    if (jobs.queued) {
      // With a queue the workers index; this server only serves.
      await jobs
        .enqueueIndex({ source: rootPath, repositoryId: repoId }, principal)
        .then((job) => notice(`${repoId}: its vectors are not the serving model's: queued index job ${job.jobId} for the workers`))
        .catch((error: Error) => notice(`${repoId}: not queued to be embedded again: ${error.message}`));
      continue;
    }
    notice(`${repoId}: embedding again with the serving model, in the background (${rootPath})`);
    await context
      .get(IndexingService)
      .indexRepository({ path: rootPath, repositoryId: repoId }, principal)
      .catch((error: Error) => notice(`${repoId}: not embedded again: ${error.message}`));
  }
  await Promise.race([semantic.idle(), stopped]);
}
