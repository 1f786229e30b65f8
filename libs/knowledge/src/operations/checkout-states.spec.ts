import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECKOUT_STATE_TTL_MS, CheckoutStates } from './checkout-states';

/** A checkout read by the real git: each way a file can move away from the indexed commit. */
describe('CheckoutStates', () => {
  let root: string;
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=Lore Test', '-c', 'user.email=test@lore.invalid', ...args], {
      cwd: root,
      encoding: 'utf8',
    }).trim();

  beforeEach(() => {
    root = join(mkdtempSync(join(tmpdir(), 'lore-checkout-')), 'repo');
    mkdirSync(join(root, 'src'), { recursive: true });
    for (const name of ['a', 'b', 'c', 'd']) writeFileSync(join(root, `src/${name}.ts`), `export const ${name} = '${name}';\n`);
    git('-c', 'init.defaultBranch=main', 'init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'indexed');
  });
  afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('is empty for a checkout at the indexed commit with no change', async () => {
    const indexed = git('rev-parse', 'HEAD');
    expect(await new CheckoutStates().of(root, indexed)).toEqual({ head: indexed, branch: 'main', changed: new Map() });
  });

  it('names uncommitted edits, deletions and renames, and what new commits changed as branch_moved', async () => {
    const indexed = git('rev-parse', 'HEAD');
    git('checkout', '-qb', 'feature');
    writeFileSync(join(root, 'src/d.ts'), "export const d = 'committed';\n");
    git('commit', '-qam', 'moved on');
    writeFileSync(join(root, 'src/a.ts'), "export const a = 'edited';\n");
    rmSync(join(root, 'src/b.ts'));
    git('mv', 'src/c.ts', 'src/renamed.ts');
    writeFileSync(join(root, 'src/new.ts'), 'export const added = 1;\n');
    git('add', 'src/new.ts');

    expect(await new CheckoutStates().of(root, indexed)).toEqual({
      head: git('rev-parse', 'HEAD'),
      branch: 'feature',
      changed: new Map([
        ['src/a.ts', { reason: 'modified', renamedTo: null }],
        ['src/b.ts', { reason: 'deleted', renamedTo: null }],
        ['src/c.ts', { reason: 'renamed', renamedTo: 'src/renamed.ts' }],
        ['src/d.ts', { reason: 'branch_moved', renamedTo: null }],
      ]),
    });
  });

  it('is relative to an indexed root below the top of the work tree', async () => {
    const indexed = git('rev-parse', 'HEAD');
    writeFileSync(join(root, 'src/a.ts'), "export const a = 'edited';\n");
    expect((await new CheckoutStates().of(join(root, 'src'), indexed))?.changed).toEqual(
      new Map([['a.ts', { reason: 'modified', renamedTo: null }]]),
    );
  });

  it('keeps an answer for a moment, then asks git again', async () => {
    const indexed = git('rev-parse', 'HEAD');
    let now = 0;
    const states = new CheckoutStates(() => now);
    expect((await states.of(root, indexed))?.changed.size).toBe(0);
    writeFileSync(join(root, 'src/a.ts'), "export const a = 'edited';\n");
    now = CHECKOUT_STATE_TTL_MS - 1;
    expect((await states.of(root, indexed))?.changed.size).toBe(0);
    now = CHECKOUT_STATE_TTL_MS;
    expect((await states.of(root, indexed))?.changed).toEqual(new Map([['src/a.ts', { reason: 'modified', renamedTo: null }]]));
  });

  it('cannot tell (null) when the indexed commit is not in the repository', async () => {
    expect(await new CheckoutStates().of(root, '0123456789abcdef0123456789abcdef01234567')).toBeNull();
  });
});
