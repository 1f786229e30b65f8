// What one row of a snapshot write costs in Neo4j's transaction memory, against SnapshotWriter's estimate.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import neo4j, { type Driver } from 'neo4j-driver';
import { rowBytes, SNAPSHOT_QUERIES, type Params } from '@lore/graph';

type Launcher = typeof import('../tools/neo4j-local/launcher');

/**
 * Starts tools/neo4j-local with db.memory.transaction.max set low (`--limit`, default 16m) and the
 * schema of cypher/migrations, then finds by bisection how many Symbol nodes, and how many CALLS
 * between existing symbols, one transaction holds when written with the snapshot writer's own
 * statements (UNWIND batches of 2000, rolled back). Prints the bytes per row Neo4j took and what
 * SnapshotWriter estimates for the same rows.
 *
 *   npm run build && node dist/bench/transaction-memory.js [--limit 16m]
 */
const ROOT = join(__dirname, '..', '..');
const limitArgument = process.argv.indexOf('--limit');
const LIMIT = limitArgument > 0 ? process.argv[limitArgument + 1]! : '16m';
const LIMIT_BYTES = Number.parseInt(LIMIT, 10) * 1024 ** ({ k: 1, m: 2, g: 3 }[LIMIT.slice(-1).toLowerCase()] ?? 0);

function symbolRow(i: number): { uid: string; props: Record<string, unknown> } {
  const uid = `bench:r:src/m${i % 200}.ts#f${i}_x`;
  return {
    uid,
    props: {
      uid,
      tenantId: 'bench',
      repoId: 'r',
      name: `f${i}_x`,
      nameTokens: `f ${i} x`,
      qualifiedName: `f${i}_x`,
      kind: 'function',
      language: 'typescript',
      path: `src/m${i % 200}.ts`,
      startLine: i,
      endLine: i + 3,
      signature: `export function f${i}_x(n: number): number`,
      doc: `Step ${i} of a generated file.`,
      exported: true,
      complexity: 1,
      hash: 'e3b0c44298fc1c149afbf4c8996fb924',
    },
  };
}

function callRow(i: number): { type: string; fromUid: string; toUid: string; props: Record<string, unknown> } {
  return {
    type: 'CALLS',
    fromUid: symbolRow(i % 20_000).uid,
    toUid: symbolRow((i + 7) % 20_000).uid,
    props: { line: 3, count: 1, confidence: 'exact' },
  };
}

/** Whether `count` rows fit in one transaction (rolled back either way). */
async function fits(driver: Driver, query: string, rows: (i: number) => object, count: number): Promise<boolean> {
  const session = driver.session();
  try {
    await session.executeWrite(async (tx) => {
      for (let start = 0; start < count; start += 2000) {
        const batch = Array.from({ length: Math.min(2000, count - start) }, (_, k) => rows(100_000 + start + k));
        await tx.run(query, { tenantId: 'bench', repoId: 'r', rows: batch });
      }
      throw Object.assign(new Error('rolled back'), { rolledBack: true });
    });
    return true;
  } catch (error) {
    if ((error as { rolledBack?: boolean }).rolledBack) return true;
    if (/db\.memory\.transaction\.max/.test((error as Error).message)) return false;
    throw error;
  } finally {
    await session.close();
  }
}

async function main(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require(join(ROOT, 'tools', 'neo4j-local', 'launcher.js')) as Launcher;
  launcher.ensureBuilt({ quiet: true });
  const server = await launcher.startNeo4jLocal({
    port: await launcher.findFreePort(),
    dataDir: mkdtempSync(join(tmpdir(), 'lore-bench-transaction-memory-')),
    password: 'bench-password',
    settings: { 'db.memory.transaction.max': LIMIT },
  });
  const driver = neo4j.driver(server.uri, neo4j.auth.basic('neo4j', 'bench-password'));
  try {
    const migrations = join(ROOT, 'cypher', 'migrations');
    for (const file of readdirSync(migrations).sort()) {
      for (const statement of readFileSync(join(migrations, file), 'utf8').match(/^CREATE[^;]*/gm) ?? [])
        await driver.executeQuery(statement);
    }
    // The symbols the relationships join, in transactions small enough for any limit.
    for (let start = 0; start < 20_000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => symbolRow(start + k));
      await driver.executeQuery(SNAPSHOT_QUERIES.createNodes.Symbol, { rows });
    }
    const cases: [string, string, (i: number) => object][] = [
      ['Symbol node', SNAPSHOT_QUERIES.createNodes.Symbol, symbolRow],
      ['CALLS relationship', SNAPSHOT_QUERIES.createRelationships.get('Symbol->Symbol')!, callRow],
    ];
    console.log(`db.memory.transaction.max=${LIMIT}`);
    for (const [name, query, rows] of cases) {
      let fitting = 100;
      let failing = 200_000;
      while (failing - fitting > 50) {
        const middle = Math.floor((fitting + failing) / 2);
        if (await fits(driver, query, rows, middle)) fitting = middle;
        else failing = middle;
      }
      const measured = Math.round(LIMIT_BYTES / fitting);
      const estimated = rowBytes(rows(100_000) as Params);
      console.log(
        `${name}: ${fitting} rows fit; ${measured} bytes per row measured, ${estimated} estimated (${(estimated / measured).toFixed(2)}×)`,
      );
    }
  } finally {
    await driver.close();
    await server.stop();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
