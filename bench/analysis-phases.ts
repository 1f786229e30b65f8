/**
 * Where code health analysis spends its time, on a repository already indexed in the Neo4j that
 * NEO4J_URI / NEO4J_PASSWORD name (so the analysis can be measured again and again without indexing):
 * each phase timed on its own (the counts read, the facts read, the clone grouping, the design
 * measures, reachability, typing/docstring adoption and the API surface, the whole report, its
 * canonical JSON), then the whole `analyze_repository` operation twice (the second must give the same run id). Peak RSS is the kernel's high-water mark
 * (process.resourceUsage().maxRSS), which no timer sampling between synchronous phases could catch.
 *
 *   NEO4J_URI=bolt://… NEO4J_PASSWORD=… npm run bench:analysis-phases -- --repository typescript-bench
 *
 * `--index <checkout>` indexes the checkout first under that repository id (once, to fill the Neo4j).
 * LORE_TENANT defaults to `bench`, as bench/analysis.ts indexes. Figures go in docs/benchmarks.md
 * with the command and the machine's load (`uptime`).
 */
import 'reflect-metadata';
import { resolve } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger } from '@lore/config';
import { canonicalJson, localPrincipal } from '@lore/domain';
import { DEFAULT_THRESHOLDS, NEAR_MISS_SIMILARITY } from '@lore/domain/schemas/code-health';
import { CodeHealthRepository, CodeGraphRepository } from '@lore/graph';
import { codeLanguages, SourceRepository } from '@lore/indexer';
import { CodeHealthModule } from '@lore/code-health';
import { KnowledgeModule } from '@lore/knowledge';
import { buildReport } from '@lore/code-health/code-health/analysis-report';
import { adoptionOf, apiSurfaceOf } from '@lore/code-health/code-health/api-adoption';
import { groupClones } from '@lore/code-health/code-health/clone-groups';
import { CodeHealthService } from '@lore/code-health/code-health/code-health.service';
import { classMeasures, functionMeasures, importCycles, moduleMeasures } from '@lore/code-health/code-health/design-metrics';
import { MANIFEST_PATHS, publicationOf } from '@lore/code-health/code-health/publication';
import { unreachedSymbols } from '@lore/code-health/code-health/reachability';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';

@Module({ imports: [ConfigModule, KnowledgeModule, CodeHealthModule] })
class BenchModule {}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const megabytes = () => `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;

async function timed<T>(label: string, run: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await run();
  console.log(
    `  ${label.padEnd(28)} ${((performance.now() - started) / 1000).toFixed(2).padStart(7)} s   (peak RSS so far ${megabytes()})`,
  );
  return value;
}

async function main(): Promise<void> {
  const repositoryId = argument('--repository');
  if (!repositoryId || !process.env.NEO4J_URI)
    throw new Error('Give --repository <id> and NEO4J_URI / NEO4J_PASSWORD of the indexed graph.');
  process.env.LORE_TENANT = process.env.LORE_TENANT ?? 'bench';
  // Timed, not cut: the operation gate's request timeout (30 s by default) would stop a slow run.
  process.env.LORE_REQUEST_TIMEOUT_MS = process.env.LORE_REQUEST_TIMEOUT_MS ?? '600000';
  const context = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('warn') });
  const principal = localPrincipal(process.env.LORE_TENANT, 'bench');
  try {
    const checkout = argument('--index');
    if (checkout)
      await timed('index', () => context.get(IndexingService).indexRepository({ path: resolve(checkout), repositoryId }, principal));
    const repository = (await context.get(CodeGraphRepository).listRepositories(principal)).find(
      (found) => found.repositoryId === repositoryId,
    );
    if (!repository) throw new Error(`No indexed repository ${repositoryId} in tenant ${process.env.LORE_TENANT}.`);
    console.log(`${repositoryId} @ ${repository.commitSha}, peak RSS before the analysis ${megabytes()}`);
    const store = context.get(CodeHealthRepository);
    const size = await timed('count (size)', () => store.sizeOf(principal, repositoryId));
    const facts = await timed('read facts', () => store.readFacts(principal, repositoryId, codeLanguages()));
    console.log(
      `  ${size.symbols} symbols, ${facts.files.length} files, ${facts.references.length} references, ${facts.imports.length} imports`,
    );
    await timed('clone groups', () => groupClones(facts.symbols, NEAR_MISS_SIMILARITY));
    await timed('function measures', () => functionMeasures(facts));
    await timed('class measures', () => classMeasures(facts));
    await timed('module measures', () =>
      moduleMeasures(
        facts.files.map((file) => file.path),
        facts.imports,
      ),
    );
    await timed('import cycles', () => importCycles(facts.imports));
    const publication = await timed('publication (manifests)', async () =>
      publicationOf(await new SourceRepository().filesAtCommit(repository, MANIFEST_PATHS)),
    );
    await timed('reachability', () => unreachedSymbols(facts, repository.callsExact, publication));
    await timed('adoption (signatures)', () => adoptionOf(facts.symbols));
    await timed('api surface', () => apiSurfaceOf(facts.symbols));
    const settings = {
      repository: repositoryId,
      commit: repository.commitSha,
      mode: 'full' as const,
      thresholds: { ...DEFAULT_THRESHOLDS },
      callsExact: repository.callsExact,
      publication,
      // The timed phases leave the code's names out: the whole operation below reads them (git grep).
      namesInCode: null,
    };
    const report = await timed('whole report', () => buildReport(facts, settings));
    await timed('canonical JSON', () => canonicalJson(report));
    console.log(`  ${report.findings.summary.total} findings ${JSON.stringify(report.findings.summary.by_family)}`);
    const health = context.get(CodeHealthService);
    const runs: string[] = [];
    for (const label of ['analyze_repository (1st)', 'analyze_repository (2nd)'])
      runs.push((await timed(label, () => health.analyzeRepository({ repository: repositoryId }, principal))).run_id);
    console.log(`  run ${runs[0]}, same run id both times: ${runs[0] === runs[1]}; peak RSS ${megabytes()}`);
  } finally {
    await context.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
