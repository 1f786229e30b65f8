import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitIn } from '../../../test/support/fixtures';
import { readGitInfo } from './git';

describe('readGitInfo (the real git)', () => {
  function repository(): string {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lore-git-')));
    gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
    gitIn(root, ['remote', 'add', 'origin', 'https://user:token@example.com/acme/shop.git']);
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'sub', 'a.ts'), 'export const a = 1;\n');
    return root;
  }

  it('names the commit, branch, remote (without credentials) and the path inside the work tree', async () => {
    const root = repository();
    gitIn(root, ['add', '-A']);
    gitIn(root, ['commit', '-q', '-m', 'first']);
    const head = gitIn(root, ['rev-parse', 'HEAD']).trim();
    expect(await readGitInfo(join(root, 'sub'))).toEqual({
      topLevel: root,
      prefix: 'sub',
      head,
      branch: 'main',
      remoteUrl: 'https://example.com/acme/shop.git',
    });
    gitIn(root, ['checkout', '-q', '--detach']);
    expect(await readGitInfo(root)).toEqual({
      topLevel: root,
      prefix: '',
      head,
      branch: null,
      remoteUrl: 'https://example.com/acme/shop.git',
    });
  });

  it('before the first commit: no head, the branch to be', async () => {
    const root = repository();
    expect(await readGitInfo(root)).toEqual({
      topLevel: root,
      prefix: '',
      head: null,
      branch: 'main',
      remoteUrl: 'https://example.com/acme/shop.git',
    });
  });

  it('outside a work tree: nothing', async () => {
    expect(await readGitInfo(realpathSync(mkdtempSync(join(tmpdir(), 'lore-no-git-'))))).toBeNull();
  });
});
