import { InvalidInputError, NotFoundError } from '@lore/domain';
import type { CodeGraphRepository } from '@lore/graph';
import { FakeCodeGraph, asPort, principal, symbolRef } from '../../test/fakes';
import { inTreeOrder } from './project-tree';
import { ProjectStructureService } from './structure.service';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

describe('ProjectStructureService.getProjectStructure', () => {
  const graph = new FakeCodeGraph();
  graph.addRepository('shop', COMMIT);
  graph.addRepository('billing', COMMIT);
  const files: [path: string, language: string, lines: number, bytes: number, symbols: number][] = [
    ['README.md', 'markdown', 7, 100, 0],
    ['.env', 'text', 0, 12, 0],
    ['src/index.ts', 'typescript', 5, 50, 1],
    ['src/orders/order.ts', 'typescript', 30, 600, 3],
    ['src/orders/order.spec.ts', 'typescript', 20, 400, 2],
    ['src-legacy/old.js', 'javascript', 10, 200, 0],
    ['docs/guide.md', 'markdown', 40, 1000, 0],
  ];
  for (const [path, language, lines, bytes, symbols] of files) {
    graph.addFile('shop', { path, language, contentHash: path, lines, blocked: path === '.env' }, bytes);
    for (let i = 0; i < symbols; i++) graph.addSymbol(symbolRef('shop', path, `symbol${i}`, 'function', 1 + 10 * i));
  }
  const structure = new ProjectStructureService(asPort<CodeGraphRepository>(graph));
  const ask = (input: Parameters<ProjectStructureService['getProjectStructure']>[0], repositories: '*' | string[] = '*') =>
    structure.getProjectStructure(input, principal(repositories));
  const rows = async (input: Parameters<ProjectStructureService['getProjectStructure']>[0]) =>
    (await ask(input)).entries.map((entry) => [entry.path, entry.kind, entry.depth, entry.bytes, entry.lines, entry.symbols, entry.files]);

  it('lists directories and files in tree order, a directory with the sums of what it holds', async () => {
    expect(await rows({ repositoryId: 'shop' })).toEqual([
      ['.env', 'file', 1, 12, 0, 0, 1],
      ['README.md', 'file', 1, 100, 7, 0, 1],
      ['docs', 'directory', 1, 1000, 40, 0, 1],
      ['docs/guide.md', 'file', 2, 1000, 40, 0, 1],
      ['src', 'directory', 1, 1050, 55, 6, 3],
      ['src/index.ts', 'file', 2, 50, 5, 1, 1],
      ['src/orders', 'directory', 2, 1000, 50, 5, 2],
      ['src/orders/order.spec.ts', 'file', 3, 400, 20, 2, 1],
      ['src/orders/order.ts', 'file', 3, 600, 30, 3, 1],
      ['src-legacy', 'directory', 1, 200, 10, 0, 1],
      ['src-legacy/old.js', 'file', 2, 200, 10, 0, 1],
    ]);
  });

  it('answers the commit listed, the language and blocked flag of each file, and a summary', async () => {
    const result = await ask({ repositoryId: 'shop', depth: 1 });
    expect(result).toMatchObject({ repositoryId: 'shop', commitSha: COMMIT, indexedAt: '2025-01-01T00:00:00.000Z', pathPrefix: '' });
    expect(result.entries.slice(0, 3)).toEqual([
      { path: '.env', kind: 'file', depth: 1, language: 'text', bytes: 12, lines: 0, symbols: 0, files: 1, blocked: true },
      { path: 'README.md', kind: 'file', depth: 1, language: 'markdown', bytes: 100, lines: 7, symbols: 0, files: 1, blocked: false },
      { path: 'docs', kind: 'directory', depth: 1, language: null, bytes: 1000, lines: 40, symbols: 0, files: 1, blocked: false },
    ]);
    expect(result.summary).toEqual({
      entries: 5,
      files: 7,
      directories: 4,
      bytes: 2362,
      lines: 112,
      symbols: 6,
      languages: [
        { language: 'typescript', files: 3 },
        { language: 'markdown', files: 2 },
        { language: 'javascript', files: 1 },
        { language: 'text', files: 1 },
      ],
      total_files: 7,
      total_directories: 4,
      file_types: { '': 1, '.js': 1, '.md': 2, '.ts': 3 },
    });
    expect([result.nextCursor, result.warnings]).toEqual([null, []]);
  });

  it("answers a page as the CodeDoc server lists it, and the repository's proj-<uuid> workspace id", async () => {
    const result = await ask({ repositoryId: 'shop', pathPrefix: 'src', limit: 3 });
    expect(result.workspace_id).toMatch(/^proj-[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.structure).toEqual({
      directories: ['src/orders'],
      files: [
        { path: 'src/index.ts', size: 50, modified: '2025-01-01T00:00:00.000Z', extension: '.ts' },
        { path: 'src/orders/order.spec.ts', size: 400, modified: '2025-01-01T00:00:00.000Z', extension: '.ts' },
      ],
    });
  });

  it("takes the CodeDoc server's arguments: the workspace by root path, id or workspace id, max_depth and the pattern lists", async () => {
    const lore = await ask({ repositoryId: 'shop', depth: 2, include: ['*.ts'], exclude: ['*.spec.ts'] });
    const { workspace_id: workspaceId } = lore;
    for (const workspace_path of ['/srv/shop', '/srv/shop/', 'shop', workspaceId]) {
      const codeDoc = await ask({ workspace_path, max_depth: 2, include_patterns: ['*.ts'], exclude_patterns: ['*.spec.ts'] });
      expect(codeDoc).toEqual(lore);
    }
    expect(lore.entries.map((entry) => entry.path)).toEqual(['src', 'src/index.ts', 'src/orders']);
  });

  it('answers PATH_NOT_FOUND for a workspace path that names no repository the caller reads, and refuses a field given twice', async () => {
    for (const [workspace_path, repositories] of [
      ['/srv/nowhere', '*'],
      ['/srv/shop', ['billing']],
    ] as const) {
      const error = await ask({ workspace_path }, repositories as '*' | string[]).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).details).toMatchObject({
        seedError: { code: 'PATH_NOT_FOUND', title: `Path not found: ${workspace_path}` },
      });
    }
    for (const twice of [
      { repositoryId: 'shop', workspace_path: '/srv/shop' },
      { repositoryId: 'shop', depth: 1, max_depth: 2 },
      { repositoryId: 'shop', include: ['*.ts'], include_patterns: ['*.md'] },
      { repositoryId: 'shop', exclude: ['*.ts'], exclude_patterns: ['*.md'] },
    ]) {
      await expect(ask(twice)).rejects.toBeInstanceOf(InvalidInputError);
    }
  });

  it('lists below a directory, depth counted from it, with or without a trailing slash', async () => {
    const expected = [
      ['src/index.ts', 'file', 1, 50, 5, 1, 1],
      ['src/orders', 'directory', 1, 1000, 50, 5, 2],
    ];
    expect(await rows({ repositoryId: 'shop', pathPrefix: 'src', depth: 1 })).toEqual(expected);
    expect(await rows({ repositoryId: 'shop', pathPrefix: 'src/', depth: 1 })).toEqual(expected);
    expect((await ask({ repositoryId: 'shop', pathPrefix: 'src/' })).pathPrefix).toBe('src');
  });

  it('keeps the files the include globs match and the exclude globs do not; a glob without / matches the file name', async () => {
    expect(await rows({ repositoryId: 'shop', include: ['*.ts'], exclude: ['*.spec.ts'] })).toEqual([
      ['src', 'directory', 1, 650, 35, 4, 2],
      ['src/index.ts', 'file', 2, 50, 5, 1, 1],
      ['src/orders', 'directory', 2, 600, 30, 3, 1],
      ['src/orders/order.ts', 'file', 3, 600, 30, 3, 1],
    ]);
    expect((await rows({ repositoryId: 'shop', include: ['src/*'], depth: 1 })).map(([path]) => path)).toEqual(['src']);
    expect((await rows({ repositoryId: 'shop', exclude: ['src/**', '**/*.md', '.*'] })).map(([path]) => path)).toEqual([
      'src-legacy',
      'src-legacy/old.js',
    ]);
  });

  it('warns when no file passes the globs', async () => {
    const result = await ask({ repositoryId: 'shop', pathPrefix: 'src', include: ['*.go'] });
    expect([result.entries, result.warnings]).toEqual([
      [],
      [{ code: 'no_match', message: 'No file under src/ passes the include and exclude globs.' }],
    ]);
  });

  it('pages through the listing with opaque cursors, the pages together the whole listing', async () => {
    const whole = await rows({ repositoryId: 'shop' });
    const paged: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await ask({ repositoryId: 'shop', limit: 4, cursor });
      paged.push(
        ...page.entries.map((entry) => [entry.path, entry.kind, entry.depth, entry.bytes, entry.lines, entry.symbols, entry.files]),
      );
      expect(page.summary.entries).toBe(11);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor !== undefined);
    expect([pages, paged]).toEqual([3, whole]);
  });

  it('refuses a cursor of another listing, one that is not a cursor, and one made before the repository was indexed again', async () => {
    const { nextCursor } = await ask({ repositoryId: 'shop', limit: 2 });
    const otherListing = ask({ repositoryId: 'shop', limit: 2, depth: 1, cursor: nextCursor! });
    await expect(otherListing).rejects.toThrow(InvalidInputError);
    await expect(otherListing).rejects.toThrow('Not a cursor of this listing');
    await expect(ask({ repositoryId: 'shop', cursor: 'bm90IGEgY3Vyc29y' })).rejects.toThrow('Not a cursor of this listing');
    const reindexed = new FakeCodeGraph();
    reindexed.addRepository('shop', 'ffff000000000000000000000000000000000000');
    reindexed.addFile('shop', { path: 'a.ts', language: 'typescript', contentHash: 'a', lines: 1, blocked: false });
    const later = new ProjectStructureService(asPort<CodeGraphRepository>(reindexed)).getProjectStructure(
      { repositoryId: 'shop', limit: 2, cursor: nextCursor! },
      principal(),
    );
    await expect(later).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'The repository was indexed again since this cursor was made.',
    });
  });

  it("answers another principal's cursor as not found, a principal of the same repositories included", async () => {
    const { nextCursor } = await ask({ repositoryId: 'shop', limit: 2 });
    const other = { ...principal(), subject: 'someone-else' };
    await expect(structure.getProjectStructure({ repositoryId: 'shop', limit: 2, cursor: nextCursor! }, other)).rejects.toMatchObject({
      code: 'not_found',
      message: 'No such cursor: a cursor pages only for the caller it was given to.',
    });
  });

  it('answers not_found for an unknown or hidden repository and for a directory with no file', async () => {
    await expect(ask({ repositoryId: 'nope' })).rejects.toMatchObject({ code: 'not_found', message: 'No indexed repository nope.' });
    await expect(ask({ repositoryId: 'shop' }, ['billing'])).rejects.toThrow(NotFoundError);
    await expect(ask({ repositoryId: 'shop', pathPrefix: 'lib' })).rejects.toMatchObject({
      code: 'not_found',
      message: 'No indexed file under lib/ in shop.',
    });
    // The prefix is a directory: src does not list src-legacy, nor does a file name its own listing.
    await expect(ask({ repositoryId: 'shop', pathPrefix: 'README.md' })).rejects.toThrow(NotFoundError);
    expect((await ask({ repositoryId: 'billing' })).entries).toEqual([]);
  });

  it.each([
    [{ repositoryId: 'shop', pathPrefix: '../etc' }],
    [{ repositoryId: 'shop', pathPrefix: '/etc' }],
    [{ repositoryId: 'shop', depth: 0 }],
    [{ repositoryId: 'shop', depth: 33 }],
    [{ repositoryId: 'shop', limit: 1001 }],
    [{ repositoryId: 'shop', include: [''] }],
    [{ repositoryId: 'shop', pathPrefx: 'src' }],
  ])('answers invalid_input for %j', async (input) => {
    await expect(ask(input as never)).rejects.toThrow(InvalidInputError);
  });

  it('lists the one repository the caller can read when none is named, and asks which one when it can read several', async () => {
    expect((await ask({ depth: 1 }, ['shop'])).repositoryId).toBe('shop');
    await expect(ask({})).rejects.toMatchObject({ code: 'ambiguous_target', details: { candidates: ['billing', 'shop'] } });
  });
});

describe('inTreeOrder', () => {
  it('puts a directory right before what it holds, names in code-point order', () => {
    expect(['src-x/a', 'src/b/c', 'src', 'Z', 'a', 'src/b', 'src/a.ts'].sort(inTreeOrder)).toEqual([
      'Z',
      'a',
      'src',
      'src/a.ts',
      'src/b',
      'src/b/c',
      'src-x/a',
    ]);
  });
});
