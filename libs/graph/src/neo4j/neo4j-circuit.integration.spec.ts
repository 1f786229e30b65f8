import { type Server, type Socket, createServer, connect } from 'node:net';
import { loadConfig } from '@lore/config';
import type { LoreError } from '@lore/domain';
import { Neo4jService } from './neo4j.service';

/**
 * The circuit breaker around Neo4j, against the worker's real Neo4j behind a TCP relay this spec
 * can take down and bring back: unreachable twice in a row opens the circuit, calls then fail at
 * once as circuit_open, and once the half-open time has passed one call finds Neo4j back and closes it.
 */
describe('the Neo4j circuit breaker', () => {
  const base = loadConfig();
  const neo4jPort = Number(new URL(base.NEO4J_URI.replace(/^bolt:/, 'http:')).port);
  const sockets = new Set<Socket>();
  let relay: Server;
  let relayPort: number;
  let service: Neo4jService;

  /** Listens on relayPort (any free port the first time) and pipes each connection to Neo4j. */
  function openRelay(port = 0): Promise<number> {
    relay = createServer((client) => {
      const upstream = connect(neo4jPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise((listening) => relay.listen(port, '127.0.0.1', () => listening((relay.address() as { port: number }).port)));
  }

  /** Stops listening and drops every connection through the relay: Neo4j is gone as far as the driver can tell. */
  function closeRelay(): Promise<void> {
    for (const socket of sockets) socket.destroy();
    return new Promise((closed) => relay.close(() => closed()));
  }

  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: LoreError) => ({ code: error.code, details: error.details }),
    );

  beforeAll(async () => {
    relayPort = await openRelay();
    service = new Neo4jService({
      ...base,
      NEO4J_URI: `bolt://127.0.0.1:${relayPort}`,
      NEO4J_MAX_RETRY_MS: 0,
      NEO4J_CIRCUIT_FAILURES: 2,
      NEO4J_CIRCUIT_HALF_OPEN_MS: 1000,
    });
  });

  afterAll(async () => {
    await service.onModuleDestroy();
    if (relay.listening) await closeRelay();
  });

  it('opens after two calls found Neo4j unreachable, fails the next at once, and closes when a call finds it back', async () => {
    expect(await service.read('RETURN 1 AS one')).toEqual([{ one: 1 }]);

    await closeRelay();
    const unreachable = { code: 'unavailable', details: { neo4jCode: 'ServiceUnavailable' } };
    expect(await failure(service.read('RETURN 1 AS one'))).toEqual(unreachable);
    expect(await failure(service.read('RETURN 1 AS one'))).toEqual(unreachable);
    const open = { code: 'unavailable', details: { reason: 'circuit_open', retryAfterSeconds: 1 } };
    expect(await failure(service.read('RETURN 1 AS one'))).toEqual(open);

    // Neo4j is back, but the circuit is still open: the call is not tried until the half-open time has passed.
    await openRelay(relayPort);
    expect(await failure(service.read('RETURN 1 AS one'))).toEqual(open);
    await new Promise((wait) => setTimeout(wait, 1100));
    expect(await service.read('RETURN 2 AS two')).toEqual([{ two: 2 }]);
    expect(await service.read('RETURN 3 AS three')).toEqual([{ three: 3 }]);
  });

  it('does not count work Neo4j refused: a bad query leaves the circuit closed', async () => {
    for (let n = 0; n < 3; n++) expect((await failure(service.read('RETURN nothing_here')))?.code).toBe('internal');
    expect(await service.read('RETURN 4 AS four')).toEqual([{ four: 4 }]);
  });
});
