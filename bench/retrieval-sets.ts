/**
 * What bench/retrieval.ts and bench/fusion-grid.ts share: the embedders measured, the repositories
 * every embedder indexes, the three query sets, and an application context indexed with one embedder.
 */
import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, StderrLogger } from '@lore/config';
import { type Principal, localPrincipal } from '@lore/domain';
import { KnowledgeModule } from '@lore/knowledge';
import { IndexingService } from '@lore/knowledge/indexing/indexing.service';

@Module({ imports: [ConfigModule, KnowledgeModule] })
class BenchModule {}

export interface EvalQuery {
  repo: string;
  type: 'nl' | 'id';
  query: string;
  expected: string[];
}

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
const BENCH_REPOSITORIES = ['zod', 'httpx'];
/** What every embedder indexes: the fixtures, and the repositories checked out under bench/.repos. */
const REPOSITORIES = [...FIXTURES, ...BENCH_REPOSITORIES];
/**
 * The main set; a held-out set written before ranking changes were tried and never used to choose
 * them; and httpx, questions on a repository Lore did not write, written before issue 17's models were
 * measured.
 */
const QUERY_SETS = [
  { name: 'main', file: 'retrieval-queries.json' },
  { name: 'held-out', file: 'retrieval-queries-heldout.json' },
  { name: 'httpx', file: 'retrieval-queries-httpx.json' },
];

export function querySets(): { name: string; queries: EvalQuery[] }[] {
  for (const repo of BENCH_REPOSITORIES) {
    if (!existsSync(join(ROOT, 'bench', '.repos', repo)))
      throw new Error(`bench/.repos/${repo} is missing: check it out there (docs/benchmarks.md).`);
  }
  return QUERY_SETS.map(({ name, file }) => ({
    name,
    queries: (JSON.parse(readFileSync(join(ROOT, 'bench', file), 'utf8')) as { queries: EvalQuery[] }).queries,
  }));
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

/** An application context with every repository indexed with `embedder`, for a principal of its own tenant. */
export async function indexedWith(embedder: string): Promise<{ context: INestApplicationContext; principal: Principal }> {
  const { provider, modelDir } = EMBEDDERS[embedder]!;
  Object.assign(process.env, {
    LORE_EMBEDDINGS_PROVIDER: provider,
    LORE_EMBEDDINGS_MODEL_DIR: modelDir ?? '',
    LORE_EMBEDDINGS_TIMEOUT_MS: '30000',
  });
  const principal: Principal = localPrincipal(`bench-${embedder}`, 'bench');
  const context = await NestFactory.createApplicationContext(BenchModule, { logger: new StderrLogger('warn') });
  const started = Date.now();
  for (const repo of REPOSITORIES) {
    const path = BENCH_REPOSITORIES.includes(repo) ? join(ROOT, 'bench', '.repos', repo) : join(ROOT, 'test', 'fixtures', repo);
    await context.get(IndexingService).indexRepository({ path, repositoryId: repo }, principal);
  }
  process.stderr.write(`${embedder}: indexed ${REPOSITORIES.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return { context, principal };
}
