/**
 * Code health analysis beside the tools it answers for, on real repositories: a Python checkout
 * against radon (cyclomatic complexity per function) and codeclone (clone groups, dead code), a
 * TypeScript checkout against jscpd (clone pairs). Each repository is indexed into a fresh Neo4j,
 * then analysed twice (the second run registers the same report: the run id must not change); the
 * peers run on the same checkout. Prints the time of each tool, Lore's analysis time and peak RSS,
 * and the agreement tables: complexity per function matched by file, name and line; clone groups
 * matched by overlapping places both ways; dead-code items, with the names a package `__init__.py`
 * re-exports that Lore calls dead (the target is none).
 *
 *   npm run bench:analysis -- --python <checkout> --typescript <checkout> --tools <dir>
 *
 * `--tools` holds the peers, installed outside the repository (never project dependencies):
 * `<dir>/venv/bin/{radon,codeclone}` (python3 -m venv venv && venv/bin/pip install codeclone radon)
 * and `<dir>/npm/node_modules/.bin/jscpd` (npm install jscpd in <dir>/npm). Either checkout may be
 * left out. Uses NEO4J_URI / NEO4J_PASSWORD when set, else starts tools/neo4j-local. Figures go in
 * docs/benchmarks.md with the command, the commits and the machine's load (`uptime`).
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger } from '@lore/config';
import { localPrincipal } from '@lore/domain';
import type { Finding, Report } from '@lore/domain/schemas/code-health';
import { CodeHealthModule } from '@lore/code-health';
import { KnowledgeModule } from '@lore/knowledge';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { benchNeo4j } from './local-neo4j';
import { ScratchDirectories } from './scratch';

@Module({ imports: [ConfigModule, KnowledgeModule, CodeHealthModule] })
class BenchModule {}

/** A place a peer names: a file (repository-relative) and a span of lines. */
interface Place {
  path: string;
  start: number;
  end: number;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function timed<T>(run: () => T): { value: T; seconds: number } {
  const started = performance.now();
  const value = run();
  return { value, seconds: (performance.now() - started) / 1000 };
}

/** Runs a peer; a non-zero exit is fine (linters exit 1 on findings) as long as it wrote its answer. */
function peer(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? '';
  }
}

const overlaps = (a: Place, b: Place) => a.path === b.path && a.start <= b.end && b.start <= a.end;
const placesOf = (finding: Finding): Place[] =>
  finding.locations.map((location) => ({ path: location.path, start: location.line, end: location.end_line }));
const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);

/** Groups of places (a peer's, Lore's) matched when every place of one overlaps a place of the other. */
function matchedGroups(groups: Place[][], others: Place[][]): number {
  return groups.filter((group) => others.some((other) => group.every((place) => other.some((theirs) => overlaps(place, theirs))))).length;
}

async function main(): Promise<void> {
  const python = argument('--python');
  const typescript = argument('--typescript');
  const tools = resolve(argument('--tools') ?? '.');
  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-neo4j-'));
  process.env.LORE_TENANT = process.env.LORE_TENANT ?? 'bench';
  process.env.LORE_CACHE_DIR = process.env.LORE_CACHE_DIR ?? scratch.make('lore-bench-cache-');
  // The analysis is timed, not cut: the operation gate's request timeout (30 s by default) stopped typeorm's on a loaded machine.
  process.env.LORE_REQUEST_TIMEOUT_MS = process.env.LORE_REQUEST_TIMEOUT_MS ?? '600000';
  const context = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('warn') });
  const principal = localPrincipal(process.env.LORE_TENANT, 'bench');
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

  /** Indexes a checkout, analyses it twice, and answers its stored report. */
  const lore = async (root: string, repositoryId: string): Promise<Report> => {
    const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short=10', 'HEAD'], { encoding: 'utf8' }).trim();
    let started = performance.now();
    await context.get(IndexingService).indexRepository({ path: root, repositoryId }, principal);
    console.log(`\n${repositoryId} @ ${commit}: indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const health = context.get(CodeHealthService);
    const runIds: string[] = [];
    for (const label of ['analysis (first run)', 'analysis (second run)']) {
      (globalThis as { gc?: () => void }).gc?.();
      peakRss = process.memoryUsage().rss;
      started = performance.now();
      const summary = await health.analyzeRepository({ repository: repositoryId }, principal);
      runIds.push(summary.run_id);
      console.log(
        `  ${label}: ${((performance.now() - started) / 1000).toFixed(2)} s, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB, ` +
          `run ${summary.run_id}, ${summary.inventory.functions} bodies, ${summary.findings.total} findings ${JSON.stringify(summary.findings.by_family)}`,
      );
    }
    console.log(`  same run id both times: ${runIds[0] === runIds[1]}`);
    return (await health.loadRun(principal, runIds[1])).report;
  };

  try {
    if (python) await comparePython(resolve(python), await lore(resolve(python), 'python-bench'), tools);
    if (typescript) await compareTypeScript(resolve(typescript), await lore(resolve(typescript), 'typescript-bench'), tools);
  } finally {
    clearInterval(sampler);
    await context.close();
    await stopNeo4j();
    scratch.removeAll();
  }
}

type LoreFunction = Report['metrics']['functions'][number];

/** A name without Lore's `~n` suffix, which tells a redefinition (or an `@overload`) from the first. */
const ownName = (name: string): string => name.replace(/~\d+$/, '');

/**
 * radon charges a lambda's decisions to the function it is written in; Lore measures each lambda as
 * a body of its own. Compared like for like: the decisions (complexity - 1) of the bodies nested in
 * `body` that are not one of radon's closures (a nested `def`, measured alone by both) or inside one.
 */
function lambdaDecisions(report: Report, body: LoreFunction, block: { closures?: { name: string }[] }): number {
  const prefix = `${body.symbol}.`;
  // Measured alone by radon too: its closures (nested `def`s, by name) and the methods of classes defined in the body.
  const alone = [
    ...(block.closures ?? []).map((closure) => `${prefix}${closure.name}`),
    ...report.metrics.classes.filter((cls) => cls.path === body.path && cls.symbol.startsWith(prefix)).map((cls) => cls.symbol),
  ];
  return report.metrics.functions
    .filter((fn) => fn.path === body.path && fn.symbol.startsWith(prefix))
    .filter((fn) => {
      const symbol = fn.symbol.split('.').map(ownName).join('.');
      return !alone.some((outer) => symbol === outer || symbol.startsWith(`${outer}.`));
    })
    .reduce((sum, fn) => sum + (fn.cyclomatic ?? 1) - 1, 0);
}

async function comparePython(root: string, report: Report, tools: string): Promise<void> {
  // Complexity: radon's functions, methods and closures against Lore's measured bodies, by file, name and line.
  const radonRun = timed(() => peer(join(tools, 'venv/bin/radon'), ['cc', '-j', root]));
  type RadonBlock = {
    type: string;
    name: string;
    lineno: number;
    endline: number;
    complexity: number;
    closures?: RadonBlock[];
    methods?: RadonBlock[];
  };
  const radon: (RadonBlock & { path: string })[] = [];
  const flatten = (path: string, block: RadonBlock) => {
    if (block.type !== 'class') radon.push({ ...block, path });
    for (const inner of [...(block.closures ?? []), ...(block.methods ?? [])]) flatten(path, inner);
  };
  for (const [file, blocks] of Object.entries(JSON.parse(radonRun.value) as Record<string, RadonBlock[] | { error: string }>))
    if (Array.isArray(blocks)) for (const block of blocks) flatten(relative(root, file), block);
  // radon lists a method both in its class's `methods` and on its own: each block once.
  const blocks = [...new Map(radon.map((block) => [`${block.path}:${block.lineno}:${block.name}`, block])).values()];
  const lore = report.metrics.functions.filter((fn) => fn.path.endsWith('.py'));
  const measured = lore.filter((fn) => fn.cyclomatic !== null);
  let matched = 0;
  let agreeing = 0;
  const differences = new Map<string, number>();
  const examples: string[] = [];
  for (const block of blocks) {
    const candidates = lore.filter((fn) => fn.path === block.path && ownName(fn.symbol.split('.').pop()!) === block.name);
    // Lore's span starts at a decorator, radon's at the `def`: the nearest body starting at or above it
    // (a function's `@overload` stubs above it are bodies of the same name).
    const same = candidates
      .filter((fn) => fn.line <= block.lineno && block.lineno <= fn.line + 20)
      .reduce<LoreFunction | undefined>((nearest, fn) => (nearest && nearest.line >= fn.line ? nearest : fn), undefined);
    if (!same) continue;
    matched++;
    if ((same.cyclomatic ?? 0) + lambdaDecisions(report, same, block) === block.complexity) agreeing++;
    else {
      const key = `lore ${(same.cyclomatic ?? 0) + lambdaDecisions(report, same, block) > block.complexity ? '>' : '<'} radon`;
      differences.set(key, (differences.get(key) ?? 0) + 1);
      examples.push(
        `${key}: ${block.path}:${block.lineno} ${same.symbol} lore ${same.cyclomatic} (+${lambdaDecisions(report, same, block)} in lambdas), radon ${block.complexity}`,
      );
    }
  }
  console.log(`\nPython complexity (radon ${radonRun.seconds.toFixed(1)} s)`);
  console.log(`  Lore bodies: ${lore.length}, measured ${measured.length} (${percent(measured.length, lore.length)} coverage)`);
  console.log(`  radon blocks: ${blocks.length}; matched to a Lore body: ${matched} (${percent(matched, blocks.length)})`);
  console.log(
    `  equal cyclomatic complexity: ${agreeing} of ${matched} (${percent(agreeing, matched)}); differences: ${JSON.stringify(Object.fromEntries(differences))}`,
  );
  // Every difference, for the hand check of its class (a few dozen at most once the rules agree).
  for (const example of examples.sort()) console.log(`    ${example}`);

  // Clones and dead code: codeclone's canonical report (its cache kept outside the checkout).
  const out = join(tools, 'codeclone-report.json');
  const codecloneRun = timed(() =>
    peer(join(tools, 'venv/bin/codeclone'), [
      root,
      '--json',
      out,
      '--cache-path',
      join(tools, 'codeclone-cache.json'),
      '--no-progress',
      '--quiet',
    ]),
  );
  type CodeCloneItem = { relative_path: string; start_line: number; end_line: number; qualname?: string };
  const codeclone = JSON.parse(readFileSync(out, 'utf8')) as {
    findings: { groups: { clones: Record<string, { items: CodeCloneItem[] }[]>; dead_code: { groups: { items: CodeCloneItem[] }[] } } };
  };
  const theirGroups = (kind: string) =>
    (codeclone.findings.groups.clones[kind] ?? []).map((group) =>
      group.items.map((item) => ({ path: item.relative_path, start: item.start_line, end: item.end_line })),
    );
  const loreClones = report.findings.items.filter((finding) => finding.family === 'clones' && finding.locations[0]!.path.endsWith('.py'));
  const loreGroups = loreClones.map(placesOf);
  console.log(`\nPython clones (codeclone ${codecloneRun.seconds.toFixed(1)} s)`);
  for (const kind of ['functions', 'blocks', 'segments']) {
    const groups = theirGroups(kind);
    console.log(`  codeclone ${kind}: ${groups.length} groups, ${matchedGroups(groups, loreGroups)} matched by a Lore clone finding`);
  }
  const allTheirs = ['functions', 'blocks', 'segments'].flatMap(theirGroups);
  console.log(
    `  Lore: ${loreClones.length} clone findings (${loreClones.filter((finding) => finding.kind === 'function_clone').length} function, ` +
      `${loreClones.filter((finding) => finding.kind === 'block_clone').length} block), ${matchedGroups(loreGroups, allTheirs)} matched by a codeclone group`,
  );

  const theirDead = codeclone.findings.groups.dead_code.groups.flatMap((group) => group.items);
  const loreDead = report.findings.items.filter((finding) => finding.family === 'dead_code' && finding.locations[0]!.path.endsWith('.py'));
  const reexported = reexportedNames(root);
  const deadButReexported = loreDead.filter(
    (finding) => finding.status === 'dead' && reexported.has(finding.locations[0]!.symbol?.split('.').pop() ?? ''),
  );
  const bothDead = theirDead.filter((item) =>
    loreDead.some((finding) => overlaps({ path: item.relative_path, start: item.start_line, end: item.end_line }, placesOf(finding)[0]!)),
  );
  console.log(`\nPython dead code`);
  console.log(
    `  codeclone: ${theirDead.length} items; Lore: ${loreDead.filter((f) => f.status === 'dead').length} dead, ${loreDead.filter((f) => f.status === 'unknown').length} unknown; in both: ${bothDead.length}`,
  );
  console.log(
    `  codeclone items that __init__.py re-exports: ${theirDead.filter((item) => reexported.has(item.qualname?.split(/[.:]/).pop() ?? '')).length}`,
  );
  console.log(`  Lore dead items that __init__.py re-exports (target 0): ${deadButReexported.length}`);
}

/** The names every `__init__.py` of the checkout imports (`from .x import a, b`): a package's public API. */
function reexportedNames(root: string): Set<string> {
  const files = execFileSync('git', ['-C', root, 'ls-files', '*__init__.py'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8').replace(/\(\s*([^)]*)\)/g, (_, inner: string) => inner.replace(/\n/g, ' '));
    for (const match of text.matchAll(/^\s*from\s+\S+\s+import\s+(.+)$/gm))
      for (const part of match[1]!.split(','))
        names.add(
          part
            .trim()
            .split(/\s+as\s+/)
            .pop()!
            .trim(),
        );
  }
  return names;
}

async function compareTypeScript(root: string, report: Report, tools: string): Promise<void> {
  const jscpd = join(tools, 'npm/node_modules/.bin/jscpd');
  if (!existsSync(jscpd)) {
    console.log(`\nTypeScript clones: jscpd comparison skipped, ${jscpd} is not installed (see this file's header)`);
    return;
  }
  const output = join(tools, 'jscpd-report');
  // jscpd's default minimum of 50 tokens, as Lore's fingerprints; its own ignore of node_modules and builds.
  const jscpdRun = timed(() =>
    peer(jscpd, [
      '--min-tokens',
      '50',
      '--format',
      'typescript,javascript',
      '--reporters',
      'json',
      '--output',
      output,
      '--silent',
      '--ignore',
      '**/node_modules/**,**/build/**,**/dist/**',
      root,
    ]),
  );
  type Fragment = { name: string; start: number; end: number };
  const duplicates = (
    JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8')) as {
      duplicates: { firstFile: Fragment; secondFile: Fragment }[];
    }
  ).duplicates.map((pair) =>
    [pair.firstFile, pair.secondFile].map((fragment) => ({
      path: relative(root, resolve(root, fragment.name)),
      start: fragment.start,
      end: fragment.end,
    })),
  );
  const loreClones = report.findings.items.filter((finding) => finding.family === 'clones');
  const loreGroups = loreClones.map(placesOf);
  console.log(`\nTypeScript clones (jscpd ${jscpdRun.seconds.toFixed(1)} s)`);
  console.log(`  jscpd: ${duplicates.length} duplicated pairs, ${matchedGroups(duplicates, loreGroups)} within one Lore clone finding`);
  console.log(
    `  Lore: ${loreClones.length} clone findings (${loreClones.filter((finding) => finding.kind === 'function_clone').length} function, ` +
      `${loreClones.filter((finding) => finding.kind === 'block_clone').length} block); ` +
      `${loreGroups.filter((group) => duplicates.some((pair) => pair.some((place) => group.some((ours) => overlaps(place, ours))))).length} overlap a jscpd pair`,
  );
  const functions = report.metrics.functions;
  console.log(`  Lore bodies: ${functions.length}, complexity measured for ${functions.filter((fn) => fn.cyclomatic !== null).length}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
