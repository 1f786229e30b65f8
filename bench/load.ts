/**
 * The load run of issue 19: 50 concurrent clients (autocannon) for 60 s against get_symbol, then
 * against search_code, over REST on loopback with an API key (authentication required), printing
 * throughput, p50/p95/p99 and errors of each, and whether the audit kept a record of every call.
 *
 *   npm run bench:load -- [--connections n] [--seconds s] [--no-cache]
 *
 * The server is a `lore serve` over test/fixtures/order-service (its own Neo4j unless NEO4J_URI is
 * set), which requires credentials: the run makes a read key with `lore keys create` first. Each run
 * cycles through the fixture's symbols (by uid) and a set of searches; with the read cache on (the
 * default) repeated questions are answered from it, --no-cache serves with LORE_CACHE_MAX_MB=0.
 * Audit and metrics are on: after the runs, the audit chain's new records (`lore audit verify`) are
 * compared with the requests sent, and the chain is verified.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { type ServedFixtures, serveFixtures } from './served-fixtures';

const QUERIES = [
  'place order',
  'discount',
  'payment',
  'inventory reservation',
  'order total',
  'customer',
  'repository',
  'validate',
  'refund',
  'shipping',
];

interface Options {
  connections: number;
  seconds: number;
  cache: boolean;
}

function parseOptions(args: readonly string[]): Options {
  const value = (flag: string, fallback: number): number => {
    const index = args.indexOf(flag);
    return index === -1 ? fallback : Number(args[index + 1]);
  };
  return { connections: value('--connections', 50), seconds: value('--seconds', 60), cache: !args.includes('--no-cache') };
}

interface RunFigures {
  label: string;
  requests: number;
  throughput: number;
  p50: number;
  p90: number;
  p975: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

async function load(url: string, key: string, label: string, paths: readonly string[], options: Options): Promise<RunFigures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${key}` },
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  // autocannon's histogram gives p90 and p97.5, not p95: both are printed, they bracket it.
  const latency = result.latency as unknown as Record<string, number>;
  return {
    label,
    requests: result.requests.total,
    throughput: result.requests.average,
    p50: latency.p50!,
    p90: latency.p90!,
    p975: latency.p97_5!,
    p99: latency.p99!,
    max: latency.max!,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

/** The audit chain of the tenant: its last record's seq, and whether `lore audit verify` finds it intact. */
function auditHead(served: ServedFixtures): { headSeq: number; valid: boolean } {
  const verified = JSON.parse(served.lore(['audit', 'verify', '--tenant', served.tenant, '--json'])) as {
    valid: boolean;
    chains: { headSeq: number }[];
  };
  return { headSeq: verified.chains[0]?.headSeq ?? 0, valid: verified.valid };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const served = await serveFixtures({
    tenant: 'load',
    repositories: [{ fixture: 'order-service', repositoryId: 'order-service' }],
    keys: { reader: { tenant: 'load' } },
    // 50 clients of one key are far past the per-principal rate limit: what is measured is the server behind it.
    env: { LORE_LOG_LEVEL: 'warn', LORE_RATE_LIMIT_PER_MINUTE: '0', ...(options.cache ? {} : { LORE_CACHE_MAX_MB: '0' }) },
  });
  const key = served.keys.reader!;
  try {
    const headers = { authorization: `Bearer ${key}` };
    const auditBefore = auditHead(served);
    // The symbols to ask for: every symbol of the fixture a broad search finds, by uid (names may be ambiguous).
    const uids = new Set<string>();
    for (const query of QUERIES) {
      const response = await fetch(`${served.url}/api/v1/search?query=${encodeURIComponent(query)}&maxResults=50`, { headers });
      if (!response.ok) throw new Error(`search ${query}: ${response.status} ${await response.text()}`);
      for (const hit of ((await response.json()) as { results: { uid: string }[] }).results) uids.add(hit.uid);
    }
    const setupRequests = QUERIES.length;
    const symbolPaths = [...uids].map((uid) => `/api/v1/symbols?uid=${encodeURIComponent(uid)}`);
    const searchPaths = QUERIES.flatMap((query) =>
      [5, 10, 20].map((max) => `/api/v1/search?query=${encodeURIComponent(query)}&maxResults=${max}`),
    );
    const runs = [
      await load(served.url, key, 'get_symbol (GET /api/v1/symbols?uid=...)', symbolPaths, options),
      await load(served.url, key, 'search_code (GET /api/v1/search?query=...)', searchPaths, options),
    ];
    const sent = setupRequests + runs.reduce((sum, run) => sum + run.requests, 0);
    // The audit's one writer appends within 100 ms of a call; the server is asked nothing meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const auditAfter = auditHead(served);
    const recorded = auditAfter.headSeq - auditBefore.headSeq;
    const audit = `audit: ${recorded} records for ${sent} requests sent, ${recorded >= sent ? 'none lost' : `${sent - recorded} LOST`}; chain ${auditAfter.valid ? 'valid' : 'BROKEN'} (lore audit verify)`;
    const metrics = await fetch(`${served.url}/metrics`, { headers }).catch(() => null);
    process.stdout.write(
      [
        `load run: ${options.connections} connections, ${options.seconds} s each, REST on loopback, Authorization: Bearer <key> (auth required), read cache ${options.cache ? 'on' : 'off (LORE_CACHE_MAX_MB=0)'}; ${uids.size} symbols, ${searchPaths.length} searches cycled`,
        `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, load ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')} (uptime: ${execFileSync('uptime').toString().trim()}), node ${process.version}`,
        '',
        '| operation | requests | req/s | p50 ms | p90 ms | p97.5 ms | p99 ms | max ms | errors | non-2xx | timeouts |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        ...runs.map(
          (run) =>
            `| ${run.label} | ${run.requests} | ${run.throughput.toFixed(0)} | ${run.p50} | ${run.p90} | ${run.p975} | ${run.p99} | ${run.max} | ${run.errors} | ${run.non2xx} | ${run.timeouts} |`,
        ),
        '',
        audit,
        `metrics: ${metrics?.ok ? 'GET /metrics answered' : 'n/a (no /metrics on this build)'}`,
        '',
      ].join('\n'),
    );
    if (runs.some((run) => run.errors + run.non2xx + run.timeouts > 0)) process.exitCode = 1;
  } finally {
    await served.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
