import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { cliJson } from './doors';
import { LORE_BIN } from '../support/processes';

const REPO = 'watched';
const env = { LORE_TENANT: 'watch' };

describe('lore index --watch', () => {
  it('indexes each change and each commit while it runs, one JSON line per run, and stops on Ctrl-C', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'lore-watch-')), REPO);
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'tsconfig.json'), '{}');
    writeFileSync(join(root, 'src/a.ts'), 'export function a(): number {\n  return 1;\n}\n');
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=Lore Test', '-c', 'user.email=test@lore.invalid', ...args], {
        cwd: root,
        encoding: 'utf8',
      }).trim();
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'first');

    const child = spawn(process.execPath, [LORE_BIN, 'index', root, '--name', REPO, '--watch', '--json'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const nextRun = async (after: string): Promise<Record<string, unknown>> => {
      // Within the test's time, so that a run that never comes fails with what the process said.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`no run from lore index --watch within 20 s of ${after}; it said:\n${stderr}`)), 20_000);
      });
      const line = await Promise.race([lines.next(), late]).finally(() => clearTimeout(timer));
      if (line.done) throw new Error(`lore index --watch stopped early:\n${stderr}`);
      return JSON.parse(line.value) as Record<string, unknown>;
    };
    try {
      expect(await nextRun('the start')).toMatchObject({ repositoryId: REPO, status: 'completed', files: 2, symbols: 1, calls: 0 });
      // The watch starts once the first run is written.
      const deadline = Date.now() + 20_000;
      while (!stderr.includes('watching')) {
        if (Date.now() > deadline) throw new Error(`lore index --watch did not start watching within 20 s; it said:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // chokidar can miss a file created within milliseconds of its ready event (seen twice in ten CI
      // runs under load); an edit a person makes comes later, and the next one would catch up anyway.
      await new Promise((resolve) => setTimeout(resolve, 500));

      writeFileSync(join(root, 'src/b.ts'), "import { a } from './a';\n\nexport function b(): number {\n  return a() + 1;\n}\n");
      expect(await nextRun('writing src/b.ts')).toMatchObject({
        repositoryId: REPO,
        status: 'completed',
        files: 3,
        symbols: 2,
        calls: 1,
        imports: 1,
      });
      const symbol = await cliJson(['symbol', 'b', '--repo', REPO], env);
      expect(symbol.body.symbol).toMatchObject({ qualifiedName: 'b', path: 'src/b.ts', startLine: 3, endLine: 5 });

      // A commit changes no file, only the commit the graph is of.
      git('add', '-A');
      git('commit', '-qm', 'second');
      expect(await nextRun('the commit')).toMatchObject({
        repositoryId: REPO,
        status: 'completed',
        commitSha: git('rev-parse', 'HEAD'),
        files: 3,
      });
    } finally {
      child.kill('SIGINT');
      // Not left running if it does not stop: the assertion below says it did not.
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }
    expect(await exited).toBe(0);
  });
});
