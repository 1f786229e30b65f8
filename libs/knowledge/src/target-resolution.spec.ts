import type { CodeGraphRepository, RepositoryRecord } from '@lore/graph';
import { type Principal, AmbiguousTargetError } from '@lore/domain';
import { targetRepository } from './target-resolution';

const record = (repositoryId: string, rootPath: string): RepositoryRecord => ({
  repositoryId,
  name: repositoryId,
  commitSha: 'c0ffee',
  rootPath,
  gitPrefix: null,
  url: null,
  defaultBranch: null,
  indexedAt: '2026-12-01T00:00:00.000Z',
  callsExact: true,
});
// Lore beside hono, and a repository inside another (a vendored checkout).
const graph = {
  listRepositories: async () => [
    record('lore', '/work/lore'),
    record('hono', '/work/hono/'),
    record('hono-vendored', '/work/hono/vendor/x'),
  ],
} as unknown as CodeGraphRepository;
const principal = {} as Principal;

describe('targetRepository', () => {
  it('takes the repository whose directory holds an absolute path, the innermost one', async () => {
    expect((await targetRepository(graph, principal, undefined, ['/work/hono/src/compose.ts'])).repositoryId).toBe('hono');
    expect((await targetRepository(graph, principal, undefined, ['/work/hono/vendor/x/a.ts'])).repositoryId).toBe('hono-vendored');
  });

  it('stays ambiguous for a relative path, or for paths in two repositories', async () => {
    await expect(targetRepository(graph, principal, undefined, ['src/compose.ts'])).rejects.toThrow(AmbiguousTargetError);
    await expect(targetRepository(graph, principal, undefined, ['/work/hono/a.ts', '/work/lore/b.ts'])).rejects.toThrow(
      '3 repositories are indexed: hono, hono-vendored, lore.',
    );
  });

  it('the repository named wins over the path', async () => {
    expect((await targetRepository(graph, principal, 'lore', ['/work/hono/src/compose.ts'])).repositoryId).toBe('lore');
  });
});
