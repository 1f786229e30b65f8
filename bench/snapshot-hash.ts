/**
 * One fingerprint of what the indexer makes of a repository, to prove that a change to the indexer
 * left its output byte-for-byte the same: the sha256 of the queryable snapshot's graph and of the
 * exact one's (every node and relationship line, as bench/incremental-check.ts compares them), and
 * their counts. Reads the repository without a cache; writes nothing.
 *
 *   npm run bench:hash -- <repository path> [--name <repository id>]
 *
 * (The script gives Node the 4 GB heap typeorm needs.) Run it before and after the change: every line
 * but the time must be the same.
 */
import { createHash } from 'node:crypto';
import type { RepositorySnapshot } from '@lore/domain';
import { readRepository } from '@lore/indexer';
import { answers } from './snapshot-answers';

const TENANT = 'check';
const MAX_FILE_BYTES = 1024 * 1024;

function fingerprint(snapshot: RepositorySnapshot): string {
  const hash = createHash('sha256');
  for (const line of answers(snapshot)) hash.update(`${line}\n`);
  return hash.digest('hex');
}

function counts(snapshot: RepositorySnapshot): string {
  return `files ${snapshot.files.length}, symbols ${snapshot.symbols.length}, calls ${snapshot.calls.length}, imports ${snapshot.imports.length}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--name');
  const repositoryId = at >= 0 ? args[at + 1] : undefined;
  const root = args.find((arg, index) => !arg.startsWith('--') && (at < 0 || index !== at + 1));
  if (!root) throw new Error('usage: snapshot-hash <repository path> [--name <repository id>]');
  const started = performance.now();
  const reading = await readRepository(root, { tenantId: TENANT, repositoryId, maxFileBytes: MAX_FILE_BYTES, cacheDir: undefined });
  // Before the exact pass: its snapshot is a new object, but the queryable one is hashed as it was handed out.
  console.log(`queryable ${fingerprint(reading.snapshot)} (${counts(reading.snapshot)})`);
  const exact = reading.resolveExactly ? await reading.resolveExactly() : reading.snapshot;
  console.log(`exact     ${fingerprint(exact)} (${counts(exact)})`);
  console.log(`time      ${((performance.now() - started) / 1000).toFixed(2)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
