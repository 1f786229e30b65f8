/**
 * What MCP adds to a tool call: get_symbol on the order-service fixture, as the bare service call
 * (in process) and as an MCP tool call over stdio (`lore mcp`) and Streamable HTTP (`lore serve`,
 * a 2026-07-28 client), p50 and p95 of each and the difference; then 20 HTTP clients calling at
 * once, for --seconds, and the calls per second they got through.
 *
 *   npm run bench:mcp -- [--runs n] [--seconds s]
 *
 * The MCP figures include the JSON-RPC round trip between processes, the answer envelope and its
 * token count. Uses NEO4J_URI / NEO4J_PASSWORD when set; otherwise starts tools/neo4j-local on a
 * free port with a fresh data directory. Figures go in docs/benchmarks.md with the command and the machine.
 */
import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { PrincipalResolver } from '@lore/access';
import { ConfigModule, StderrLogger } from '@lore/config';
import { KnowledgeModule } from '@lore/knowledge';
import { SymbolService } from '@lore/knowledge/symbols/symbol.service';
import { benchNeo4j } from './local-neo4j';
import { ScratchDirectories } from './scratch';
import { freePort, indexFixture, waitFor } from './served-fixtures';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

const ROOT = join(__dirname, '..', '..');
const LORE = join(ROOT, 'bin', 'lore.js');
const INPUT = { name: 'OrderService.placeOrder' };
const CONCURRENT_CLIENTS = 20;
const WARM_UP_RUNS = 30;

interface Options {
  runs: number;
  seconds: number;
}

function parseOptions(args: readonly string[]): Options {
  const value = (flag: string, fallback: number): number => {
    const index = args.indexOf(flag);
    return index === -1 ? fallback : Number(args[index + 1]);
  };
  return { runs: value('--runs', 300), seconds: value('--seconds', 20) };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-mcp-neo4j-'));
  Object.assign(process.env, { LORE_TENANT: 'bench-mcp', LORE_CACHE_DIR: 'off', LORE_LOG_LEVEL: 'error' });
  // 20 clients of one principal far outrun the default rate limit (600 a minute): measured here is MCP, not the limit.
  Object.assign(process.env, { LORE_RATE_LIMIT_PER_MINUTE: '0' });
  const children: ChildProcess[] = [];
  try {
    indexFixture(scratch, 'order-service', 'order-service');

    const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('error') });
    const principal = app.get(PrincipalResolver).local();
    const symbols = app.get(SymbolService);
    const service = await timed(options.runs, () => symbols.getSymbol(INPUT, principal));

    const stdio = new Client({ name: 'lore-bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await stdio.connect(
      new StdioClientTransport({ command: process.execPath, args: [LORE, 'mcp'], env: process.env as Record<string, string> }),
    );
    const overStdio = await timed(options.runs, () => callTool(stdio));
    await stdio.close();

    const port = await freePort();
    const server = spawn(process.execPath, [LORE, 'serve'], {
      env: { ...process.env, LORE_HOST: '127.0.0.1', LORE_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(server);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/ready`);
    const http = await httpClient(url);
    const overHttp = await timed(options.runs, () => callTool(http));
    await http.close();

    const clients = await Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, () => httpClient(url)));
    const deadline = Date.now() + options.seconds * 1000;
    const started = performance.now();
    const counts = await Promise.all(
      clients.map(async (client) => {
        let calls = 0;
        while (Date.now() < deadline) {
          await callTool(client);
          calls += 1;
        }
        return calls;
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await Promise.all(clients.map((client) => client.close()));
    await app.close();

    const calls = counts.reduce((sum, count) => sum + count, 0);
    const row = (label: string, times: number[]): string =>
      `| ${label} | ${fixed(percentile(times, 50))} | ${fixed(percentile(times, 95))} | ${fixed(percentile(times, 50) - percentile(service, 50))} | ${fixed(percentile(times, 95) - percentile(service, 95))} |`;
    process.stdout.write(
      [
        `get_symbol ${JSON.stringify(INPUT)} on test/fixtures/order-service, ${options.runs} calls each after ${WARM_UP_RUNS} warm-up calls`,
        `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}, node ${process.version}`,
        '',
        '| path | p50 ms | p95 ms | p50 over the service | p95 over the service |',
        '| --- | --- | --- | --- | --- |',
        `| service (in process) | ${fixed(percentile(service, 50))} | ${fixed(percentile(service, 95))} | - | - |`,
        row('MCP stdio', overStdio),
        row('MCP Streamable HTTP', overHttp),
        '',
        `${CONCURRENT_CLIENTS} concurrent HTTP clients for ${elapsed.toFixed(1)} s: ${calls} calls, ${(calls / elapsed).toFixed(0)} calls/s (fewest per client ${Math.min(...counts)}, most ${Math.max(...counts)})`,
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all(
      children
        .filter((child) => child.exitCode === null)
        .map((child) => new Promise((exited) => child.once('exit', exited).kill('SIGTERM'))),
    );
    await stopNeo4j();
    scratch.removeAll();
  }
}

async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'lore-bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

async function callTool(client: Client): Promise<void> {
  const result = await client.callTool({ name: 'get_symbol', arguments: INPUT });
  if (result.isError) throw new Error(`get_symbol failed: ${JSON.stringify(result.structuredContent)}`);
}

/** Milliseconds of each of `runs` sequential calls, sorted, after the warm-up. */
async function timed(runs: number, call: () => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < WARM_UP_RUNS; warm += 1) await call();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** The nearest-rank percentile of sorted times. */
function percentile(sorted: readonly number[], rank: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))]!;
}

function fixed(ms: number): string {
  return ms.toFixed(2);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
