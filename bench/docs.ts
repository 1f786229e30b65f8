/**
 * How far can verify_claim and detect_stale_docs be trusted on a real repository? Indexes ky
 * (sindresorhus/ky at KY_COMMIT, checked out at bench/.repos/ky), settles claims written and checked
 * by hand against its code (true and false, every claim kind), and runs detect_stale_docs on a copy
 * of its readme with planted lines that contradict the code beside true lines marked by hand.
 * Prints, for the claims: how often a verdict given is right, how often a structural claim is
 * settled (not unknown), how often the span that settles it is among the evidence; for the readme:
 * how many planted lines are found, and the false alarms on the marked true lines.
 *
 *   git clone https://github.com/sindresorhus/ky bench/.repos/ky && git -C bench/.repos/ky checkout <KY_COMMIT>
 *   npm run bench:docs -- bench/.repos/ky
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
import { CLAIM_KINDS, type ClaimKind } from '@lore/domain/schemas/documentation-trust';
import { DocumentationModule } from '@lore/documentation';
import { KnowledgeModule } from '@lore/knowledge';
import { DocumentationTrustService } from '@lore/documentation/documentation-trust/documentation-trust.service';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { benchNeo4j } from './local-neo4j';

@Module({ imports: [ConfigModule, KnowledgeModule, DocumentationModule] })
class BenchModule {}

const KY_COMMIT = '3419113b48e034fdcf8fa6bd3be3da7b3d0d758f';
const principal = localPrincipal('bench-docs', 'bench');

/** A claim about ky, whether it is true (read in the code by hand), and the line that settles it. */
interface Claim {
  claim: string;
  truth: boolean;
  /** The line that settles it; null for a name that is nowhere (nothing to cite). */
  settles: `${string}:${number}` | null;
}

const CLAIMS: Claim[] = [
  { claim: 'Ky exists', truth: true, settles: 'source/core/Ky.ts:151' },
  { claim: 'kyFetchWithRetry exists', truth: false, settles: null },
  { claim: 'the function isHTTPError exists', truth: true, settles: 'source/utils/type-guards.ts:57' },
  { claim: 'HTTPError is exported', truth: true, settles: 'source/errors/HTTPError.ts:15' },
  { claim: 'isKyError is exported', truth: true, settles: 'source/utils/type-guards.ts:35' },
  { claim: 'createInstance is exported', truth: false, settles: 'source/index.ts:10' },
  { claim: 'delay is defined in source/utils/delay.ts', truth: true, settles: 'source/utils/delay.ts:9' },
  { claim: 'KyError is defined in source/errors/KyError.ts', truth: true, settles: 'source/errors/KyError.ts:8' },
  { claim: 'isTimeoutError is defined in source/utils/is.ts', truth: false, settles: 'source/utils/type-guards.ts:101' },
  { claim: 'normalizeRetryOptions is defined in source/core/Ky.ts', truth: false, settles: 'source/utils/normalize.ts:28' },
  { claim: 'HTTPError lives under source/errors', truth: true, settles: 'source/errors/HTTPError.ts:15' },
  { claim: 'mergeHeaders lives under source/core', truth: false, settles: 'source/utils/merge.ts:64' },
  { claim: 'mergeHeaders takes two parameters', truth: true, settles: 'source/utils/merge.ts:64' },
  { claim: 'getBodySize takes two parameters', truth: false, settles: 'source/utils/body.ts:7' },
  { claim: 'mergeHooks takes two parameters', truth: true, settles: 'source/utils/merge.ts:136' },
  { claim: 'streamRequest has a parameter named onUploadProgress', truth: true, settles: 'source/utils/body.ts:99' },
  { claim: 'streamRequest has a parameter named onDownloadProgress', truth: false, settles: 'source/utils/body.ts:99' },
  { claim: 'the parameter originalBody of streamRequest is optional', truth: true, settles: 'source/utils/body.ts:99' },
  { claim: 'the parameter request of streamRequest is optional', truth: false, settles: 'source/utils/body.ts:99' },
  { claim: 'the parameter incoming of mergeHooks is optional', truth: true, settles: 'source/utils/merge.ts:136' },
  { claim: 'the default of source1 in mergeHeaders is {}', truth: true, settles: 'source/utils/merge.ts:64' },
  { claim: 'the default of retry in normalizeRetryOptions is 2', truth: false, settles: 'source/utils/normalize.ts:28' },
  { claim: 'isRawNetworkError is async', truth: false, settles: 'source/utils/is-network-error.ts:18' },
  { claim: 'Ky.create is async', truth: false, settles: 'source/core/Ky.ts:152' },
  { claim: 'isKyError returns boolean', truth: true, settles: 'source/utils/type-guards.ts:35' },
  { claim: 'Ky.create returns ResponsePromise', truth: true, settles: 'source/core/Ky.ts:152' },
  { claim: 'getBodySize returns string', truth: false, settles: 'source/utils/body.ts:7' },
  { claim: 'Ky.create is static', truth: true, settles: 'source/core/Ky.ts:152' },
  { claim: 'Ky.create is private', truth: false, settles: 'source/core/Ky.ts:152' },
  { claim: 'HTTPError extends KyError', truth: true, settles: 'source/errors/HTTPError.ts:15' },
  { claim: 'KyError extends Error', truth: true, settles: 'source/errors/KyError.ts:8' },
  { claim: 'TimeoutError extends HTTPError', truth: false, settles: 'source/errors/TimeoutError.ts:7' },
  { claim: 'NetworkError implements KyError', truth: false, settles: 'source/errors/NetworkError.ts:11' },
  { claim: 'Ky.create calls streamResponse', truth: true, settles: 'source/core/Ky.ts:258' },
  { claim: 'validateAndMerge calls deepMerge', truth: true, settles: 'source/utils/merge.ts:61' },
  { claim: 'validateAndMerge calls mergeHeaders', truth: false, settles: 'source/utils/merge.ts:54' },
  { claim: 'streamRequest calls getBodySize', truth: true, settles: 'source/utils/body.ts:105' },
  { claim: 'deepMerge is called by validateAndMerge', truth: true, settles: 'source/utils/merge.ts:61' },
  { claim: 'getBodySize is called by mergeHeaders', truth: false, settles: 'source/utils/merge.ts:64' },
  { claim: 'source/core/Ky.ts imports source/utils/normalize.ts', truth: true, settles: 'source/core/Ky.ts:25' },
  { claim: 'source/utils/delay.ts imports source/core/Ky.ts', truth: false, settles: 'source/utils/delay.ts:3' },
  { claim: 'source/index.ts imports source/utils/merge.ts', truth: true, settles: 'source/index.ts:7' },
  { claim: 'getBodySize has tests', truth: true, settles: 'test/body-size.ts:4' },
  { claim: 'getBodySize is tested by test/body-size.ts', truth: true, settles: 'test/body-size.ts:4' },
  { claim: 'mergeHeaders is tested by test/body-size.ts', truth: false, settles: 'source/utils/merge.ts:64' },
  { claim: 'the value of maxSafeTimeout is 2147483647', truth: true, settles: 'source/core/constants.ts:58' },
  { claim: 'the value of usualFormBoundarySize is 50', truth: false, settles: 'source/core/constants.ts:61' },
  { claim: "HTTPError contains 'Request failed with'", truth: true, settles: 'source/errors/HTTPError.ts:28' },
  { claim: "TimeoutError contains 'Request timed out'", truth: true, settles: 'source/errors/TimeoutError.ts:12' },
  { claim: "normalizeRetryOptions contains 'retry.methods must be an array'", truth: true, settles: 'source/utils/normalize.ts:37' },
];

/** Kinds the issue calls structural (existence, location, signature, relations): every kind but tests and values. */
const NOT_STRUCTURAL: readonly ClaimKind[] = ['tested_by', 'has_tests', 'contains_literal', 'constant_value'];
const STRUCTURAL = new Set<ClaimKind>(CLAIM_KINDS.filter((kind) => !NOT_STRUCTURAL.includes(kind)));

/** Lines planted in a copy of ky's readme, each contradicting the code; appended after its last line. */
const PLANTED = [
  '- `ky.fetchWithRetry()` retries a request until it succeeds.',
  '- `HTTPError` extends `TimeoutError`.',
  '- `mergeHeaders` takes three parameters.',
  '- Retry delays are computed by `computeBackoffDelay()`.',
  '- See `source/core/retry-loop.ts` for the retry loop.',
  '- Set `KY_DEFAULT_TIMEOUT` to change the default timeout.',
  '- `Ky.create` is async.',
  '- `validateAndMerge` calls `mergeHeaders`.',
  '- `source/index.ts` imports `source/utils/delay.ts`.',
  '- The `RetryAfterParser` class reads the `Retry-After` header.',
  '- `isKyError` is defined in `source/errors/KyError.ts`.',
  '- The value of `maxSafeTimeout` is 2147483648.',
];

/** True lines planted beside them, each naming code ky has or stating what its code does. */
const TRUE_LINES = [
  '- `HTTPError` extends `KyError`.',
  '- `mergeHeaders` takes two parameters.',
  '- `validateAndMerge` calls `deepMerge`.',
  '- `source/index.ts` imports `source/utils/merge.ts`.',
  '- `isKyError` is defined in `source/utils/type-guards.ts`.',
  '- The value of `maxSafeTimeout` is 2147483647.',
  '- `Ky.create` is static.',
  '- `normalizeRetryOptions` turns a number into retry options.',
  '- `TimeoutError` is thrown when a request times out.',
  '- `NetworkError` wraps a failure to reach the server.',
  '- `source/utils/delay.ts` waits before a retry.',
  '- `getBodySize` measures a body before an upload.',
  '- `streamRequest` reports upload progress.',
  '- `KyError` is the base of Ky’s errors.',
  '- `isHTTPError` narrows an error to `HTTPError`.',
  '- `Ky.create` calls `streamResponse`.',
];

async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? join('bench', '.repos', 'ky'));
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  if (commit !== KY_COMMIT) console.log(`warning: ${root} is at ${commit}, the claims were checked at ${KY_COMMIT}`);
  const stopNeo4j = await benchNeo4j(() => mkdtempSync(join(tmpdir(), 'lore-bench-docs-neo4j-')));
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger() });
  try {
    const indexing = app.get(IndexingService);
    const trust = app.get(DocumentationTrustService);
    await indexing.indexRepository({ path: root, repositoryId: 'ky' }, principal);

    const started = Date.now();
    let given = 0;
    let right = 0;
    let structural = 0;
    let structuralSettled = 0;
    let settledSpan = 0;
    let citable = 0;
    console.log(
      `ky @ ${commit.slice(0, 12)}: ${CLAIMS.length} claims\n\n| claim | truth | verdict | right | settling span in evidence |\n| --- | --- | --- | --- | --- |`,
    );
    for (const { claim, truth, settles } of CLAIMS) {
      const answer = await trust.verifyClaim({ repositoryId: 'ky', claim }, principal);
      const [path, line] = settles === null ? [null, 0] : [settles.split(':')[0]!, Number(settles.split(':')[1])];
      const spanFound =
        path !== null && answer.evidence.some((span) => span.path === path && span.startLine <= line && line <= span.endLine);
      if (path !== null) citable++;
      const isRight = answer.verdict === 'unknown' ? null : (answer.verdict === 'supported') === truth;
      if (isRight !== null) {
        given++;
        if (isRight) right++;
      }
      if (answer.kind !== null && STRUCTURAL.has(answer.kind)) {
        structural++;
        if (answer.verdict !== 'unknown') structuralSettled++;
      }
      if (spanFound) settledSpan++;
      console.log(
        `| ${claim} | ${truth} | ${answer.verdict} | ${isRight === null ? '-' : isRight ? 'yes' : 'NO'} | ${path === null ? '-' : spanFound ? 'yes' : 'no'} |`,
      );
      if (isRight === false || answer.verdict === 'unknown') console.log(`|  | | ${answer.reasons.join(' ')} | | |`);
    }
    const percent = (part: number, whole: number) => `${((part / Math.max(whole, 1)) * 100).toFixed(1)}%`;
    console.log(`\nverdicts given: ${given}/${CLAIMS.length}, right ${right}/${given} (${percent(right, given)})`);
    console.log(`structural claims settled: ${structuralSettled}/${structural} (${percent(structuralSettled, structural)})`);
    console.log(
      `settling span among the evidence: ${settledSpan}/${citable} (${percent(settledSpan, citable)}; claims with a span to cite)`,
    );
    console.log(`${CLAIMS.length} claims in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // The readme with planted and true lines, in a copy committed with the real git.
    const copy = join(mkdtempSync(join(tmpdir(), 'lore-bench-docs-')), 'ky-planted');
    cpSync(root, copy, { recursive: true });
    const readme = join(copy, 'readme.md');
    const original = readFileSync(readme, 'utf8');
    // The original's lines, a blank line, then the planted ones.
    const firstPlanted = original.replace(/\n$/, '').split('\n').length + 2;
    writeFileSync(readme, `${original.replace(/\n$/, '')}\n\n${[...PLANTED, ...TRUE_LINES].join('\n')}\n`);
    const git = (args: string[]) =>
      execFileSync('git', args, {
        cwd: copy,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'bench',
          GIT_AUTHOR_EMAIL: 'bench@lore.invalid',
          GIT_COMMITTER_NAME: 'bench',
          GIT_COMMITTER_EMAIL: 'bench@lore.invalid',
        },
      });
    git(['commit', '-qam', 'planted lines']);
    await indexing.indexRepository({ path: copy, repositoryId: 'ky-planted' }, principal);
    const stale = await trust.detectStaleDocs({ repositoryId: 'ky-planted', paths: ['readme.md'], minConfidence: 0.5 }, principal);
    const flagged = new Map(stale.findings.map((finding) => [finding.line, finding]));
    const plantedLines = PLANTED.map((_, i) => firstPlanted + i);
    const trueLines = TRUE_LINES.map((_, i) => firstPlanted + PLANTED.length + i);
    const found = plantedLines.filter((line) => flagged.has(line));
    const falseAlarms = trueLines.filter((line) => flagged.has(line));
    console.log(`\nreadme.md with ${PLANTED.length} planted lines and ${TRUE_LINES.length} true lines marked (minConfidence 0.5)`);
    for (const [i, line] of plantedLines.entries())
      console.log(
        `planted ${flagged.has(line) ? 'found ' : 'MISSED'} ${PLANTED[i]}${flagged.has(line) ? `  (${flagged.get(line)!.kind})` : ''}`,
      );
    for (const [i, line] of trueLines.entries())
      if (flagged.has(line)) console.log(`false alarm: ${TRUE_LINES[i]}  (${flagged.get(line)!.reason})`);
    console.log(
      `planted found: ${found.length}/${PLANTED.length} (${percent(found.length, PLANTED.length)}); false alarms on true lines: ${falseAlarms.length}/${TRUE_LINES.length}`,
    );
    const others = stale.findings.filter((finding) => finding.line < firstPlanted - 1);
    console.log(`findings on ky's own ${original.split('\n').length} lines: ${others.length}`);
    for (const finding of others)
      console.log(
        `  ${finding.line} ${finding.kind} ${finding.confidence}: ${finding.statement.slice(0, 100)}  — ${finding.reason.slice(0, 160)}`,
      );
  } finally {
    await app.close();
    await stopNeo4j();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
