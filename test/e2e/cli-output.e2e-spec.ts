import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LORE_BIN, runCli } from '../support/processes';

/**
 * The CLI's answers reach a pipe whole, however slowly it is read: on Linux a pipe is written
 * asynchronously, and a process that exits at once leaves all but the pipe's 64 KiB buffer behind.
 */
const env = { LORE_TENANT: 'cli-output', LORE_MAX_FILE_BYTES: String(4 * 1024 * 1024) };
const LINES = 1000;
const LINE = (index: number): string => `export const line${String(index).padStart(4, '0')} = "${'a'.repeat(1500)}";`;

/** Runs `lore args`, reading its stdout through a pipe a chunk at a time with a pause after each. */
function readSlowly(args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [LORE_BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 5);
  });
  const closed = new Promise<void>((resolve) => child.stdout.on('end', resolve));
  return new Promise((resolve) =>
    child.on('exit', (code) => void closed.then(() => resolve({ code, stdout: Buffer.concat(chunks).toString('utf8') }))),
  );
}

describe('lore output through a pipe', () => {
  let uri: string;

  beforeAll(async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'lore-cli-output-')), 'big');
    mkdirSync(root);
    writeFileSync(join(root, 'big.ts'), `${Array.from({ length: LINES }, (_, index) => LINE(index)).join('\n')}\n`);
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=Lore Test', '-c', 'user.email=test@lore.invalid', ...args], {
        cwd: root,
        encoding: 'utf8',
      }).trim();
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'a large file');
    const indexed = await runCli(['index', root, '--name', 'big', '--json'], env);
    expect(indexed.code).toBe(0);
    uri = `code://big/${git('rev-parse', 'HEAD')}/big.ts`;
  }, 120_000);

  it('delivers a JSON answer of over 1 MB whole to a slow reader, then exits 0', async () => {
    const { code, stdout } = await readSlowly(['read', uri, '--max-lines', String(LINES), '--json']);
    expect(Buffer.byteLength(stdout)).toBeGreaterThan(1024 * 1024);
    const span = JSON.parse(stdout) as { text: string; endLine: number };
    expect(span.endLine).toBe(LINES);
    expect(span.text.split('\n')[LINES - 1]).toBe(LINE(LINES - 1));
    expect(code).toBe(0);
  }, 120_000);

  it('delivers text output whole too', async () => {
    const { code, stdout } = await readSlowly(['read', uri, '--max-lines', String(LINES)]);
    expect(stdout).toBe(`${Array.from({ length: LINES }, (_, index) => LINE(index)).join('\n')}\n`);
    expect(code).toBe(0);
  }, 120_000);
});
