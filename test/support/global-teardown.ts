export default async function globalTeardown(): Promise<void> {
  const neo4j = (globalThis as Record<string, unknown>).__loreNeo4j as { stop(): Promise<void> } | undefined;
  await neo4j?.stop();
}
