import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface SecretFinding {
  path: string;
  /** secretlint rule that matched, e.g. "aws", "github", "privatekey". */
  rule: string;
  /** The secret's character range in the file's text. */
  start: number;
  end: number;
}

const BATCH_BYTES = 2 * 1024 * 1024;

/** The rule set's version: findings kept between runs are valid for it only. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const SECRET_RULES_VERSION: string = (require('@secretlint/secretlint-rule-preset-recommend/package.json') as { version: string })
  .version;

/**
 * Finds secrets (cloud keys, tokens, private keys, ...) with secretlint's maintained recommended
 * rules, in worker threads so that scanning runs beside parsing. The raw match never leaves this
 * module except to be removed from text: see redactSecrets.
 */
export class SecretScanner {
  private readonly workers: Worker[] = [];
  private next = 0;
  private sequence = 0;
  private readonly pending = new Map<number, { resolve: (findings: SecretFinding[]) => void; reject: (error: Error) => void }>();

  constructor(workerCount = 1) {
    for (let i = 0; i < workerCount; i++) {
      const worker = new Worker(workerScript());
      worker.on('message', (message: { id: number; findings?: SecretFinding[]; error?: string }) => {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (this.pending.size === 0) for (const idle of this.workers) idle.unref();
        if (message.error !== undefined) waiter?.reject(new Error(`secret scan failed: ${message.error}`));
        else waiter?.resolve(message.findings ?? []);
      });
      worker.on('error', (error) => {
        for (const waiter of this.pending.values()) waiter.reject(error);
        this.pending.clear();
      });
      worker.unref();
      this.workers.push(worker);
    }
  }

  async scan(files: readonly { path: string; text: string }[]): Promise<SecretFinding[]> {
    const batches: { path: string; text: string }[][] = [[]];
    let size = 0;
    for (const file of files) {
      if (size > BATCH_BYTES) {
        batches.push([]);
        size = 0;
      }
      batches[batches.length - 1]!.push(file);
      size += file.text.length;
    }
    const results = await Promise.all(batches.filter((batch) => batch.length > 0).map((batch) => this.send(batch)));
    return results.flat();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private send(files: { path: string; text: string }[]): Promise<SecretFinding[]> {
    const id = ++this.sequence;
    const worker = this.workers[this.next++ % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Keep the process alive while an answer is due; an idle scanner never holds it open.
      worker.ref();
      worker.postMessage({ id, files });
    });
  }
}

/** Replaces every occurrence of each secret in `text` by a marker naming the rule. */
export function redactSecrets(text: string, secrets: readonly { value: string; rule: string }[]): string {
  let redacted = text;
  for (const { value, rule } of secrets) {
    if (value.length >= 8) redacted = redacted.split(value).join(`[REDACTED:${rule}]`);
  }
  return redacted;
}

/** The worker is plain JavaScript beside the library's sources (not compiled), found from here in src/ and dist/ alike. */
function workerScript(): string {
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'libs', 'indexer', 'secret-scan.worker.mjs');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Cannot find libs/indexer/secret-scan.worker.mjs');
}
