import type { INestApplication } from '@nestjs/common';
import { networkExposureProblems } from '@lore/access';
import { ConfigError, loadConfig } from '@lore/config';
import { AuthenticationService } from '@lore/knowledge/credentials/authentication.service';
import { createServer } from './server';

/** How long a stop may take (open connections, the Neo4j driver) before the process exits anyway. */
const STOP_GRACE_MS = 10_000;
/** Exit code of a refused start (a port in use, a bad configuration), as the CLI's invalid input. */
const EXIT_REFUSED = 2;

let app: INestApplication | undefined;

/** Stops the server, and exits even if closing hangs: a stopped server must never keep its port. */
function stop(code: number): void {
  setTimeout(() => process.exit(code), STOP_GRACE_MS).unref();
  void (app?.close() ?? Promise.resolve()).finally(() => process.exit(code));
}

async function main(): Promise<void> {
  // Started by the CLI (lore up, lore serve) with an IPC channel: the parent's death closes it.
  if (process.send) process.on('disconnect', () => stop(0));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop(0));
  const config = loadConfig();
  const exposure = networkExposureProblems(config);
  if (exposure.length > 0) throw new ConfigError(exposure);
  app = await createServer(config);
  const unauthenticated = await app.get(AuthenticationService).exposureProblems();
  if (unauthenticated.length > 0) {
    await app.close();
    throw new ConfigError(unauthenticated);
  }
  try {
    await app.listen(config.LORE_PORT, config.LORE_HOST);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(
        `error (invalid_input): Port ${config.LORE_PORT} on ${config.LORE_HOST} (the HTTP server) is already in use.\n` +
          'hint: Stop the process that holds it, or choose another with LORE_PORT (lore up --port).\n',
      );
      return stop(EXIT_REFUSED);
    }
    throw error;
  }
  const listening = `Lore listening on http://${config.LORE_HOST}:${config.LORE_PORT} (REST /api/v1, OpenAPI /api/docs, GraphQL /graphql, MCP /mcp)`;
  // The mode needs Neo4j (whether a usable key exists); a graph that is down must not stop the server.
  const mode = await app
    .get(AuthenticationService)
    .describeMode()
    .catch(() => 'authentication: not known until Neo4j answers (each request is checked then)');
  for (const line of [listening, mode]) {
    // A JSON log stays JSON from its first line on.
    process.stderr.write(
      config.LORE_LOG_FORMAT === 'json'
        ? `${JSON.stringify({ time: new Date().toISOString(), level: 'log', pid: process.pid, context: 'Server', message: line })}\n`
        : `${line}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? EXIT_REFUSED : 1);
});
