/**
 * Embedding throughput: texts per second for the hashing embedder and, when their models are on
 * disk, the ONNX and static embedders, on code-sized chunks and on query-sized texts, with each
 * model's load time and the process's resident memory after it ran.
 *
 *   npm run bench:embeddings -- [--model-dir DIR] [--static-model-dir DIR] [--onnx-chunks N] [--batch N] [--threads 1,2]
 *   npm run bench:embeddings -- --grid --repo PATH [--threads 1,2] [--batch 16,32,64,128] [--spin off,on] [--onnx-chunks N] [--rounds N]
 *
 * The corpus is TypeScript's own lib.es5.d.ts / lib.dom.d.ts (pinned with the typescript package) cut
 * into 30-line chunks, so runs on different machines embed the same text. Figures go in
 * docs/embeddings.md with the machine they were measured on.
 *
 * `--grid` tunes the ONNX model instead: chunks/s of every (intra-op threads, batch size, spin-waiting of
 * idle threads: default off only) combination on the
 * chunks the indexer makes of a real repository (`--repo`, the same sample every run), each pair in a
 * fresh process (so its peak RSS is its own), the pairs in turn for `--rounds` rounds (default 2) so
 * that a change of the machine's load hits them all; prints each pair's median and the load averages.
 * Texts go to the model in calls of max(64, batch), as the semantic index's background embedding sends them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { HashingEmbedder, OnnxEmbedder, StaticEmbedder, type Embedder } from '@lore/embeddings';
import { readRepository } from '@lore/indexer';

const CHUNK_LINES = 30;
const QUERIES = [
  'place an order',
  'where is the http request body parsed',
  'validate the order before saving',
  'send an email notification',
  'retry a failed payment',
  'how are users authenticated',
  'cancel an invoice',
  'read configuration from the environment',
];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function corpus(): string[] {
  const lib = join(require.resolve('typescript'), '..');
  const chunks: string[] = [];
  for (const file of ['lib.es5.d.ts', 'lib.dom.d.ts']) {
    const lines = readFileSync(join(lib, file), 'utf8').split('\n');
    for (let start = 0; start < lines.length; start += CHUNK_LINES) {
      const chunk = lines.slice(start, start + CHUNK_LINES).join('\n');
      if (chunk.trim()) chunks.push(chunk);
    }
  }
  return chunks;
}

async function measure(label: string, embedder: Embedder, texts: string[], callSize: number): Promise<void> {
  await embedder.embed(texts.slice(0, Math.min(4, texts.length))); // warm-up: lazy init, JIT
  const started = process.hrtime.bigint();
  for (let start = 0; start < texts.length; start += callSize) await embedder.embed(texts.slice(start, start + callSize));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  console.log(
    `${label.padEnd(50)} ${String(texts.length).padStart(6)} texts  ${(texts.length / seconds).toFixed(1).padStart(8)} texts/s  ` +
      `${(chars / seconds / 1024).toFixed(0).padStart(6)} KiB/s  avg ${Math.round(chars / texts.length)} chars  RSS ${rssMegabytes()} MB`,
  );
}

function rssMegabytes(): number {
  return Math.round(process.memoryUsage().rss / 1e6);
}

async function timedLoad<T>(label: string, load: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const loaded = await load();
  console.log(`${label} loaded in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(2)} s, RSS ${rssMegabytes()} MB`);
  return loaded;
}

/** The semantic index's background embedding hands the embedder this many chunks per call (EMBED_BATCH). */
const INDEX_CALL_SIZE = 64;

function numbers(name: string, fallback: number[]): number[] {
  const value = option(name);
  return value ? value.split(',').map(Number) : fallback;
}

/** `count` chunks spread evenly over the repository's chunks, in the indexer's order. */
async function repositoryChunks(path: string, count: number): Promise<string[]> {
  const { snapshot } = await readRepository(path, { tenantId: 'bench', maxFileBytes: 1024 * 1024, cacheDir: 'off' });
  const texts = snapshot.chunks.map((chunk) => chunk.text);
  if (texts.length <= count) return texts;
  return Array.from({ length: count }, (_, i) => texts[Math.floor((i * texts.length) / count)]);
}

interface GridResult {
  threads: number;
  batch: number;
  spin: 'on' | 'off';
  chunksPerSecond: number;
  /** CPU time (user + system) per chunk: what the run took from the other processes. */
  cpuMsPerChunk: number;
  peakRssMb: number;
}

/** One (threads, batch) pair, in this process: prints one JSON line for the parent. */
async function gridPair(modelDir: string, repo: string): Promise<void> {
  const threads = Number(option('threads'));
  const batch = Number(option('batch'));
  const spin = option('spin') === 'on' ? 'on' : 'off';
  const texts = await repositoryChunks(repo, Number(option('onnx-chunks') ?? 384));
  const onnx = await OnnxEmbedder.load({ modelDir, batchSize: batch, threads, spinning: spin === 'on' });
  const callSize = Math.max(INDEX_CALL_SIZE, batch);
  await onnx.embed(texts.slice(0, 8)); // warm-up: first-run allocations, JIT
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  for (let start = 0; start < texts.length; start += callSize) await onnx.embed(texts.slice(start, start + callSize));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  await onnx.release();
  const result: GridResult = {
    threads,
    batch,
    spin,
    chunksPerSecond: texts.length / seconds,
    cpuMsPerChunk: (cpu.user + cpu.system) / 1000 / texts.length,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  console.log(JSON.stringify(result));
}

async function grid(modelDir: string): Promise<void> {
  const repo = resolve(option('repo') ?? '');
  if (!option('repo') || !existsSync(repo)) throw new Error('--grid needs --repo PATH, a repository to take chunks from');
  const threadCounts = numbers('threads', [1, 2]);
  const batches = numbers('batch', [16, 32, 64, 128]);
  const spins = (option('spin') ?? 'off').split(',');
  const rounds = Number(option('rounds') ?? 2);
  const count = Number(option('onnx-chunks') ?? 384);
  const texts = await repositoryChunks(repo, count);
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  console.log(
    `${texts.length} chunks of ${repo} (avg ${Math.round(chars / texts.length)} chars), ${cpus().length} cpus, ` +
      `node ${process.version}, load average ${formatLoad()}`,
  );
  const results = new Map<string, GridResult[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const threads of threadCounts) {
      for (const spin of spins) {
        for (const batch of batches) {
          const result = runGridPair(modelDir, repo, count, threads, batch, spin);
          const key = `${threads} | ${spin} | ${batch}`;
          results.set(key, [...(results.get(key) ?? []), result]);
          console.log(
            `round ${round}  threads ${threads}  spin ${spin.padEnd(3)}  batch ${String(batch).padStart(3)}  ` +
              `${result.chunksPerSecond.toFixed(1).padStart(6)} chunks/s  ${result.cpuMsPerChunk.toFixed(0).padStart(4)} CPU ms/chunk  ` +
              `peak RSS ${result.peakRssMb} MB  load ${loadavg()[0].toFixed(2)}`,
          );
        }
      }
    }
  }
  console.log('\n| intra-op threads | spin | batch | chunks/s (median) | chunks/s (each round) | CPU ms/chunk (median) | peak RSS MB |');
  console.log('| ---------------- | ---- | ----- | ----------------- | --------------------- | --------------------- | ----------- |');
  for (const [key, runs] of results) {
    console.log(
      `| ${key} | ${median(runs.map((run) => run.chunksPerSecond)).toFixed(1)} | ` +
        `${runs.map((run) => run.chunksPerSecond.toFixed(1)).join(' / ')} | ${median(runs.map((run) => run.cpuMsPerChunk)).toFixed(0)} | ` +
        `${Math.max(...runs.map((run) => run.peakRssMb))} |`,
    );
  }
  console.log(`load average after: ${formatLoad()}`);
}

/** One combination in a fresh process, so that its peak RSS is its own. */
function runGridPair(modelDir: string, repo: string, count: number, threads: number, batch: number, spin: string): GridResult {
  const args = ['--grid-pair', '--model-dir', modelDir, '--repo', repo, '--onnx-chunks', String(count)];
  args.push('--threads', String(threads), '--batch', String(batch), '--spin', spin);
  const child = spawnSync(process.execPath, [__filename, ...args], { encoding: 'utf8' });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(`threads ${threads} spin ${spin} batch ${batch} failed: ${child.stderr}`);
  return JSON.parse(line) as GridResult;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function formatLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

async function main(): Promise<void> {
  const defaultModelDir = join(__dirname, '..', '..', '.data', 'models', 'all-MiniLM-L6-v2-onnx-int8');
  if (process.argv.includes('--grid-pair')) return gridPair(resolve(option('model-dir') ?? defaultModelDir), resolve(option('repo') ?? ''));
  if (process.argv.includes('--grid')) return grid(resolve(option('model-dir') ?? defaultModelDir));
  const chunks = corpus();
  const queries = Array.from({ length: 400 }, (_, i) => QUERIES[i % QUERIES.length]);
  console.log(`node ${process.version}, ${cpus().length} cpus (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()[0].toFixed(2)}`);

  const hashing = new HashingEmbedder();
  await measure('hash, 30-line chunks', hashing, chunks, 256);
  await measure('hash, queries', hashing, queries, 1);

  const modelsDir = join(__dirname, '..', '..', '.data', 'models');
  const staticDir = resolve(option('static-model-dir') ?? join(modelsDir, 'tokenlearn-static-10k-64d-int8'));
  if (existsSync(join(staticDir, 'model.safetensors'))) {
    const staticModel = await timedLoad('static', () => StaticEmbedder.load({ modelDir: staticDir }));
    await measure(`static ${staticModel.modelId}, chunks`, staticModel, chunks, 64);
    await measure(`static ${staticModel.modelId}, queries`, staticModel, queries, 1);
  } else console.log(`static: skipped, no model at ${staticDir} (lore models install tokenlearn-static-10k-64d-int8)`);

  const modelDir = resolve(option('model-dir') ?? defaultModelDir);
  if (!existsSync(join(modelDir, 'model.onnx'))) {
    console.log(`onnx: skipped, no model at ${modelDir} (scripts/fetch-test-model.sh)`);
    return;
  }
  const onnxChunks = chunks.slice(0, Number(option('onnx-chunks') ?? 200));
  const batchSizes = option('batch') ? [Number(option('batch'))] : [1, 8, 32];
  for (const batchSize of batchSizes) {
    const onnx = await timedLoad(`onnx batch ${batchSize}`, () => OnnxEmbedder.load({ modelDir, batchSize }));
    await measure(`onnx ${onnx.modelId} batch ${batchSize}, chunks`, onnx, onnxChunks, 64);
    await onnx.release();
  }
  const queryThreads: (number | undefined)[] = option('threads') ? numbers('threads', []) : [undefined];
  for (const threads of queryThreads) {
    const onnx = await OnnxEmbedder.load({ modelDir, threads });
    await measure(`onnx ${onnx.modelId}, single queries, ${threads ?? 'default'} threads`, onnx, queries.slice(0, 100), 1);
    await onnx.release();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
