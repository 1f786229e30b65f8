/**
 * jscpd's duplications against Lore's clone groups (issue 48 item 3). Two steps:
 *
 *   npm run bench:clones -- freeze <checkout> <jscpd-report.json> <set.json>
 *     writes a frozen set: the repository, its commit and jscpd's production duplications (pairs of
 *     fragments, paths from the repository root), from a report of jscpd 4.0.5 run with its defaults
 *     (bench/.peers/jscpd; never a dependency of Lore) in the checkout.
 *   npm run bench:clones -- <checkout> <set.json> [...more pairs]
 *     indexes each checkout as the indexer does, groups its clones as analysis does and prints, per
 *     set and on the mean, the share of jscpd's duplications one Lore clone group covers: two distinct
 *     places of the group each holding at least half the lines of one fragment.
 *
 * The sets are bench/clone-sets/*.json; the figures are in docs/analysis.md ("Clones against jscpd").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { readRepository } from '@lore/indexer';
import { groupClones, type CloneGroup, type CloneMember } from '@lore/code-health/code-health/clone-groups';
import { NEAR_MISS_SIMILARITY } from '@lore/domain/schemas/code-health';
import { healthFactsOf } from './health-facts';
import { execFileSync } from 'node:child_process';

export interface Fragment {
  path: string;
  startLine: number;
  endLine: number;
}

export interface CloneSet {
  repository: string;
  commit: string;
  reference: string;
  duplications: [Fragment, Fragment][];
}

/** Fixtures of tests (Go's testdata/, generated protobuf among them) are not production code. */
const TEST_DATA = /(^|\/)testdata\//;

interface JscpdFile {
  name: string;
  start: number;
  end: number;
}

function freeze(checkout: string, reportPath: string, setPath: string): void {
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { duplicates: { firstFile: JscpdFile; secondFile: JscpdFile }[] };
  const root = resolve(checkout);
  const fragment = (file: JscpdFile): Fragment => ({
    path: relative(root, resolve(root, file.name)),
    startLine: file.start,
    endLine: file.end,
  });
  const set: CloneSet = {
    // A checkout of a fetched mirror (/work/.mirror/<owner>+<name>/repo): the repository's GitHub name.
    repository: execFileSync('git', ['-C', root, 'remote', 'get-url', 'origin'], { encoding: 'utf8' })
      .trim()
      .replace(/^.*\/([^/]+)\+([^/]+)\/repo$/, '$1/$2'),
    commit: execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
    reference: 'jscpd 4.0.5, default settings (minTokens 50, minLines 5, mode mild), production files only',
    duplications: report.duplicates
      .map((pair): [Fragment, Fragment] => [fragment(pair.firstFile), fragment(pair.secondFile)])
      .filter((pair) => pair.every((one) => !TEST_DATA.test(one.path))),
  };
  writeFileSync(setPath, `${JSON.stringify(set, null, 1)}\n`);
  console.log(`${setPath}: ${set.duplications.length} duplications of ${set.repository} @ ${set.commit.slice(0, 12)}`);
}

/** Whether a place holds at least half the lines of a fragment. */
export function holds(place: CloneMember, fragment: Fragment): boolean {
  if (place.path !== fragment.path) return false;
  const shared = Math.min(place.endLine, fragment.endLine) - Math.max(place.startLine, fragment.startLine) + 1;
  return shared * 2 >= fragment.endLine - fragment.startLine + 1;
}

/**
 * The pair as its tokens lie: jscpd 4.0.5 gives the second fragment of some pairs an end that is not
 * its own (`tree.go:590-475`, `index.ts:64-121` beside an 8-line first fragment), though both
 * fragments are the same tokens; the second is then read as long as the first.
 */
export function asCopied([first, second]: readonly [Fragment, Fragment]): [Fragment, Fragment] {
  const lines = first.endLine - first.startLine;
  return [first, second.endLine - second.startLine === lines ? second : { ...second, endLine: second.startLine + lines }];
}

/** Whether one group has two distinct places, one holding each fragment. */
export function covers(group: CloneGroup, pair: readonly [Fragment, Fragment]): boolean {
  const [first, second] = asCopied(pair);
  const a = group.members.filter((place) => holds(place, first));
  const b = group.members.filter((place) => holds(place, second));
  return a.some((one) => b.some((other) => one !== other));
}

async function measure(checkout: string, setPath: string): Promise<number> {
  const set = JSON.parse(readFileSync(setPath, 'utf8')) as CloneSet;
  const root = resolve(checkout);
  const reading = await readRepository(root, { tenantId: 'bench', maxFileBytes: 1024 * 1024 });
  const facts = healthFactsOf(reading.snapshot);
  const groups = groupClones(facts.symbols, NEAR_MISS_SIMILARITY);
  const covered = set.duplications.filter((pair) => groups.some((group) => covers(group, pair)));
  const production = groups.filter((group) => group.members.some((member) => !member.inTest));
  const share = set.duplications.length === 0 ? 1 : covered.length / set.duplications.length;
  console.log(
    `${set.repository} @ ${set.commit.slice(0, 12)}: ${covered.length} of ${set.duplications.length} jscpd duplications covered (${share.toFixed(3)}); ` +
      `Lore groups ${groups.length} (${production.length} with production code; function ${groups.filter((g) => g.kind === 'function_clone').length}, block ${groups.filter((g) => g.kind === 'block_clone').length})`,
  );
  if (process.argv.includes('--missed'))
    for (const [a, b] of set.duplications.filter((pair) => !covered.includes(pair)))
      console.log(`  missed ${a.path}:${a.startLine}-${a.endLine} ~ ${b.path}:${b.startLine}-${b.endLine}`);
  return share;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  if (args[0] === 'freeze') return freeze(args[1]!, args[2]!, args[3]!);
  const shares: number[] = [];
  for (let i = 0; i + 1 < args.length; i += 2) shares.push(await measure(args[i]!, args[i + 1]!));
  console.log(`mean covered over ${shares.length} sets: ${(shares.reduce((sum, share) => sum + share, 0) / shares.length).toFixed(3)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
