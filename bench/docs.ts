/**
 * How far can verify_claim, detect_stale_docs and `lore docs check` be trusted on real repositories
 * nobody here wrote? For each frozen set in bench/docs-sets/ (a repository, its commit, claims
 * checked by hand against its code with the line that settles each, and lines planted in a copy of
 * one of its documents: stale ones contradicting the code beside true ones), indexes the repository
 * (checked out at bench/.repos/<set>; indexed once, as a copy with the planted lines), settles the claims, runs detect_stale_docs on the planted copy,
 * and runs it on the repository's own Markdown (every finding there is a line to read by hand: the
 * sets' docs are believed true at their commit). Prints per set and the mean over the sets: verdicts
 * given that are right, structural claims settled, settling spans cited, planted lines found (and
 * how many of those findings say the change the set labels the line with), false alarms per 30
 * true lines. A set without a document (`*-verbatim.json`) holds sentences copied word for word from
 * the repository's docs, each with its source line and whether a graph can settle it (`structural`;
 * `truth: null`: no verdict is right); only its claims are scored, on the checkout it names.
 *
 *   git clone https://github.com/<repository> bench/.repos/<set> && git -C bench/.repos/<set> checkout <commit>
 *   npm run bench:docs -- hono click cobra ky
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger } from '@lore/config';
import { localPrincipal } from '@lore/domain';
import { CLAIM_KINDS, type ClaimKind, type StaleChange } from '@lore/domain/schemas/documentation-trust';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { benchNeo4j } from './local-neo4j';

@Module({ imports: [ConfigModule, KnowledgeModule, DocumentationModule] })
class BenchModule {}

const principal = localPrincipal('bench-docs', 'bench');
const SETS_DIRECTORY = join(__dirname, '..', '..', 'bench', 'docs-sets');
/** detect_stale_docs' threshold in this bench: the history (0.4) is left out, as a CI step would. */
const MIN_CONFIDENCE = 0.5;
/** The issue's unit for false alarms: per 30 true lines. */
const TRUE_LINES_UNIT = 30;

/** A claim about the repository, whether it is true (read in the code by hand), and the line that settles it. */
interface Claim {
  claim: string;
  /** null: the code cannot settle it (behaviour, performance, advice), so any verdict is wrong. */
  truth: boolean | null;
  /** The line that settles it; null for a name that is nowhere (nothing to cite). */
  settles: `${string}:${number}` | null;
  /** A verbatim claim's document line. */
  source?: `${string}:${number}`;
  /** A verbatim claim's own label: it states structure a graph can settle (else the parsed kind decides). */
  structural?: boolean;
}

/** A planted stale line and what made it stale, read by hand against the code (null: a base class, a location, a value, a relation). */
interface PlantedLine {
  line: string;
  change: StaleChange | null;
}

/** A frozen set: bench/docs-sets/<name>.json. */
interface DocsSet {
  repository: string;
  commit: string;
  /** The directory under bench/.repos the set reads; the set's name when absent. */
  checkout?: string;
  claims: Claim[];
  /** The document the planted and true lines are appended to; absent in a set of verbatim claims alone. */
  document?: string;
  planted?: PlantedLine[];
  trueLines?: string[];
}

type PlantedSet = DocsSet & Required<Pick<DocsSet, 'document' | 'planted' | 'trueLines'>>;

interface ClaimScore {
  right: number;
  structuralSettled: number;
  cited: number;
}

interface StaleScore {
  plantedFound: number;
  /** Planted lines found, and those of them whose finding has the planted change. */
  found: number;
  rightChange: number;
  falseAlarmsPer30: number;
  ownFindings: number;
}

/** A set's scores; `stale` is null for a set of verbatim claims alone. */
interface SetScore extends ClaimScore {
  name: string;
  stale: StaleScore | null;
}

/** Kinds the issue calls structural (existence, location, signature, relations): every kind but tests and values. */
const NOT_STRUCTURAL: readonly ClaimKind[] = ['tested_by', 'has_tests', 'contains_literal', 'constant_value'];
const STRUCTURAL = new Set<ClaimKind>(CLAIM_KINDS.filter((kind) => !NOT_STRUCTURAL.includes(kind)));

const share = (part: number, whole: number) => part / Math.max(whole, 1);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  if (names.length === 0) throw new Error('name the sets to run: npm run bench:docs -- hono click cobra ky');
  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-docs-neo4j-')));
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger() });
  try {
    const scores: SetScore[] = [];
    for (const name of names) {
      const set = JSON.parse(readFileSync(join(SETS_DIRECTORY, `${name}.json`), 'utf8')) as DocsSet;
      scores.push(await runSet(app.get(IndexingService), app.get(DocumentationTrustService), name, set));
    }
    printScores(scores);
  } finally {
    await app.close();
    await stopNeo4j();
  }
}

function printScores(scores: readonly SetScore[]): void {
  const staleCell = (stale: StaleScore | null, cell: (stale: StaleScore) => string) => (stale === null ? '-' : cell(stale));
  console.log(
    '\n| set | verdicts right | structural settled | settling code cited | planted found | right change / found | false alarms / 30 true | own-docs findings |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const score of scores)
    console.log(
      `| ${score.name} | ${percent(score.right)} | ${percent(score.structuralSettled)} | ${percent(score.cited)} | ${staleCell(score.stale, (s) => percent(s.plantedFound))} | ${staleCell(score.stale, (s) => `${s.rightChange}/${s.found}`)} | ${staleCell(score.stale, (s) => s.falseAlarmsPer30.toFixed(1))} | ${staleCell(score.stale, (s) => String(s.ownFindings))} |`,
    );
  const mean = (pick: (score: SetScore) => number) => scores.reduce((sum, score) => sum + pick(score), 0) / scores.length;
  const stale = scores.flatMap((score) => (score.stale === null ? [] : [score.stale]));
  const staleMean = (pick: (stale: StaleScore) => number) =>
    stale.length === 0 ? '-' : stale.reduce((sum, score) => sum + pick(score), 0) / stale.length;
  const staleText = (value: number | string, format: (value: number) => string) => (typeof value === 'string' ? value : format(value));
  console.log(
    `| mean | ${percent(mean((s) => s.right))} | ${percent(mean((s) => s.structuralSettled))} | ${percent(mean((s) => s.cited))} | ${staleText(
      staleMean((s) => s.plantedFound),
      percent,
    )} | ${staleText(
      staleMean((s) => share(s.rightChange, s.found)),
      percent,
    )} | ${staleText(
      staleMean((s) => s.falseAlarmsPer30),
      (v) => v.toFixed(1),
    )} | ${staleText(
      staleMean((s) => s.ownFindings),
      (v) => v.toFixed(1),
    )} |`,
  );
}

async function runSet(indexing: IndexingService, trust: DocumentationTrustService, name: string, set: DocsSet): Promise<SetScore> {
  const root = resolve(join('bench', '.repos', set.checkout ?? name));
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  if (commit !== set.commit) console.log(`warning: ${root} is at ${commit}, the set was checked at ${set.commit}`);
  if (set.document === undefined || set.planted === undefined || set.trueLines === undefined) {
    const indexStarted = Date.now();
    await indexing.indexRepository({ path: root, repositoryId: name }, principal);
    console.log(
      `\n## ${name}: ${set.repository} @ ${commit.slice(0, 12)}, indexed in ${((Date.now() - indexStarted) / 1000).toFixed(0)} s`,
    );
    return { name, ...(await scoreClaims(trust, name, set.claims)), stale: null };
  }
  return runPlantedSet(indexing, trust, name, root, commit, {
    ...set,
    document: set.document,
    planted: set.planted,
    trueLines: set.trueLines,
  });
}

async function runPlantedSet(
  indexing: IndexingService,
  trust: DocumentationTrustService,
  name: string,
  root: string,
  commit: string,
  set: PlantedSet,
): Promise<SetScore> {
  // One index per set: a copy whose one document has the planted and true lines appended; its code is the repository's.
  const planted = plantedCopy(root, name, set);
  const indexStarted = Date.now();
  await indexing.indexRepository({ path: planted.copy, repositoryId: name }, principal);
  console.log(`\n## ${name}: ${set.repository} @ ${commit.slice(0, 12)}, indexed in ${((Date.now() - indexStarted) / 1000).toFixed(0)} s`);

  const claims = await scoreClaims(trust, name, set.claims);
  const stale = await scorePlanted(trust, name, set, planted.firstLine);

  const own = await trust.detectStaleDocs({ repositoryId: name, minConfidence: MIN_CONFIDENCE, knowledge: false }, principal);
  const ownFindings = own.findings.filter((finding) => finding.path !== set.document || finding.line < planted.firstLine - 1);
  console.log(
    `\n${name}'s own Markdown (${own.documents.length} documents): ${ownFindings.length} findings (minConfidence ${MIN_CONFIDENCE})`,
  );
  for (const finding of ownFindings)
    console.log(
      `  ${finding.path}:${finding.line} ${finding.kind} ${finding.change} ${finding.confidence}: ${finding.statement.slice(0, 90)}  — ${finding.reason.slice(0, 200)}`,
    );
  return { name, ...claims, stale: { ...stale, ownFindings: ownFindings.length } };
}

/** A copy of the repository whose document has the set's planted and true lines appended, committed with the real git. */
function plantedCopy(root: string, name: string, set: PlantedSet): { copy: string; firstLine: number } {
  const copy = join(mkdtempSync(join(tmpdir(), 'lore-bench-docs-')), name);
  cpSync(root, copy, { recursive: true });
  const document = join(copy, set.document);
  const original = readFileSync(document, 'utf8').replace(/\n$/, '');
  writeFileSync(document, `${original}\n\n${[...set.planted.map((planted) => planted.line), ...set.trueLines].join('\n')}\n`);
  execFileSync('git', ['commit', '-qam', 'planted lines'], {
    cwd: copy,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@lore.invalid',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@lore.invalid',
    },
  });
  // The original's lines, a blank line, then the planted ones.
  return { copy, firstLine: original.split('\n').length + 2 };
}

async function scoreClaims(trust: DocumentationTrustService, repositoryId: string, claims: readonly Claim[]): Promise<ClaimScore> {
  const started = Date.now();
  let given = 0;
  let right = 0;
  let structural = 0;
  let structuralSettled = 0;
  let cited = 0;
  let citable = 0;
  console.log(`\n| claim | truth | verdict | right | settling span in evidence |\n| --- | --- | --- | --- | --- |`);
  for (const { claim, truth, settles, structural: labelledStructural } of claims) {
    const answer = await trust.verifyClaim({ repositoryId, claim }, principal);
    const [path, line] = settles === null ? [null, 0] : [settles.split(':')[0]!, Number(settles.split(':')[1])];
    const spanFound = path !== null && answer.evidence.some((span) => span.path === path && span.startLine <= line && line <= span.endLine);
    if (path !== null) citable++;
    const isRight = answer.verdict === 'unknown' ? null : truth !== null && (answer.verdict === 'supported') === truth;
    if (isRight !== null) {
      given++;
      if (isRight) right++;
    }
    if (labelledStructural ?? (answer.kind !== null && STRUCTURAL.has(answer.kind))) {
      structural++;
      if (answer.verdict !== 'unknown') structuralSettled++;
    }
    if (spanFound) cited++;
    console.log(
      `| ${claim} | ${truth} | ${answer.verdict} | ${isRight === null ? '-' : isRight ? 'yes' : 'NO'} | ${path === null ? '-' : spanFound ? 'yes' : 'no'} |`,
    );
    if (isRight === false || answer.verdict === 'unknown') console.log(`|  | | ${answer.reasons.join(' ').slice(0, 300)} | | |`);
  }
  console.log(`verdicts given: ${given}/${claims.length}, right ${right}/${given} (${percent(share(right, given))})`);
  console.log(`structural claims settled: ${structuralSettled}/${structural} (${percent(share(structuralSettled, structural))})`);
  console.log(`settling span among the evidence: ${cited}/${citable} (${percent(share(cited, citable))}; claims with a span to cite)`);
  console.log(`${claims.length} claims in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { right: share(right, given), structuralSettled: share(structuralSettled, structural), cited: share(cited, citable) };
}

/** detect_stale_docs on the set's document: the planted lines it finds, and its false alarms on the true ones. */
async function scorePlanted(
  trust: DocumentationTrustService,
  repositoryId: string,
  set: PlantedSet,
  firstPlanted: number,
): Promise<Omit<StaleScore, 'ownFindings'>> {
  const stale = await trust.detectStaleDocs({ repositoryId, paths: [set.document], minConfidence: MIN_CONFIDENCE }, principal);
  const flagged = new Map(stale.findings.map((finding) => [finding.line, finding]));
  const plantedLines = set.planted.map((_, i) => firstPlanted + i);
  const trueLines = set.trueLines.map((_, i) => firstPlanted + set.planted.length + i);
  const found = plantedLines.filter((line) => flagged.has(line));
  const falseAlarms = trueLines.filter((line) => flagged.has(line));
  console.log(
    `\n${set.document} with ${set.planted.length} planted lines and ${set.trueLines.length} true lines (minConfidence ${MIN_CONFIDENCE})`,
  );
  let rightChange = 0;
  for (const [i, line] of plantedLines.entries()) {
    const finding = flagged.get(line);
    const planted = set.planted[i]!;
    if (finding && finding.change === planted.change) rightChange++;
    const change = finding
      ? `change ${finding.change}${finding.change === planted.change ? '' : ` (WRONG: planted ${planted.change})`}`
      : '';
    console.log(
      `planted ${finding ? 'found ' : 'MISSED'} ${planted.line}${finding ? `  (${finding.kind}, ${change}: ${finding.reason.slice(0, 200)})` : ''}`,
    );
  }
  for (const [i, line] of trueLines.entries())
    if (flagged.has(line)) console.log(`false alarm: ${set.trueLines[i]}  (${flagged.get(line)!.reason.slice(0, 200)})`);
  const falseAlarmsPer30 = (falseAlarms.length / set.trueLines.length) * TRUE_LINES_UNIT;
  console.log(
    `planted found: ${found.length}/${set.planted.length} (${percent(share(found.length, set.planted.length))}), with the planted change ${rightChange}/${found.length}; false alarms: ${falseAlarms.length}/${set.trueLines.length} (${falseAlarmsPer30.toFixed(1)} per ${TRUE_LINES_UNIT})`,
  );
  return { plantedFound: share(found.length, set.planted.length), found: found.length, rightChange, falseAlarmsPer30 };
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
