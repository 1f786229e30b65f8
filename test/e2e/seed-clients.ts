import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Driver } from 'neo4j-driver';
import { type FixtureRepository, gitFixture } from '../support/fixtures';
import { testDriver, wipeGraph } from '../support/graph';
import { LORE_BIN, type RunningServer, startServer, waitUntilReady } from '../support/processes';
import { cliJson } from './doors';

/**
 * A client of one seed's server, as its users run it: the official MCP SDK client over stdio
 * (`lore mcp --as <server>`) or over stateless Streamable HTTP (`/mcp/<server>`, no session).
 * The specs that use it read answers as each seed's text says they come: nothing of Lore's envelope.
 */
export type SeedTransport = 'stdio' | 'http';
export const SEED_TRANSPORTS: readonly SeedTransport[] = ['stdio', 'http'];

export async function connectSeedServer(
  transport: SeedTransport,
  server: string,
  url: string,
  env: NodeJS.ProcessEnv,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: `${server}-client`, version: '1.0.0' });
  await client.connect(
    transport === 'stdio'
      ? new StdioClientTransport({
          command: process.execPath,
          args: [LORE_BIN, 'mcp', '--as', server],
          env: { ...process.env, ...env } as Record<string, string>,
          stderr: 'pipe',
        })
      : new StreamableHTTPClientTransport(new URL(`${url}/mcp/${server}`), { requestInit: { headers } }),
  );
  return client;
}

/** A tool result as it came: its payload (structuredContent), its text, whether it failed, and its `_meta`. */
export interface SeedResult {
  payload: Record<string, unknown>;
  text: string;
  isError: boolean;
  meta: Record<string, unknown>;
}

export async function callSeedTool(client: Client, name: string, args: Record<string, unknown>): Promise<SeedResult> {
  const result = await client.callTool({ name, arguments: args });
  return {
    payload: (result.structuredContent ?? {}) as Record<string, unknown>,
    text: (result.content as { text: string }[])[0]?.text ?? '',
    isError: result.isError === true,
    meta: (result._meta ?? {}) as Record<string, unknown>,
  };
}

/** A successful call's payload; a failure fails the test with the server's text. */
export async function seedPayload(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await callSeedTool(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${result.text}`);
  // The text content carries the same payload.
  expect(JSON.parse(result.text)).toEqual(result.payload);
  return result.payload;
}

/** What a seed's suite shares: one index of one fixture, and one server. */
export interface SeedSuite {
  driver: Driver;
  fixture: FixtureRepository;
  server: RunningServer;
}

/** The fixture indexed as `name` in a wiped graph (the seeds' "workspace"), then `lore serve` over it. */
export async function serveIndexedFixture(name: string, env: NodeJS.ProcessEnv): Promise<SeedSuite> {
  const driver = testDriver();
  await wipeGraph(driver);
  const fixture = gitFixture(name);
  expect((await cliJson(['index', fixture.path, '--name', name], env)).code).toBe(0);
  const server = await startServer(env);
  await waitUntilReady(server.url);
  return { driver, fixture, server };
}

export async function stopSuite(suite: SeedSuite | undefined): Promise<void> {
  await suite?.server.stop();
  await suite?.driver.close();
}
