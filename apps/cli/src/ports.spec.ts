import { createServer, type Server } from 'node:net';
import { assertPortFree } from './ports';

describe('assertPortFree', () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('names the port, its role and how to choose another when it is taken', async () => {
    await expect(assertPortFree('127.0.0.1', port, 'the HTTP server', 'choose another with --port or LORE_PORT')).rejects.toMatchObject({
      code: 'invalid_input',
      message: `Port ${port} on 127.0.0.1 (the HTTP server) is already in use.`,
      hint: 'Stop the process that holds it, or choose another with --port or LORE_PORT.',
    });
  });

  it('lets a free port pass, and leaves it free', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: found } = probe.address() as { port: number };
        probe.close(() => resolve(found));
      });
    });
    await expect(assertPortFree('127.0.0.1', free, 'Bolt', 'choose another with --bolt-port')).resolves.toBeUndefined();
    await expect(assertPortFree('127.0.0.1', free, 'Bolt', 'choose another with --bolt-port')).resolves.toBeUndefined();
  });
});
