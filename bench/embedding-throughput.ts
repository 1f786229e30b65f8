/**
 * Embedding throughput: texts per second for the hashing embedder and, when their models are on
 * disk, the ONNX and static embedders, on code-sized chunks and on query-sized texts, with each
 * model's load time and the process's resident memory after it ran.
 *
 *   npm run bench:embeddings -- [--model-dir DIR] [--static-model-dir DIR] [--onnx-chunks N] [--batch N]
 *
 * The corpus is TypeScript's own lib.es5.d.ts / lib.dom.d.ts (pinned with the typescript package) cut
 * into 30-line chunks, so runs on different machines embed the same text. Figures go in
 * docs/embeddings.md with the machine they were measured on.
 */
import { readFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { HashingEmbedder, OnnxEmbedder, StaticEmbedder, type Embedder } from '@lore/embeddings';

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

async function main(): Promise<void> {
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

  const modelDir = resolve(option('model-dir') ?? join(__dirname, '..', '..', '.data', 'models', 'all-MiniLM-L6-v2-onnx-int8'));
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
  const onnx = await OnnxEmbedder.load({ modelDir });
  await measure(`onnx ${onnx.modelId}, single queries`, onnx, queries.slice(0, 100), 1);
  await onnx.release();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
