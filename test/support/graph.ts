import neo4j, { type Driver } from 'neo4j-driver';

/** A driver on the test Neo4j, for arranging and for asserting what the graph holds. */
export function testDriver(): Driver {
  return neo4j.driver(process.env.NEO4J_URI!, neo4j.auth.basic('neo4j', process.env.NEO4J_PASSWORD!), { disableLosslessIntegers: true });
}

/** Empties the graph but keeps the schema, so full-text scores depend only on what a test indexes. */
export async function wipeGraph(driver: Driver): Promise<void> {
  const session = driver.session();
  try {
    // CALL { } IN TRANSACTIONS needs an auto-commit transaction.
    await session.run('MATCH (n) WHERE NOT n:SchemaMigration CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS');
  } finally {
    await session.close();
  }
}

export interface GraphCounts {
  nodes: Record<string, number>;
  relationships: Record<string, number>;
}

/** Node counts by label and relationship counts by type, for one tenant's code graph (vector chunks left out). */
export async function countGraph(driver: Driver, tenantId: string): Promise<GraphCounts> {
  const nodes = await driver.executeQuery(
    "MATCH (n {tenantId: $tenantId}) UNWIND labels(n) AS label WITH label WHERE NOT label STARTS WITH 'Chunk' RETURN label, count(*) AS count ORDER BY label",
    { tenantId },
  );
  const relationships = await driver.executeQuery(
    "MATCH (n {tenantId: $tenantId})-[r]->() WHERE NOT any(label IN labels(n) WHERE label STARTS WITH 'Chunk') RETURN type(r) AS type, count(*) AS count ORDER BY type",
    { tenantId },
  );
  return {
    nodes: Object.fromEntries(nodes.records.map((r) => [r.get('label') as string, r.get('count') as number])),
    relationships: Object.fromEntries(relationships.records.map((r) => [r.get('type') as string, r.get('count') as number])),
  };
}

export interface GraphDump {
  nodes: string[];
  relationships: string[];
}

/**
 * Everything a repository holds in the graph, as sorted lines with the tenant taken out of ids, so
 * the same repository indexed by two tenants (or two ways) can be compared line by line.
 */
export async function dumpRepository(driver: Driver, tenantId: string, repoId: string, slotId = repoId): Promise<GraphDump> {
  // A graph stored in the repository's second slot (storageSlots) is named as the repository, to compare with one in its first.
  const untenant = (value: unknown): string =>
    JSON.stringify(value).split(`${tenantId}:`).join('').split(JSON.stringify(slotId)).join(JSON.stringify(repoId));
  const strip = (props: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(props)
        .filter(([key]) => key !== 'tenantId' && key !== 'hash')
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const nodes = await driver.executeQuery(
    `MATCH (n {tenantId: $tenantId, repoId: $repoId}) WHERE n:File OR n:Symbol OR n:Document OR n:Section
     RETURN labels(n) AS labels, properties(n) AS props`,
    { tenantId, repoId: slotId },
  );
  const relationships = await driver.executeQuery(
    `MATCH (a {tenantId: $tenantId, repoId: $repoId})-[e]->(b) WHERE NOT a:IndexRun
     RETURN type(e) AS type, a.uid AS from, b.uid AS to, properties(e) AS props`,
    { tenantId, repoId: slotId },
  );
  return {
    nodes: nodes.records.map((r) => untenant([r.get('labels'), strip(r.get('props'))])).sort(),
    relationships: relationships.records.map((r) => untenant([r.get('type'), r.get('from'), r.get('to'), strip(r.get('props'))])).sort(),
  };
}
