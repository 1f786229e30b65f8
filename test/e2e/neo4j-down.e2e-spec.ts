import { freePort, runCli, startServer, type RunningServer } from '../support/processes';

/** With Neo4j unreachable the server stays up, /ready says why, and calls answer `unavailable`. */
describe('Neo4j down', () => {
  let server: RunningServer;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    env = { NEO4J_URI: `bolt://127.0.0.1:${await freePort()}`, NEO4J_PASSWORD: 'unused', NEO4J_MAX_RETRY_MS: '200' };
    server = await startServer(env);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('keeps serving: /health is alive, /ready is not, REST and GraphQL answer unavailable', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, checks: { neo4j: 'down', migrations: 'pending' } });

    const search = await fetch(`${server.url}/api/v1/search?query=order`);
    expect(search.status).toBe(503);
    expect(search.headers.get('content-type')).toContain('application/problem+json');
    expect(await search.json()).toMatchObject({
      status: 503,
      code: 'unavailable',
      retryable: true,
      detail: 'The graph database is unavailable.',
    });

    const graphql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ searchCode(input: {query: "order"}) { results { uid } } }' }),
    });
    expect(((await graphql.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('unavailable');
    expect(server.process.exitCode).toBeNull();
  });

  it('opens its circuit after calls in a row found Neo4j unreachable: the next answers at once that Lore is not asking it now', async () => {
    const details = async () => ((await (await fetch(`${server.url}/api/v1/search?query=order`)).json()) as { details: unknown }).details;
    // NEO4J_CIRCUIT_FAILURES (3) calls in a row may find it unreachable, counting the ones above; then the circuit is open.
    const seen = [await details(), await details(), await details(), await details()];
    expect(seen.slice(-1)).toEqual([{ reason: 'circuit_open', retryAfterSeconds: 10 }]);
    expect(seen.filter((said) => JSON.stringify(said) === JSON.stringify({ neo4jCode: 'ServiceUnavailable' })).length).toBeLessThanOrEqual(
      3,
    );
    expect((await fetch(`${server.url}/ready`)).status).toBe(503);
  });

  it('makes the CLI exit 4 with a JSON error', async () => {
    const result = await runCli(['search', 'order', '--json'], env);
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'unavailable', retryable: true } });
  });
});
