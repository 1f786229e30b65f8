import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer as small as it gets: each request to the next server in turn, bodies streamed both ways. */
export interface RoundRobinProxy {
  url: string;
  /** How many requests each server was sent, in the order the servers were given. */
  served: number[];
  stop(): Promise<void>;
}

export async function startRoundRobinProxy(servers: readonly string[]): Promise<RoundRobinProxy> {
  const served = servers.map(() => 0);
  let next = 0;
  const proxy: Server = createServer((incoming, answer) => {
    const index = next++ % servers.length;
    served[index]! += 1;
    const upstream = request(new URL(incoming.url!, servers[index]), { method: incoming.method, headers: incoming.headers }, (response) => {
      answer.writeHead(response.statusCode!, response.headers);
      response.pipe(answer);
    });
    upstream.on('error', (error) => answer.writeHead(502).end(String(error)));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    stop: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}
