import { mkdtempSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJobSource, repositoryIdOf } from './index-job-sources';

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('readJobSource', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lore-roots-')));
  mkdirSync(join(root, 'orders'));
  const outside = realpathSync(mkdtempSync(join(tmpdir(), 'lore-outside-')));
  symlinkSync(outside, join(root, 'escape'));

  it('reads git URLs of every form, and refuses the ones with credentials without repeating them', () => {
    expect(readJobSource('https://github.com/acme/orders.git', [], false)).toEqual({
      kind: 'git',
      url: 'https://github.com/acme/orders.git',
    });
    expect(readJobSource('git@github.com:acme/orders.git', [], false)).toEqual({ kind: 'git', url: 'git@github.com:acme/orders.git' });
    expect(readJobSource('ssh://git@host.example/acme/orders', [], false)).toEqual({
      kind: 'git',
      url: 'ssh://git@host.example/acme/orders',
    });
    for (const url of ['https://user:pa55@host.example/a.git', 'https://ghp_token@github.com/a.git', 'ssh://git:pa55@host.example/a']) {
      const message = refusal(() => readJobSource(url, [], false));
      expect(message).toBe('source: the git URL carries credentials; they are refused and were not kept.');
    }
  });

  it('takes a path inside the roots, symbolic links resolved, and refuses one outside or relative', () => {
    expect(readJobSource(join(root, 'orders'), [root], false)).toEqual({ kind: 'path', path: join(root, 'orders') });
    expect(refusal(() => readJobSource(join(root, 'escape'), [root], false))).toBe(
      'source: the path is outside the directories workers may index (LORE_INDEX_ROOTS).',
    );
    expect(refusal(() => readJobSource(`${root}/../${outside.split('/').pop()}`, [root], true))).toBe(
      'source: the path is outside the directories workers may index (LORE_INDEX_ROOTS).',
    );
    expect(refusal(() => readJobSource('orders', [root], true))).toBe(
      'source: a path must be absolute (the workers resolve it on their machines, not in your directory).',
    );
  });

  it('with no roots, takes paths from this machine’s own doors only', () => {
    expect(readJobSource(outside, [], true)).toEqual({ kind: 'path', path: outside });
    expect(refusal(() => readJobSource(outside, [], false))).toBe(
      'source: paths are not accepted from this door: no LORE_INDEX_ROOTS are configured.',
    );
  });
});

describe('repositoryIdOf', () => {
  it("names a repository after its directory or URL's last name, without .git", () => {
    expect(repositoryIdOf({ kind: 'path', path: '/srv/repos/order-service' })).toBe('order-service');
    expect(repositoryIdOf({ kind: 'git', url: 'https://github.com/acme/orders.git' })).toBe('orders');
    expect(repositoryIdOf({ kind: 'git', url: 'git@github.com:acme/billing.git/' })).toBe('billing');
  });
});
