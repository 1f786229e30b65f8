/**
 * Query latency: each graph capability's service method, called in-process as the doors call it, on
 * one indexed repository. Prints p50, p95, p99 and max per capability beside the targets of issue 15,
 * with the inputs used (chosen from the graph itself: the most-called symbols, random symbols by uid
 * and by name, search words taken from symbol names, two 20-file diffs).
 *
 *   npm run bench:queries -- [repository path] [--name id] [--runs n] [--seconds s] [--seed n]
 *
 * The repository (default bench/.repos/typeorm, --name typeorm) is cloned into a temporary directory
 * and its HEAD indexed once; the clone gets two branches of 20 edited files each for analyze_impact's
 * diff form (the graph stays at HEAD). Each capability runs WARM_UP_RUNS times, then --runs times
 * (default 200) over its inputs in turn, or as many as fit in --seconds (default 60), at least
 * MIN_RUNS. Uses NEO4J_URI / NEO4J_PASSWORD when set; otherwise starts tools/neo4j-local on a free
 * port with a fresh data directory. Figures go in docs/benchmarks.md with the command and the machine.
 */
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { Neo4jService } from '@lore/graph';
import { KnowledgeModule } from '@lore/knowledge';
import { CalleesService } from '@lore/knowledge/callees/callees.service';
import { CallersService } from '@lore/knowledge/callers/callers.service';
import { ExplorerService } from '@lore/knowledge/explorer/explorer.service';
import { ImpactService } from '@lore/knowledge/impact/impact.service';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { GraphNeighborhoodService } from '@lore/knowledge/neighborhood/neighborhood.service';
import { SearchService } from '@lore/knowledge/search/search.service';
import { SymbolService } from '@lore/knowledge/symbols/symbol.service';
import { RelatedTestsService } from '@lore/knowledge/related-tests/related-tests.service';
import { benchNeo4j } from './local-neo4j';
import { ScratchDirectories } from './scratch';
import { seededRandom } from './seeded-random';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

const DEFAULT_REPOSITORY = join('bench', '.repos', 'typeorm');
const DEFAULT_NAME = 'typeorm';
const DEFAULT_RUNS = 200;
const DEFAULT_SECONDS = 60;
const DEFAULT_SEED = 15;
const WARM_UP_RUNS = 20;
const MIN_RUNS = 20;
/** How many inputs of each kind: the most-called symbols, random symbols, search queries, files a diff edits. */
const CENTRAL_SYMBOLS = 20;
const RANDOM_SYMBOLS = 100;
const SEARCH_QUERIES = 15;
const DIFF_FILES = 20;
const BASE_BRANCH = 'lore-bench-base';
const EDIT_MARK = ' // lore bench edit';
const INDEX_TX_TIMEOUT_MS = 300_000;

/** A latency target of issue 15: the percentile that must stay under `ms`. */
interface Target {
  percentile: Percentile;
  ms: number;
}

type Percentile = 'p50' | 'p95' | 'p99';
const PERCENTILES: Record<Percentile, number> = { p50: 50, p95: 95, p99: 99 };

/** One capability as asked: its inputs, a call that answers how many items it returned, its target if it has one. */
interface Capability<Input> {
  label: string;
  inputs: readonly Input[];
  describe: (input: Input) => string;
  call: (input: Input) => Promise<number>;
  target?: Target;
}

/** A capability with its inputs bound: the n-th call asks the n-th input, in turn. */
interface Measurable {
  label: string;
  inputs: string[];
  callNth: (n: number) => Promise<number>;
  target?: Target;
}

function measurable<Input>({ label, inputs, describe, call, target }: Capability<Input>): Measurable {
  return { label, inputs: inputs.map(describe), callNth: (n) => call(inputs[n % inputs.length]!), target };
}

interface Timing {
  label: string;
  runs: number;
  times: number[];
  medianSize: number;
  target?: Target;
}

/** A symbol as the inputs are chosen from: its uid, qualified name, kind and lines. */
interface SymbolRow {
  uid: string;
  name: string;
  qualifiedName: string;
  kind: string;
  path: string;
  startLine: number;
  endLine: number;
}

interface Options {
  path: string;
  repositoryId: string;
  runs: number;
  seconds: number;
  seed: number;
}

function parseOptions(args: readonly string[]): Options {
  const valueOf = (flag: string): string | undefined => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const positional = args.find((arg, i) => !arg.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--')));
  return {
    path: resolve(positional ?? DEFAULT_REPOSITORY),
    repositoryId: valueOf('--name') ?? DEFAULT_NAME,
    runs: Number(valueOf('--runs') ?? DEFAULT_RUNS),
    seconds: Number(valueOf('--seconds') ?? DEFAULT_SECONDS),
    seed: Number(valueOf('--seed') ?? DEFAULT_SEED),
  };
}

function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, count);
}

/** The nearest-rank percentile of sorted times. */
function percentile(sorted: readonly number[], rank: number): number {
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)]!;
}

function git(cwd: string, args: readonly string[]): string {
  const result = spawnSync(
    'git',
    ['-c', 'user.name=lore-bench', '-c', 'user.email=bench@lore.invalid', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}:\n${result.stderr}`);
  return result.stdout.trim();
}

/**
 * A branch off BASE_BRANCH that edits one line inside each given symbol (the line after its first,
 * if it has one), committed; the working tree is back at the base after. Returns the diff range.
 */
function editedBranch(repository: string, branch: string, edits: readonly SymbolRow[]): string {
  git(repository, ['checkout', '--quiet', '-b', branch, BASE_BRANCH]);
  for (const symbol of edits) {
    const file = join(repository, symbol.path);
    const lines = readFileSync(file, 'utf8').split('\n');
    const edited = Math.min(symbol.startLine + 1, symbol.endLine) - 1;
    lines[edited] += EDIT_MARK;
    writeFileSync(file, lines.join('\n'));
  }
  git(repository, ['commit', '--quiet', '--all', '--message', `${edits.length} files edited`]);
  git(repository, ['checkout', '--quiet', BASE_BRANCH]);
  return `${BASE_BRANCH}..${branch}`;
}

/** One symbol per file, in the order given, until `count` files: what a diff over those files edits. */
function oneSymbolPerFile(symbols: readonly SymbolRow[], count: number): SymbolRow[] {
  const byFile = new Map<string, SymbolRow>();
  for (const symbol of symbols) if (byFile.size < count && !byFile.has(symbol.path)) byFile.set(symbol.path, symbol);
  return [...byFile.values()];
}

/** Words of an identifier (`getEntityMetadata` -> `get entity metadata`): a search a person might type. */
function words(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_$]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** Reads the inputs from the graph: every symbol of the repository, and the most-called and most-calling ones. */
class GraphInputs {
  constructor(
    private readonly neo4j: Neo4jService,
    private readonly tenantId: string,
    private readonly repositoryId: string,
  ) {}

  async symbols(): Promise<SymbolRow[]> {
    return (await this.neo4j.read(
      `MATCH (s:Symbol {tenantId: $tenantId, repoId: $repositoryId})
       RETURN s.uid AS uid, s.name AS name, s.qualifiedName AS qualifiedName, s.kind AS kind,
              s.path AS path, s.startLine AS startLine, s.endLine AS endLine
       ORDER BY s.uid`,
      { tenantId: this.tenantId, repositoryId: this.repositoryId },
    )) as unknown as SymbolRow[];
  }

  /** The symbols (not test cases) with the most callers, or the most callees: the heaviest walks. */
  async mostCalls(direction: 'callers' | 'callees', count: number): Promise<(SymbolRow & { calls: number })[]> {
    const pattern = direction === 'callers' ? '(s)<-[:CALLS]-()' : '(s)-[:CALLS]->()';
    return (await this.neo4j.read(
      `MATCH (s:Symbol {tenantId: $tenantId, repoId: $repositoryId})
       WHERE s.kind <> 'test'
       WITH s, COUNT { ${pattern} } AS calls
       ORDER BY calls DESC, s.uid
       LIMIT $count
       RETURN s.uid AS uid, s.name AS name, s.qualifiedName AS qualifiedName, s.kind AS kind,
              s.path AS path, s.startLine AS startLine, s.endLine AS endLine, calls`,
      { tenantId: this.tenantId, repositoryId: this.repositoryId, count },
    )) as unknown as (SymbolRow & { calls: number })[];
  }
}

/**
 * Names that get_symbol resolves to exactly one symbol: a qualified name no other symbol has, and
 * no symbol has as its bare name (a name lookup finds both).
 */
function uniquelyNamed(symbols: readonly SymbolRow[]): SymbolRow[] {
  const uses = new Map<string, number>();
  const count = (key: string): void => void uses.set(key, (uses.get(key) ?? 0) + 1);
  for (const symbol of symbols) {
    count(symbol.qualifiedName);
    if (symbol.name !== symbol.qualifiedName) count(symbol.name);
  }
  return symbols.filter((symbol) => symbol.kind !== 'test' && uses.get(symbol.qualifiedName) === 1);
}

async function measure(measured: Measurable, options: Options): Promise<Timing> {
  for (let i = 0; i < WARM_UP_RUNS; i++) await measured.callNth(i);
  const times: number[] = [];
  const sizes: number[] = [];
  const deadline = performance.now() + options.seconds * 1000;
  for (let i = 0; i < options.runs && (i < MIN_RUNS || performance.now() < deadline); i++) {
    const started = performance.now();
    sizes.push(await measured.callNth(i));
    times.push(performance.now() - started);
  }
  const sortedSizes = [...sizes].sort((a, b) => a - b);
  return {
    label: measured.label,
    runs: times.length,
    times: times.sort((a, b) => a - b),
    medianSize: percentile(sortedSizes, 50),
    target: measured.target,
  };
}

function formatMs(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0);
}

function verdict(timing: Timing): string {
  if (!timing.target) return '';
  const measured = percentile(timing.times, PERCENTILES[timing.target.percentile]);
  const met = measured < timing.target.ms ? 'met' : `missed (${(measured / timing.target.ms).toFixed(2)}x)`;
  return `${timing.target.percentile} < ${timing.target.ms} ms: ${met}`;
}

function printTimings(timings: readonly Timing[]): void {
  console.log('\n| capability | runs | answer size (median) | p50 ms | p95 ms | p99 ms | max ms | target |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const timing of timings) {
    const [p50, p95, p99] = (['p50', 'p95', 'p99'] as const).map((name) => formatMs(percentile(timing.times, PERCENTILES[name])));
    const max = formatMs(timing.times[timing.times.length - 1]!);
    console.log(`| ${timing.label} | ${timing.runs} | ${timing.medianSize} | ${p50} | ${p95} | ${p99} | ${max} | ${verdict(timing)} |`);
  }
}

function printInputs(measured: readonly Measurable[]): void {
  console.log('\ninputs, in the order they are asked (each capability cycles through its own):');
  for (const { label, inputs } of measured) {
    const listed = inputs.slice(0, 25);
    const more = inputs.length > listed.length ? `, … (${inputs.length} in all)` : '';
    console.log(`  ${label}: ${listed.join('; ')}${more}`);
  }
}

function machine(): string {
  const [one, five] = loadavg();
  return `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, load ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min)`;
}

/** The questions asked, chosen from the graph: the most-called and most-calling symbols, random ones, searches, two diffs. */
async function chooseInputs(graph: GraphInputs, repository: string, seed: number) {
  const random = seededRandom(seed);
  const symbols = await graph.symbols();
  const central = await graph.mostCalls('callers', CENTRAL_SYMBOLS);
  const calling = await graph.mostCalls('callees', CENTRAL_SYMBOLS);
  const randomSymbols = sample(symbols, RANDOM_SYMBOLS, random);
  const named = sample(uniquelyNamed(symbols), RANDOM_SYMBOLS, random);
  const bySymbol: { uid?: string; name?: string }[] = randomSymbols.flatMap((symbol, i) => [
    { uid: symbol.uid },
    { name: named[i % named.length]!.qualifiedName },
  ]);
  const identifiers = sample(
    symbols.filter((symbol) => symbol.kind !== 'test'),
    SEARCH_QUERIES,
    random,
  ).map((symbol) => symbol.name);
  const phrases = sample(
    symbols.filter((symbol) => /[a-z][A-Z]/.test(symbol.name)),
    SEARCH_QUERIES,
    random,
  ).map((symbol) => words(symbol.name));
  const code = symbols.filter(
    (symbol) =>
      (symbol.kind === 'method' || symbol.kind === 'function') && symbol.path.startsWith('src/') && symbol.endLine > symbol.startLine,
  );
  const diffs = [
    {
      label: 'random methods',
      range: editedBranch(repository, 'lore-bench-random', oneSymbolPerFile(sample(code, code.length, random), DIFF_FILES)),
    },
    {
      label: 'the most-called symbols',
      range: editedBranch(repository, 'lore-bench-central', oneSymbolPerFile(await graph.mostCalls('callers', 200), DIFF_FILES)),
    },
  ];
  return { central, calling, randomSymbols, bySymbol, searches: [...identifiers, ...phrases], diffs };
}
type Inputs = Awaited<ReturnType<typeof chooseInputs>>;

/** What no query can beat: a round trip to Neo4j and back through the driver. */
function floor(neo4j: Neo4jService): Measurable {
  return measurable({
    label: 'Neo4j round trip (RETURN 1): the floor under every query',
    inputs: ['RETURN 1'],
    describe: (query) => query,
    call: async (query) => (await neo4j.read(query)).length,
  });
}

/** Each capability, called as the doors call it, on its inputs. */
function capabilities(context: INestApplicationContext, principal: Principal, inputs: Inputs, repositoryId: string): Measurable[] {
  const { central, calling, randomSymbols, bySymbol, searches, diffs } = inputs;
  const symbolService = context.get(SymbolService);
  const searchService = context.get(SearchService);
  const callersService = context.get(CallersService);
  const calleesService = context.get(CalleesService);
  const impactService = context.get(ImpactService);
  const relatedTests = context.get(RelatedTestsService);
  const neighborhoodService = context.get(GraphNeighborhoodService);
  const explorer = context.get(ExplorerService);
  const describeSymbol = (symbol: SymbolRow & { calls?: number }): string =>
    symbol.calls === undefined ? symbol.qualifiedName : `${symbol.qualifiedName} (${symbol.calls})`;

  return [
    measurable({
      label: 'get_symbol (random, by uid and by name)',
      inputs: bySymbol,
      describe: (input) => input.name ?? input.uid!.split('#').pop()!,
      call: async (input) => {
        const { symbol } = await symbolService.getSymbol(input, principal);
        return symbol.members.length + symbol.calls.length + symbol.calledBy.length;
      },
      target: { percentile: 'p95', ms: 10 },
    }),
    ...[
      { label: 'most-called', symbols: central },
      { label: 'random', symbols: randomSymbols },
    ].map(({ label, symbols }) =>
      measurable({
        label: `get_graph_neighborhood depth 2 (${label})`,
        inputs: symbols,
        describe: describeSymbol,
        call: async ({ uid }) => (await neighborhoodService.getNeighborhood({ uid, depth: 2 }, principal)).nodes.length,
        target: { percentile: 'p95', ms: 50 },
      }),
    ),
    measurable({
      label: 'search_code (hybrid, names and words)',
      inputs: searches,
      describe: (query) => JSON.stringify(query),
      call: async (query) => (await searchService.searchCode({ query }, principal)).results.length,
    }),
    ...[1, 3].flatMap((depth) => [
      measurable({
        label: `get_callers depth ${depth} (most-called)`,
        inputs: central,
        describe: describeSymbol,
        call: async ({ uid }) => (await callersService.getCallers({ uid, depth }, principal)).callers.length,
      }),
      measurable({
        label: `get_callees depth ${depth} (most-calling)`,
        inputs: calling,
        describe: describeSymbol,
        call: async ({ uid }) => (await calleesService.getCallees({ uid, depth }, principal)).callees.length,
      }),
    ]),
    measurable({
      label: 'Repository.mostDependedOn, first 20 (what /explorer opens on)',
      inputs: [repositoryId],
      describe: (id) => id,
      call: async (id) => (await explorer.pages(principal, 'repository-depended-on', [id], { first: 20 }))[0]!.nodes.length,
    }),
    measurable({
      label: 'analyze_impact depth 3 (most-called)',
      inputs: central,
      describe: describeSymbol,
      call: async ({ uid }) => (await impactService.analyzeImpact({ uid }, principal)).affected.length,
      target: { percentile: 'p95', ms: 150 },
    }),
    measurable({
      label: 'analyze_impact depth 3 (random)',
      inputs: randomSymbols,
      describe: describeSymbol,
      call: async ({ uid }) => (await impactService.analyzeImpact({ uid }, principal)).affected.length,
    }),
    ...diffs.map(({ label, range }) =>
      measurable({
        label: `analyze_impact of a ${DIFF_FILES}-file diff (${label})`,
        inputs: [range],
        describe: (diff) => diff,
        call: async (diff) => (await impactService.analyzeImpact({ diff, repositoryId }, principal)).affected.length,
        target: { percentile: 'p95', ms: 1000 },
      }),
    ),
    measurable({
      label: 'get_related_tests (most-called)',
      inputs: central,
      describe: describeSymbol,
      call: async ({ uid }) => (await relatedTests.getRelatedTests({ uid }, principal)).tests.length,
    }),
  ];
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const lore = git(join(__dirname, '..', '..'), ['rev-parse', '--short', 'HEAD']);
  console.log(`Lore ${lore}; machine: ${machine()}`);
  const scratch = new ScratchDirectories();
  const stopNeo4j = await benchNeo4j(() => scratch.make('lore-bench-neo4j-'));
  process.env.LORE_TENANT = process.env.LORE_TENANT ?? 'bench';
  process.env.LORE_CACHE_DIR = process.env.LORE_CACHE_DIR ?? scratch.make('lore-bench-cache-');
  // The index is set-up, not measured: on a busy machine a fresh server's first transactions can pass the default 30 s.
  process.env.NEO4J_TX_TIMEOUT_MS = process.env.NEO4J_TX_TIMEOUT_MS ?? String(INDEX_TX_TIMEOUT_MS);
  const principal: Principal = localPrincipal(process.env.LORE_TENANT, 'bench');
  const logLevel = process.env.LORE_LOG_LEVEL === 'debug' ? 'debug' : 'warn';
  const context = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger(logLevel) });
  try {
    // A clone of its own, so that the diff's branches are made there, not in the repository given.
    const repository = join(scratch.make('lore-bench-repository-'), options.repositoryId);
    git(tmpdir(), ['clone', '--quiet', '--shared', options.path, repository]);
    git(repository, ['branch', BASE_BRANCH]);
    const started = performance.now();
    const run = await context.get(IndexingService).indexRepository({ path: repository, repositoryId: options.repositoryId }, principal);
    console.log(
      `indexed ${run.repositoryId}@${run.commitSha.slice(0, 9)} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `files ${run.files}, symbols ${run.symbols}, calls ${run.calls}, imports ${run.imports}`,
    );

    const neo4j = context.get(Neo4jService);
    const inputs = await chooseInputs(new GraphInputs(neo4j, principal.tenantId, options.repositoryId), repository, options.seed);
    const measured = [floor(neo4j), ...capabilities(context, principal, inputs, options.repositoryId)];
    const timings: Timing[] = [];
    for (const capability of measured) {
      timings.push(await measure(capability, options));
      console.log(`measured ${capability.label} (load ${loadavg()[0]!.toFixed(2)})`);
    }
    printTimings(timings);
    printInputs(measured);
    console.log(`\nmachine after: ${machine()}`);
  } finally {
    await context.close();
    await stopNeo4j();
    scratch.removeAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
