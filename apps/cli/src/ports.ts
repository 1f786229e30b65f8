import { createServer } from 'node:net';
import { InvalidInputError } from '@lore/domain';

/**
 * Refuses, before anything starts, a port another process holds: a user learns which port and how
 * to choose another at once, not from a stack trace after Neo4j started and the repository was read.
 * (A port taken between this check and the bind is still reported clearly by the server itself.)
 */
export async function assertPortFree(host: string, port: number, role: string, howToChange: string): Promise<void> {
  const inUse = await new Promise<boolean>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
  if (inUse) {
    throw new InvalidInputError(`Port ${port} on ${host} (${role}) is already in use.`, {
      hint: `Stop the process that holds it, or ${howToChange}.`,
      details: { host, port },
    });
  }
}
