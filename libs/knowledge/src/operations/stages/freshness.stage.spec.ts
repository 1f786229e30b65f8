import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '@lore/domain';
import type { CodeGraphRepository, RepositoryRecord, TenantViews } from '@lore/graph';
import { contentHash } from '@lore/indexer';
import type { OperationCall } from '../operation';
import { FreshnessStage, namedFiles } from './freshness.stage';

/** The stage over a real git checkout; the graph's view and file hashes are the indexed state it compares with. */
describe('FreshnessStage', () => {
  let root: string;
  let record: RepositoryRecord;
  let indexedHashes: Map<string, string>;
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=Lore Test', '-c', 'user.email=test@lore.invalid', ...args], {
      cwd: root,
      encoding: 'utf8',
    }).trim();

  beforeEach(() => {
    root = join(mkdtempSync(join(tmpdir(), 'lore-freshness-')), 'shop');
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'src/price.ts'), 'export const price = 1;\n');
    writeFileSync(join(root, 'src/cart.ts'), 'export const cart = 2;\n');
    git('-c', 'init.defaultBranch=main', 'init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'indexed');
    const commitSha = git('rev-parse', 'HEAD');
    record = {
      repositoryId: 'shop',
      name: 'shop',
      commitSha,
      rootPath: root,
      gitPrefix: '',
      url: null,
      defaultBranch: 'main',
      indexedAt: '',
      callsExact: true,
    };
    indexedHashes = new Map(['src/price.ts', 'src/cart.ts'].map((path) => [path, contentHash(readFileSync(join(root, path)))]));
  });
  afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  const stage = (): FreshnessStage =>
    new FreshnessStage(
      { current: () => Promise.resolve({ served: [record] }) } as unknown as TenantViews,
      {
        getFile: (_principal: Principal, _repositoryId: string, path: string) =>
          Promise.resolve(indexedHashes.has(path) ? { file: { contentHash: indexedHashes.get(path) } } : null),
      } as unknown as CodeGraphRepository,
    );
  const call = (kind: OperationCall['kind'] = 'read'): OperationCall =>
    ({
      operation: 'get_callers',
      kind,
      cached: true,
      args: [],
      principal: { tenantId: 'default' },
      context: {},
    }) as unknown as OperationCall;
  const answer = () => ({
    target: { repositoryId: 'shop', path: 'src/price.ts', qualifiedName: 'price' },
    callers: [{ symbol: { repositoryId: 'shop', path: 'src/cart.ts' } }],
    warnings: [],
  });

  it('adds nothing while the checkout holds what was indexed', async () => {
    const original = answer();
    expect(await stage().handle(call(), () => Promise.resolve(original))).toBe(original);
  });

  it('names each changed file the answer names, with its reason and the commit that answered, in one warning', async () => {
    writeFileSync(join(root, 'src/price.ts'), 'export const price = 3;\n');
    rmSync(join(root, 'src/cart.ts'));
    const told = (await stage().handle(call(), () => Promise.resolve(answer()))) as { warnings: unknown[] };
    expect(told.warnings).toEqual([
      {
        code: 'stale_files',
        message:
          `2 file(s) changed since shop was indexed at ${record.commitSha.slice(0, 12)} (the checkout is with uncommitted changes): ` +
          'src/cart.ts (deleted), src/price.ts (modified). These are answered as indexed until the repository is indexed again (lore up and lore index --watch do it on each change).',
        files: [
          { repositoryId: 'shop', path: 'src/cart.ts', stale: true, reason: 'deleted', renamedTo: null },
          { repositoryId: 'shop', path: 'src/price.ts', stale: true, reason: 'modified', renamedTo: null },
        ],
      },
    ]);
  });

  it('takes a file whose indexed content is the working tree as fresh (an uncommitted edit indexed)', async () => {
    writeFileSync(join(root, 'src/price.ts'), 'export const price = 3;\n');
    indexedHashes.set('src/price.ts', contentHash(readFileSync(join(root, 'src/price.ts'))));
    expect(((await stage().handle(call(), () => Promise.resolve(answer()))) as { warnings: unknown[] }).warnings).toEqual([]);
  });

  it('leaves alone a side effect and an answer with no warnings list', async () => {
    writeFileSync(join(root, 'src/price.ts'), 'export const price = 3;\n');
    const noWarnings = { target: { repositoryId: 'shop', path: 'src/price.ts' } };
    expect(await stage().handle(call(), () => Promise.resolve(noWarnings))).toBe(noWarnings);
    const sideEffect = answer();
    expect(await stage().handle(call('side_effect'), () => Promise.resolve(sideEffect))).toBe(sideEffect);
  });

  it('compares the files of a repository outside git by content, and says it is not a git checkout', async () => {
    rmSync(join(root, '.git'), { recursive: true, force: true });
    record = { ...record, gitPrefix: null, commitSha: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00' };
    const unchanged = answer();
    expect(await stage().handle(call(), () => Promise.resolve(unchanged))).toBe(unchanged);

    writeFileSync(join(root, 'src/price.ts'), 'export const price = 3;\n');
    rmSync(join(root, 'src/cart.ts'));
    const told = (await stage().handle(call(), () => Promise.resolve(answer()))) as { warnings: unknown[] };
    expect(told.warnings).toEqual([
      {
        code: 'stale_files',
        message:
          '2 file(s) changed since shop was indexed (not a git checkout: its files are compared by content with the snapshot c0ffee00c0ff): ' +
          'src/cart.ts (deleted), src/price.ts (modified). These are answered as indexed until the repository is indexed again (lore up and lore index --watch do it on each change).',
        files: [
          { repositoryId: 'shop', path: 'src/cart.ts', stale: true, reason: 'deleted', renamedTo: null },
          { repositoryId: 'shop', path: 'src/price.ts', stale: true, reason: 'modified', renamedTo: null },
        ],
      },
    ]);
  });
});

describe('namedFiles', () => {
  it('takes each path in the repository of its own or nearest enclosing repositoryId, not those of warnings', () => {
    expect(
      namedFiles({
        repositoryId: 'a',
        entries: [{ path: 'x.ts' }, { repositoryId: 'b', path: 'y.ts', parent: { path: 'z.ts' } }],
        warnings: [{ files: [{ repositoryId: 'a', path: 'w.ts' }] }],
      }),
    ).toEqual(
      new Map([
        ['a', new Set(['x.ts'])],
        ['b', new Set(['y.ts', 'z.ts'])],
      ]),
    );
  });
});
