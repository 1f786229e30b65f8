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
 * SnapshotWriter estimates for the same rows. Then, on 200,000 more Symbol nodes and as many shadow
 * ones (StagedNode:StagedSymbol, issue 16's shadow copy), how many nodes one transaction relabels:
 * retired (Symbol → RetiredNode), promoted (StagedSymbol → Symbol), both, as a flip would, and for
 * comparison Symbols retired as found by a label scan, and a label no index or constraint covers.
 *
 *   npm run build && node dist/bench/transaction-memory.js [--limit 16m] [--relabel]
 */
const ROOT = join(__dirname, '..', '..');
const limitArgument = process.argv.indexOf('--limit');
const LIMIT = limitArgument > 0 ? process.argv[limitArgument + 1]! : '16m';
/** `--relabel`: the relabelling cases only. */
const RELABEL_ONLY = process.argv.includes('--relabel');
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

/** A shadow copy's node: another uid, so that promoting it meets no live Symbol of the same uid. */
function stagedRow(i: number): { uid: string; props: Record<string, unknown> } {
  const row = symbolRow(i);
  const uid = row.uid.replace('bench:r:', 'bench:r:staged/');
  return { uid, props: { ...row.props, uid } };
}

const RETIRE = 'UNWIND $rows AS row MATCH (n:Symbol {uid: row.live}) REMOVE n:Symbol SET n:RetiredNode';
const PROMOTE = 'UNWIND $rows AS row MATCH (n:StagedNode {uid: row.staged}) REMOVE n:StagedNode:StagedSymbol SET n:Symbol';
const FLIP = `${RETIRE} WITH row MATCH (m:StagedNode {uid: row.staged}) REMOVE m:StagedNode:StagedSymbol SET m:Symbol`;
const relabelRow = (i: number): object => ({ live: symbolRow(i).uid, staged: stagedRow(i).uid });
// The same label changes found by a label scan (as many nodes as rows, no row read), and on a label no index covers.
const RETIRE_SCANNED = 'MATCH (n:Symbol {tenantId: $tenantId, repoId: $repoId}) WITH n LIMIT size($rows) REMOVE n:Symbol SET n:RetiredNode';
const RELABEL_UNINDEXED = 'MATCH (n:Plain) WITH n LIMIT size($rows) REMOVE n:Plain SET n:OtherPlain';

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
    const { message, code } = error as { message: string; code?: string };
    if (/db\.memory\.transaction\.max/.test(message) || code === 'Neo.TransientError.General.MemoryPoolOutOfMemoryError') return false;
    throw error;
  } finally {
    await session.close();
  }
}

/** What the relabelling cases relabel: live Symbols and shadow ones, 200,000 each, rows 100,000 on. */
async function relabelled(driver: Driver): Promise<void> {
  // How a shadow copy's nodes would be found: by uid, and by tenant and repository.
  await driver.executeQuery('CREATE INDEX bench_staged_node_uid IF NOT EXISTS FOR (n:StagedNode) ON (n.uid)');
  await driver.executeQuery('CREATE INDEX bench_staged_node_tenant_repo IF NOT EXISTS FOR (n:StagedNode) ON (n.tenantId, n.repoId)');
  await driver.executeQuery('CALL db.awaitIndexes()');
  for (let start = 100_000; start < 300_000; start += 1000) {
    const index = Array.from({ length: 1000 }, (_, k) => start + k);
    await driver.executeQuery(SNAPSHOT_QUERIES.createNodes.Symbol, { rows: index.map(symbolRow) });
    await driver.executeQuery('UNWIND $rows AS row CREATE (n:StagedNode:StagedSymbol) SET n = row.props', { rows: index.map(stagedRow) });
    await driver.executeQuery('UNWIND $rows AS row CREATE (n:Plain) SET n = row.props', { rows: index.map(stagedRow) });
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
  // No retries: a transaction over the limit fails at once (Neo4j calls some of those transient).
  const driver = neo4j.driver(server.uri, neo4j.auth.basic('neo4j', 'bench-password'), { maxTransactionRetryTime: 0 });
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
    const allCases: [string, string, (i: number) => object][] = [
      ['Symbol node', SNAPSHOT_QUERIES.createNodes.Symbol, symbolRow],
      ['CALLS relationship', SNAPSHOT_QUERIES.createRelationships.get('Symbol->Symbol')!, callRow],
      ['Symbol retired (label removed, RetiredNode added)', RETIRE, relabelRow],
      ['shadow Symbol promoted (StagedNode:StagedSymbol removed, Symbol added)', PROMOTE, relabelRow],
      ['flip of one node (one retired, one promoted)', FLIP, relabelRow],
      ['Symbol retired, found by a label scan', RETIRE_SCANNED, relabelRow],
      ['unindexed label changed (Plain → OtherPlain, same properties)', RELABEL_UNINDEXED, relabelRow],
    ];
    const cases = RELABEL_ONLY ? allCases.slice(2) : allCases;
    console.log(`db.memory.transaction.max=${LIMIT}`);
    for (const [name, query, rows] of cases) {
      if (query === RETIRE) await relabelled(driver);
      let fitting = 100;
      let failing = 200_000;
      while (failing - fitting > 50) {
        const middle = Math.floor((fitting + failing) / 2);
        if (await fits(driver, query, rows, middle)) fitting = middle;
        else failing = middle;
      }
      const measured = Math.round(LIMIT_BYTES / fitting);
      if (query === SNAPSHOT_QUERIES.createNodes.Symbol || query === SNAPSHOT_QUERIES.createRelationships.get('Symbol->Symbol')) {
        const estimated = rowBytes(rows(100_000) as Params);
        console.log(
          `${name}: ${fitting} rows fit; ${measured} bytes per row measured, ${estimated} estimated (${(estimated / measured).toFixed(2)}×)`,
        );
      } else console.log(`${name}: ${fitting} rows fit; ${measured} bytes per row measured`);
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
