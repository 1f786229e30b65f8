/**
 * What check_dead_code calls dead in a checkout, read the way analysis reads the graph (the facts of
 * cypher/queries/code-health: symbols with their enclosing symbol, CALLS/EXTENDS/IMPLEMENTS/TESTS
 * inside the repository, IMPORTS by path) from the snapshot the indexer makes, without a Neo4j. Prints
 * the counts by status (by reachability alone, then checked against the code as check_dead_code
 * does: checkedAgainstCode) and a seeded sample of the items called dead, one per line (path:line, kind,
 * qualified name, confidence), for a person to check each by hand in the repository (grep for uses).
 *
 *   npm run bench:dead-code -- bench/.repos/hono [--sample 40] [--seed 48] [--unreached | --public] [--set bench/dead-code-sets/hono.json] [--as-application]
 *
 * A library's public names nothing in the repository uses are information, never findings: the
 * count is printed on its own line. --as-application reads the repository as an application
 * whatever its manifests say (its public names nothing uses are then `unknown` findings).
 *
 * With --set (a frozen set: the items checked by hand, each with its verdict, used or dead), it
 * scores the run against the set: of the items called dead, how many the hand check found used, how
 * many it never checked, and of the items it found dead, how many are called dead (recall).
 *
 * The sets checked this way, with each item's verdict, are in docs/analysis.md ("Dead code against
 * real repositories").
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readRepository, SourceRepository } from '@lore/indexer';
import { MANIFEST_PATHS, publicationOf } from '@lore/code-health/code-health/publication';
import { ALL_NAME, withDeclaredAll } from '@lore/code-health/code-health/python-all';
import { checkedAgainstCode, deadCodeQuestions, unreachedSymbols } from '@lore/code-health/code-health/reachability';
import { healthFactsOf } from './health-facts';
import { seededRandom } from './seeded-random';

/** One hand-checked item of a frozen set (bench/dead-code-sets/<set>.json). */
interface CheckedItem {
  path: string;
  line: number;
  symbol: string;
  verdict: 'used' | 'dead';
  why: string;
}

const itemKey = (item: { path: string; line: number; symbol: string }) => `${item.path}:${item.line} ${item.symbol}`;

/** The run scored against a frozen set's verdicts. */
function scoreAgainstSet(setPath: string, calledDead: { path: string; line: number; symbol: string }[]): void {
  const items = (JSON.parse(readFileSync(setPath, 'utf8')) as { items: CheckedItem[] }).items;
  const verdicts = new Map(items.map((item) => [itemKey(item), item.verdict]));
  const dead = new Set(calledDead.map(itemKey));
  const used = calledDead.filter((item) => verdicts.get(itemKey(item)) === 'used');
  const unchecked = calledDead.filter((item) => !verdicts.has(itemKey(item)));
  const deadByHand = items.filter((item) => item.verdict === 'dead');
  const found = deadByHand.filter((item) => dead.has(itemKey(item)));
  const share = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
  console.log(
    `set ${setPath}: ${items.length} checked by hand; called dead ${calledDead.length}, used ${used.length} (${share(used.length, calledDead.length)}), not in the set ${unchecked.length}; dead by hand ${deadByHand.length}, called dead ${found.length} (recall ${share(found.length, deadByHand.length)})`,
  );
  for (const item of [...used, ...unchecked]) console.log(`  ${verdicts.has(itemKey(item)) ? 'used' : 'unchecked'}: ${itemKey(item)}`);
}

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
  const indexed = healthFactsOf(snapshot);
  const source = { rootPath: root, commitSha: snapshot.commitSha, gitPrefix: '' };
  // As the service does: a Python module's `__all__`, read from the code, adds to its public names.
  const pythonPaths = indexed.files.filter((file) => file.language === 'python').map((file) => file.path);
  const facts = withDeclaredAll(indexed, await new SourceRepository().filesNaming(source, ALL_NAME, pythonPaths), 'uses');
  const publication = process.argv.includes('--as-application')
    ? { published: false, by: 'read as an application (--as-application)' }
    : publicationOf(await new SourceRepository().filesAtCommit(source, MANIFEST_PATHS));
  const reached = unreachedSymbols(facts, true, publication);
  const questions = deadCodeQuestions(facts, true, publication);
  const code = await new SourceRepository().namesInCode(source, questions.names, questions.declarations, questions.codeEndings);
  const unreached = checkedAgainstCode(reached, facts, code);
  const dead = unreached.filter((item) => item.status === 'dead');
  console.log(`repository ${root} @ ${snapshot.commitSha.slice(0, 12)}: ${snapshot.symbols.length} symbols; ${publication.by}`);
  console.log(
    `by reachability alone: dead ${reached.filter((item) => item.status === 'dead').length}, unknown ${reached.filter((item) => item.status === 'unknown').length} (of them public names nothing in the repository uses: ${reached.filter((item) => item.publicApi).length})`,
  );
  const information = unreached.filter((item) => item.publicApi === 'library').length;
  console.log(`checked against the code: dead ${dead.length}, unknown ${unreached.length - dead.length - information}`);
  console.log(`information (a library's public names nothing in the repository uses, counted by no gate): ${information}`);
  // --unreached: the items reachability alone calls dead, each with what the check against the code made of it (the hand-checked sets).
  // --public: a library's public names nothing in the repository uses (information: its clients may call them).
  const pool = process.argv.includes('--unreached')
    ? unreached.filter((item) => reached.some((alone) => alone.symbol.uid === item.symbol.uid && alone.status === 'dead'))
    : process.argv.includes('--public')
      ? unreached.filter((item) => item.publicApi === 'library')
      : [...dead];
  const setPath = argument('--set', '');
  if (setPath !== '') {
    scoreAgainstSet(
      setPath,
      dead.map((item) => ({ path: item.symbol.path, line: item.symbol.startLine, symbol: item.symbol.qualifiedName })),
    );
  }
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
