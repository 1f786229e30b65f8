export default async function globalTeardown(): Promise<void> {
  const instances = ((globalThis as Record<string, unknown>).__loreNeo4j ?? []) as { stop(): Promise<void> }[];
  await Promise.all(instances.map((neo4j) => neo4j.stop()));
}
