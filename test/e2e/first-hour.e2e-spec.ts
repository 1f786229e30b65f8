import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordLocalConnection } from '@lore/config';
import { gitFixture } from '../support/fixtures';
import { LORE_BIN, startServer, runCli, waitUntilReady } from '../support/processes';
import { cliJson } from './doors';

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

/** Search answers as `lore search --json` gives them. */
async function searchAnswer(
  env: NodeJS.ProcessEnv,
): Promise<{ results: { uid: string; reasons: string[] }[]; warnings: { code: string; message: string }[] }> {
  const { body } = await cliJson(['search', 'apply a discount for gold customers'], env);
  return body as never;
}

async function searchWarnings(env: NodeJS.ProcessEnv): Promise<{ code: string; message: string }[]> {
  return (await searchAnswer(env)).warnings;
}

describe('a first hour with Lore', () => {
  it('reaches the Neo4j lore up recorded from a shell with nothing exported, and says what to run when none was', async () => {
    const home = mkdtempSync(join(tmpdir(), 'lore-config-home-'));
    const bare = { NEO4J_URI: '', NEO4J_PASSWORD: '', XDG_CONFIG_HOME: home, LORE_TENANT: 'cli-output' };
    const refused = await cliJson(['symbol', 'line0001'], bare);
    expect(refused.code).toBe(2);
    expect(refused.body.error).toMatchObject({
      code: 'invalid_input',
      hint: 'Start Lore with `NEO4J_PASSWORD=<choose one> npx lore up`: later commands in any shell find its Neo4j by themselves. For a Neo4j of your own, export NEO4J_URI and NEO4J_PASSWORD.',
    });
    recordLocalConnection(
      { NEO4J_URI: process.env.NEO4J_URI!, NEO4J_USER: 'neo4j', NEO4J_PASSWORD: process.env.NEO4J_PASSWORD!, dataDir: home },
      { XDG_CONFIG_HOME: home },
    );
    const found = await cliJson(['symbol', 'line0001'], { ...bare, ...env });
    expect([found.code, (found.body.symbol as { qualifiedName: string }).qualifiedName]).toEqual([0, 'line0001']);
  }, 60_000);

  it('prints its version', async () => {
    const version = await runCli(['--version'], {});
    expect([version.code, version.stdout]).toEqual([0, '0.1.0\n']);
  });

  it("answers with a repository's vectors of the model it was embedded with before, says so, and lore serve embeds it again with the serving one", async () => {
    const fixture = gitFixture('order-service');
    const before = { LORE_TENANT: 'model-change', LORE_EMBEDDINGS_PROVIDER: 'hash', LORE_EMBEDDINGS_DIMENSION: '384' };
    expect((await cliJson(['index', fixture.path, '--name', 'order-service'], before)).code).toBe(0);
    const answered = await searchAnswer(before);
    expect(answered.warnings).toEqual([]);
    expect(answered.results.filter((result) => result.reasons.includes('semantic')).length).toBeGreaterThan(0);

    // Another serving model: until order-service is embedded with it, its 384-dimension vectors rank it.
    const after = { ...before, LORE_EMBEDDINGS_DIMENSION: '256' };
    const warning = {
      code: 'semantic_previous_model',
      message:
        'order-service is ranked by the vectors of lore-hash-v2-384, the model it was embedded with before, until lore serve and lore up embed it again with the serving model in the background (lore index <its path> does it now).',
    };
    expect(await searchAnswer(after)).toEqual({ ...answered, warnings: [warning] });
    const text = await runCli(['search', 'apply a discount for gold customers'], after);
    expect(text.stderr).toContain(
      'semantic search: the built-in hashing embedder (lore-hash-v2-256; `lore models` lists the models to install for better answers), 256 dimensions, vectors in neo4j\n',
    );
    expect(text.stderr).toContain(`warning (semantic_previous_model): ${warning.message}\n`);

    const server = await startServer(after);
    try {
      await waitUntilReady(server.url);
      const deadline = Date.now() + 90_000;
      while ((await searchWarnings(after)).length > 0) {
        if (Date.now() > deadline) throw new Error(`lore serve did not embed order-service again within 90 s:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(server.output()).toContain(`order-service: embedding again with the serving model, in the background (${fixture.path})`);
      expect(server.output()).toContain(
        'authentication: open on loopback (no API key exists; `lore keys create` makes every door require one)',
      );
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('opens the loopback doors again once the only key is revoked', async () => {
    const keysEnv = { LORE_TENANT: 'keys-first-hour' };
    const server = await startServer(keysEnv);
    let unrevoked: string | null = null;
    try {
      await waitUntilReady(server.url);
      const status = async (): Promise<number> => (await fetch(`${server.url}/api/v1/structure`)).status;
      expect(await status()).not.toBe(401);
      const created = await runCli(['keys', 'create', '--tenant', 'keys-first-hour', '--json'], keysEnv);
      expect(created.stderr).toContain('authentication: keys required (a usable API key exists');
      const { id } = JSON.parse(created.stdout) as { id: string };
      unrevoked = id;
      // The server believes its last answer about keys for up to 10 s.
      const until = async (expected: (code: number) => boolean): Promise<void> => {
        const deadline = Date.now() + 15_000;
        while (!expected(await status())) {
          if (Date.now() > deadline) throw new Error(`the doors did not change within 15 s:\n${server.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      await until((code) => code === 401);
      const revoked = await runCli(['keys', 'revoke', id], keysEnv);
      unrevoked = null;
      expect(revoked.stderr).toContain('authentication: open on loopback');
      await until((code) => code !== 401);
    } finally {
      // A usable key left behind would lock every later suite's loopback server.
      if (unrevoked !== null) await runCli(['keys', 'revoke', unrevoked], keysEnv);
      await server.stop();
    }
  }, 90_000);
});
