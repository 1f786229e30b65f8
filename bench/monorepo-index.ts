/**
 * What the indexer alone (no Neo4j) costs on a large monorepo: the time until the queryable snapshot
 * (files, symbols, imports, calls by scope and name) and until the exact one (every call resolved by
 * the TypeScript checker, one project's program at a time), the process's peak resident memory until
 * each point (the kernel's high-water mark: the passes are synchronous, a timer would not sample them),
 * the calls by confidence, the files skipped by rule, and what the index stores per function body
 * (nested bodies, bodies fingerprinted, the bytes of those properties as JSON). Reads without a
 * cache, or with the per-file cache in `--cache <dir>` (run twice, the second run is a commit hook's
 * `lore index` of an unchanged or slightly changed commit); writes nothing to Neo4j.
 *
 *   npm run bench:monorepo -- <repository path> [--name <repository id>] [--cache <dir>]
 *
 * (Node runs as `lore index` runs it: a 64 MB young generation and --expose-gc, see bin/lore.js.)
 */
import type { RepositorySnapshot } from '@lore/domain';
import { readRepository } from '@lore/indexer';

function confidences(snapshot: RepositorySnapshot): string {
  const counts = new Map<string, number>();
  for (const call of snapshot.calls) counts.set(call.confidence, (counts.get(call.confidence) ?? 0) + 1);
  return [...counts].map(([confidence, count]) => `${confidence} ${count}`).join(', ');
}

function skippedByRule(snapshot: RepositorySnapshot): string {
  const counts = new Map<string, number>();
  for (const { reason } of snapshot.skipped) {
    const rule = /rule "([^"]+)"/.exec(reason)?.[1] ?? reason.replace(/\d+/g, 'n');
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([rule, count]) => `${rule} ${count}`)
    .join('; ');
}

/** The function bodies: measured, nested, fingerprinted, and the size of what they add to the Symbol nodes. */
function functionBodies(snapshot: RepositorySnapshot): string {
  const measured = snapshot.symbols.filter((symbol) => symbol.bodyTokenCount !== undefined);
  const nested = measured.filter((symbol) => symbol.nested).length;
  const fingerprinted = measured.filter((symbol) => symbol.exactFingerprint !== null).length;
  const windows = measured.reduce((sum, symbol) => sum + (symbol.blockFingerprints?.length ?? 0), 0);
  const bytes = measured.reduce(
    (sum, symbol) =>
      sum +
      JSON.stringify([
        symbol.nested,
        symbol.cognitiveComplexity,
        symbol.bodyTokenCount,
        symbol.exactFingerprint,
        symbol.renamedFingerprint,
        symbol.nearMissSignature,
        symbol.blockFingerprints,
      ]).length,
    0,
  );
  return `bodies ${measured.length} (nested ${nested}, fingerprinted ${fingerprinted}, block windows ${windows}), their metrics ${(bytes / 1024 / 1024).toFixed(1)} MB as JSON`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const valueOf = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const repositoryId = valueOf('--name');
  const cacheDir = valueOf('--cache');
  const values = new Set(['--name', '--cache'].map((flag) => args.indexOf(flag) + 1).filter((index) => index > 0));
  const root = args.find((arg, index) => !arg.startsWith('--') && !values.has(index));
  if (!root) throw new Error('usage: monorepo-index <repository path> [--name <repository id>] [--cache <dir>]');
  const peak = (): string => `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`;
  const started = performance.now();
  const seconds = (): string => ((performance.now() - started) / 1000).toFixed(1);
  const reading = await readRepository(root, { tenantId: 'bench', repositoryId, maxFileBytes: 1024 * 1024, cacheDir });
  const { snapshot } = reading;
  console.log(`queryable ${seconds()} s, peak RSS ${peak()}`);
  console.log(
    `          files ${snapshot.files.length}, symbols ${snapshot.symbols.length}, imports ${snapshot.imports.length}, calls ${snapshot.calls.length} (${confidences(snapshot)})`,
  );
  console.log(`          skipped ${snapshot.skipped.length}: ${skippedByRule(snapshot)}`);
  console.log(`          ${functionBodies(snapshot)}`);
  if (reading.resolveExactly) {
    const exact = await reading.resolveExactly();
    console.log(`exact     ${seconds()} s, peak RSS ${peak()}`);
    console.log(`          calls ${exact.calls.length} (${confidences(exact)}), inheritance ${exact.inheritance.length}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
