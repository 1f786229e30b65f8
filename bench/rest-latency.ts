/**
 * Query latency through REST with one client, uncached: get_symbol, search_code and analyze_impact
 * (depth 3) asked one after the other of a `lore serve` started with the read cache off
 * (LORE_CACHE_MAX_MB=0) and the per-credential rate limit off (LORE_RATE_LIMIT_PER_MINUTE=0: one client asking
 * a thousand questions a minute is the measurement, not abuse), over a repository already indexed into the Neo4j of NEO4J_URI. Prints p50,
 * p95 and p99 of each beside issue 46's targets, with the load average.
 *
 *   lore index <path> --name <id>        # first, into the Neo4j of NEO4J_URI / NEO4J_PASSWORD
 *   npm run bench:rest-latency -- --name <id> [--runs n] [--seed n]
 *
 * Inputs come from the graph: the most-called symbols and random ones (by uid), search words taken
 * from symbol names. Each capability runs WARM_UP_RUNS times, then --runs times (default 300) over
 * its inputs in turn.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import neo4j from 'neo4j-driver';
import { freePort, LORE, waitFor } from './served-fixtures';
import { seededRandom } from './seeded-random';

const WARM_UP_RUNS = 30;
const DEFAULT_RUNS = 300;
const CENTRAL_SYMBOLS = 20;
const RANDOM_SYMBOLS = 100;
const SEARCH_WORDS = 30;

/** Issue 46's targets, p95 in milliseconds. */
const TARGETS: Record<string, number> = { get_symbol: 10, search_code: 30, 'analyze_impact depth 3': 30 };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function inputsOf(repositoryId: string, seed: number): Promise<{ uids: string[]; words: string[] }> {
  const driver = neo4j.driver(
    process.env.NEO4J_URI!,
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? ''),
  );
  try {
    const { records: central } = await driver.executeQuery(
      'MATCH (t:Symbol {repoId: $repositoryId})<-[c:CALLS]-() WITH t, count(c) AS calls ORDER BY calls DESC, t.uid LIMIT $limit RETURN t.uid AS uid',
      { repositoryId, limit: neo4j.int(CENTRAL_SYMBOLS) },
    );
    const { records: all } = await driver.executeQuery(
      'MATCH (s:Symbol {repoId: $repositoryId}) RETURN s.uid AS uid, s.name AS name ORDER BY s.uid',
      {
        repositoryId,
      },
    );
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[], count: number): T[] =>
      Array.from({ length: count }, () => items[Math.floor(random() * items.length)]!);
    const names = all.map((record) => record.get('name') as string).filter((name) => /^[A-Za-z]{4,}$/.test(name));
    return {
      uids: [
        ...central.map((record) => record.get('uid') as string),
        ...pick(all, RANDOM_SYMBOLS).map((record) => record.get('uid') as string),
      ],
      words: pick(names, SEARCH_WORDS),
    };
  } finally {
    await driver.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const valueOf = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const repositoryId = valueOf('--name');
  if (!repositoryId || !process.env.NEO4J_URI)
    throw new Error('usage: NEO4J_URI=… rest-latency --name <indexed repository id> [--runs n] [--seed n]');
  const runs = Number(valueOf('--runs') ?? DEFAULT_RUNS);
  const { uids, words } = await inputsOf(repositoryId, Number(valueOf('--seed') ?? 46));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [LORE, 'serve'], {
    env: {
      ...process.env,
      LORE_HOST: '127.0.0.1',
      LORE_PORT: String(port),
      LORE_CACHE_MAX_MB: '0',
      LORE_RATE_LIMIT_PER_MINUTE: '0',
      LORE_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/ready`);
    const capabilities: [string, (n: number) => string][] = [
      ['get_symbol', (n) => `/api/v1/symbols?uid=${encodeURIComponent(uids[n % uids.length]!)}`],
      ['search_code', (n) => `/api/v1/search?query=${encodeURIComponent(words[n % words.length]!)}`],
      ['analyze_impact depth 3', (n) => `/api/v1/impact?uid=${encodeURIComponent(uids[n % uids.length]!)}&depth=3`],
    ];
    console.log(
      `${repositoryId} through REST, one client, read cache off; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    for (const [label, pathOf] of capabilities) {
      const times: number[] = [];
      for (let n = 0; n < WARM_UP_RUNS + runs; n++) {
        const started = performance.now();
        const response = await fetch(url + pathOf(n));
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${label}: ${response.status} for ${pathOf(n)}`);
        if (n >= WARM_UP_RUNS) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(1));
      console.log(`${label.padEnd(24)} runs ${runs}  p50 ${p50} ms  p95 ${p95} ms  p99 ${p99} ms  (target p95 < ${TARGETS[label]} ms)`);
    }
    console.log(
      `load average after ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await new Promise((exited) => (server.exitCode === null ? server.once('exit', exited).kill('SIGTERM') : exited(undefined)));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
