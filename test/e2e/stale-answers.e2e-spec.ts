import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { FIXTURES, gitFixture, gitIn } from '../support/fixtures';
import { LORE_BIN } from '../support/processes';
import { cliJson } from './doors';

/**
 * Answers that say when they are stale (issue 49): a file edited after indexing is named stale, with
 * its reason and the commit the answer was read from, in every answer naming it, until a re-index
 * (here `lore index --watch`, as `lore up` watches) takes the edit in. A directory outside git is
 * indexed by its content (the explorer lists it `versionedBy: content`), and its files are compared by content.
 */
const REPO = 'order-service';
const env = { LORE_TENANT: 'stale-answers' };
const DISCOUNTS = 'src/pricing/discounts.ts';

interface Answer {
  warnings: { code: string; message: string; files?: unknown[] }[];
}

async function callersOfApplyDiscount(): Promise<Answer> {
  const { code, body } = await cliJson(['callers', 'applyDiscount', '--repo', REPO], env);
  expect(code).toBe(0);
  return body as unknown as Answer;
}

describe('stale answers', () => {
  it('names a file edited after indexing as stale, and not once the watcher indexed the edit', async () => {
    const fixture = gitFixture(REPO);
    expect((await cliJson(['index', fixture.path, '--name', REPO], env)).code).toBe(0);
    expect((await callersOfApplyDiscount()).warnings).toEqual([]);

    appendFileSync(join(fixture.path, DISCOUNTS), '// edited after indexing\n');
    const stale = await callersOfApplyDiscount();
    expect(stale.warnings).toEqual([
      {
        code: 'stale_files',
        message:
          `1 file(s) changed since ${REPO} was indexed at ${fixture.commitSha.slice(0, 12)} (the checkout is with uncommitted changes): ` +
          `${DISCOUNTS} (modified). These are answered as indexed until the repository is indexed again (lore up and lore index --watch do it on each change).`,
        files: [{ repositoryId: REPO, path: DISCOUNTS, stale: true, reason: 'modified', renamedTo: null }],
      },
    ]);

    // The watcher's first run indexes the edit; the indexed commit stays HEAD, the content now matches.
    const watch = spawn(process.execPath, [LORE_BIN, 'index', fixture.path, '--name', REPO, '--watch', '--json'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    watch.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => watch.on('exit', (code) => resolve(code)));
    try {
      const first = await createInterface({ input: watch.stdout })[Symbol.asyncIterator]().next();
      if (first.done) throw new Error(`lore index --watch stopped early:\n${stderr}`);
      expect(JSON.parse(first.value)).toMatchObject({ repositoryId: REPO, status: 'completed', commitSha: fixture.commitSha });
      expect((await callersOfApplyDiscount()).warnings).toEqual([]);
    } finally {
      watch.kill('SIGINT');
    }
    expect(await exited).toBe(0);

    // A new commit that changes the file moves HEAD past the indexed commit (no watcher runs now): branch_moved until a re-index.
    // (Committing the indexed edit alone would leave the file as indexed: its content decides, and it is not stale.)
    appendFileSync(join(fixture.path, DISCOUNTS), '// and committed\n');
    gitIn(fixture.path, ['commit', '-qam', 'another edit']);
    const moved = await callersOfApplyDiscount();
    const head = gitIn(fixture.path, ['rev-parse', 'HEAD']).trim();
    expect(moved.warnings.map((warning) => warning.files)).toEqual([
      [{ repositoryId: REPO, path: DISCOUNTS, stale: true, reason: 'branch_moved', renamedTo: null }],
    ]);
    expect(moved.warnings[0]!.message).toContain(`(the checkout is now at ${head.slice(0, 12)} on main): ${DISCOUNTS} (branch moved)`);
  }, 240_000);

  it('serves a worktree as that worktree: its own commit, and only its own edits make an answer stale', async () => {
    const fixture = gitFixture(REPO);
    const worktree = join(mkdtempSync(join(tmpdir(), 'lore-stale-worktree-')), 'orders-feature');
    gitIn(fixture.path, ['worktree', 'add', '-q', '-b', 'feature', worktree]);
    appendFileSync(join(worktree, DISCOUNTS), '// on the feature branch\n');
    gitIn(worktree, ['commit', '-qam', 'feature edit']);
    const head = gitIn(worktree, ['rev-parse', 'HEAD']).trim();
    expect(head).not.toBe(fixture.commitSha);

    const indexed = await cliJson(['index', worktree, '--name', 'orders-feature'], env);
    expect([indexed.code, indexed.body.commitSha]).toEqual([0, head]);
    const callers = async (): Promise<Answer> => {
      const { code, body } = await cliJson(['callers', 'applyDiscount', '--repo', 'orders-feature'], env);
      expect(code).toBe(0);
      return body as unknown as Answer;
    };
    expect((await callers()).warnings).toEqual([]);

    // The main checkout is another working tree: its edits are not the worktree's.
    appendFileSync(join(fixture.path, DISCOUNTS), '// edited in the main checkout\n');
    expect((await callers()).warnings).toEqual([]);

    appendFileSync(join(worktree, DISCOUNTS), '// edited in the worktree\n');
    expect((await callers()).warnings).toEqual([
      {
        code: 'stale_files',
        message:
          `1 file(s) changed since orders-feature was indexed at ${head.slice(0, 12)} (the checkout is with uncommitted changes): ` +
          `${DISCOUNTS} (modified). These are answered as indexed until the repository is indexed again (lore up and lore index --watch do it on each change).`,
        files: [{ repositoryId: 'orders-feature', path: DISCOUNTS, stale: true, reason: 'modified', renamedTo: null }],
      },
    ]);
  }, 120_000);

  it('serves a directory outside git by its content and compares its files by content, saying it is not a git checkout', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'lore-stale-plain-')), 'plain-orders');
    cpSync(join(FIXTURES, REPO), root, { recursive: true });
    const indexed = await cliJson(['index', root, '--name', 'plain-orders'], env);
    expect(indexed.code).toBe(0);
    const snapshot = indexed.body.commitSha as string;
    expect(snapshot).toMatch(/^[0-9a-f]{40}$/);
    const callers = async (): Promise<Answer> => {
      const { code, body } = await cliJson(['callers', 'applyDiscount', '--repo', 'plain-orders'], env);
      expect(code).toBe(0);
      return body as unknown as Answer;
    };
    expect((await callers()).warnings).toEqual([]);

    appendFileSync(join(root, DISCOUNTS), '// edited after indexing\n');
    expect((await callers()).warnings).toEqual([
      {
        code: 'stale_files',
        message:
          `1 file(s) changed since plain-orders was indexed (not a git checkout: its files are compared by content with the snapshot ${snapshot.slice(0, 12)}): ` +
          `${DISCOUNTS} (modified). These are answered as indexed until the repository is indexed again (lore up and lore index --watch do it on each change).`,
        files: [{ repositoryId: 'plain-orders', path: DISCOUNTS, stale: true, reason: 'modified', renamedTo: null }],
      },
    ]);
  }, 120_000);
});
