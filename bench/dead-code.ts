/**
 * What check_dead_code calls dead in a checkout, read the way analysis reads the graph (the facts of
 * cypher/queries/code-health: symbols with their enclosing symbol, CALLS/EXTENDS/IMPLEMENTS/TESTS
 * inside the repository, IMPORTS by path) from the snapshot the indexer makes, without a Neo4j. Prints
 * the counts by status (by reachability alone, then checked against the code as check_dead_code
 * does: checkedAgainstCode) and a seeded sample of the items called dead, one per line (path:line, kind,
 * qualified name, confidence), for a person to check each by hand in the repository (grep for uses).
 *
 *   npm run bench:dead-code -- bench/.repos/hono [--sample 40] [--seed 48] [--unreached]
 *
 * The sets checked this way, with each item's verdict, are in docs/analysis.md ("Dead code against
 * real repositories").
 */
import { resolve } from 'node:path';
import { readRepository, SourceRepository } from '@lore/indexer';
import { checkedAgainstCode, deadCodeQuestions, unreachedSymbols } from '@lore/code-health/code-health/reachability';
import { healthFactsOf } from './health-facts';
import { seededRandom } from './seeded-random';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1]! : fallback;
}

async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? '.');
  const sampleSize = Number(argument('--sample', '40'));
  const random = seededRandom(Number(argument('--seed', '48')));
  const reading = await readRepository(root, { tenantId: 'bench', maxFileBytes: 1024 * 1024 });
  const snapshot = reading.resolveExactly ? await reading.resolveExactly() : reading.snapshot;
  // Once the exact pass is done a repository's calls are as exact as they will be (callsExact in tenant views).
  const facts = healthFactsOf(snapshot);
  const reached = unreachedSymbols(facts, true);
  const questions = deadCodeQuestions(facts, true);
  const code = await new SourceRepository().namesInCode(
    { rootPath: root, commitSha: snapshot.commitSha, gitPrefix: '' },
    questions.names,
    questions.declarations,
    questions.codeEndings,
  );
  const unreached = checkedAgainstCode(reached, facts, code);
  const dead = unreached.filter((item) => item.status === 'dead');
  console.log(`repository ${root} @ ${snapshot.commitSha.slice(0, 12)}: ${snapshot.symbols.length} symbols`);
  console.log(
    `by reachability alone: dead ${reached.filter((item) => item.status === 'dead').length}, unknown ${reached.filter((item) => item.status === 'unknown').length}`,
  );
  console.log(`checked against the code: dead ${dead.length}, unknown ${unreached.length - dead.length}`);
  // --unreached: the items reachability alone calls dead, each with what the check against the code made of it (the hand-checked sets).
  const pool = process.argv.includes('--unreached')
    ? unreached.filter((item) => reached.some((alone) => alone.symbol.uid === item.symbol.uid && alone.status === 'dead'))
    : [...dead];
  const sample = [];
  while (sample.length < sampleSize && pool.length > 0) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  sample.sort((a, b) => a.symbol.path.localeCompare(b.symbol.path) || a.symbol.startLine - b.symbol.startLine);
  for (const item of sample) {
    console.log(
      `${item.symbol.path}:${item.symbol.startLine}\t${item.symbol.kind}\t${item.symbol.qualifiedName}\t${item.status} ${item.confidence}\t${item.reason}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
