/**
 * Exits with `code` once everything written to stdout and stderr has left the process. On Linux a
 * pipe is written asynchronously: exiting at once cut answers at the pipe's 64 KiB buffer, with exit 0.
 * A write's callback runs after every earlier write was handed to the OS, so an empty write is the flush.
 */
export async function exitAfterOutput(code: number): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))));
  process.exit(code);
}
