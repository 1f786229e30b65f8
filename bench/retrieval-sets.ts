/**
 * What bench/retrieval.ts and bench/fusion-grid.ts share: the embedders measured, the repositories
 * every embedder indexes, the frozen query sets, and an application context indexed with one embedder.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { KnowledgeModule } from '@lore/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';
import { type QuerySet, frozenQuerySets } from './retrieval-set-manifest';

export type { EvalQuery, QuerySet } from './retrieval-set-manifest';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

export const ROOT = join(__dirname, '..', '..');
const FIXTURES = ['order-service', 'billing-service', 'inventory-java', 'shipping-go', 'order-contracts'];
const MODELS_DIR = process.env.LORE_MODELS_DIR ?? join(ROOT, '.data', 'models');
/** Each embedder measured: its provider and its model directory. */
export const EMBEDDERS: Record<string, { provider: string; modelDir?: string }> = {
  hash: { provider: 'hash' },
  minilm: { provider: 'onnx', modelDir: join(MODELS_DIR, 'all-MiniLM-L6-v2-onnx-int8') },
  static: { provider: 'static', modelDir: join(MODELS_DIR, 'tokenlearn-static-10k-64d-int8') },
  e5: { provider: 'onnx', modelDir: join(MODELS_DIR, 'e5-small-v2-onnx-int8') },
  bge: { provider: 'onnx', modelDir: join(MODELS_DIR, 'bge-small-en-v1.5-onnx-int8') },
};
/** The repositories Lore did not write, checked out under bench/.repos at the commits docs/benchmarks.md names. */
const BENCH_REPOSITORIES = ['zod', 'httpx', 'got', 'click', 'jsoup', 'chi'];
/**
 * The sets of bench/retrieval-sets.manifest.json (main; held-out, never used to choose a ranking
 * change; httpx, got, click, jsoup and chi, each on one repository Lore did not write, written before
 * anything was measured on it), or those named in `names`; each set that names its repository's commit
 * is refused when the checkout is at another.
 */
export function querySets(names?: string[]): QuerySet[] {
  const sets = frozenQuerySets(join(ROOT, 'bench')).filter((set) => names === undefined || names.includes(set.name));
  for (const repo of new Set(sets.flatMap((set) => set.queries.map((query) => query.repo)))) {
    if (!BENCH_REPOSITORIES.includes(repo) || existsSync(join(ROOT, 'bench', '.repos', repo))) continue;
    throw new Error(`bench/.repos/${repo} is missing: check it out there (docs/benchmarks.md).`);
  }
  for (const { repository } of sets) {
    if (repository === undefined) continue;
    const head = execFileSync('git', ['-C', join(ROOT, 'bench', '.repos', repository.name), 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    if (head !== repository.commit)
      throw new Error(`bench/.repos/${repository.name} is at ${head}; its query set was written at ${repository.commit}`);
  }
  return sets;
}

/** The embedders named in `--providers` whose model is installed; one that is not is left out with a line saying so. */
export function installedEmbedders(names: string[]): string[] {
  return names.filter((name) => {
    const embedder = EMBEDDERS[name];
    if (!embedder) throw new Error(`unknown embedder ${name}: one of ${Object.keys(EMBEDDERS).join(', ')}`);
    const installed = embedder.modelDir === undefined || existsSync(embedder.modelDir);
    if (!installed) process.stderr.write(`${name}: left out, no model at ${embedder.modelDir}\n`);
    return installed;
  });
}

/** The repositories the questions of `sets` are asked on, fixtures first. */
export function repositoriesOf(sets: QuerySet[]): string[] {
  const asked = new Set(sets.flatMap((set) => set.queries.map((query) => query.repo)));
  return [...FIXTURES, ...BENCH_REPOSITORIES].filter((repo) => asked.has(repo));
}

/** An application context with `repositories` indexed with `embedder`, for a principal of its own tenant. */
export async function indexedWith(
  embedder: string,
  repositories: string[],
): Promise<{ context: INestApplicationContext; principal: Principal }> {
  const { provider, modelDir } = EMBEDDERS[embedder]!;
  Object.assign(process.env, {
    LORE_EMBEDDINGS_PROVIDER: provider,
    LORE_EMBEDDINGS_MODEL_DIR: modelDir ?? '',
    LORE_EMBEDDINGS_TIMEOUT_MS: '30000',
    // Every search is answered, never served from the answer cache: the same query is asked more than once.
    LORE_CACHE_MAX_MB: '0',
  });
  const principal: Principal = localPrincipal(`bench-${embedder}`, 'bench');
  const context = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('warn') });
  const started = Date.now();
  for (const repo of repositories) {
    const path = BENCH_REPOSITORIES.includes(repo) ? join(ROOT, 'bench', '.repos', repo) : join(ROOT, 'test', 'fixtures', repo);
    await context.get(IndexingService).indexRepository({ path, repositoryId: repo }, principal);
  }
  process.stderr.write(`${embedder}: indexed ${repositories.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return { context, principal };
}
