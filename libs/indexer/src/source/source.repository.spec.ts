import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitIn } from '../../../../test/support/fixtures';
import { contentHash } from '../repository-files';
import { SourceRepository } from './source.repository';

describe('SourceRepository.readAtCommit (the real git)', () => {
  const sources = new SourceRepository();
  const indexed = 'export const total = 1;\n';
  const edited = 'export const total = 2;\n';

  /** A work tree with src/total.ts committed under `app/`, then edited without a commit. */
  function repository(): { root: string; commitSha: string } {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lore-source-')));
    gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
    mkdirSync(join(root, 'app', 'src'), { recursive: true });
    writeFileSync(join(root, 'app', 'src', 'total.ts'), indexed);
    gitIn(root, ['add', '-A']);
    gitIn(root, ['commit', '-q', '-m', 'first']);
    return { root, commitSha: gitIn(root, ['rev-parse', 'HEAD']).trim() };
  }

  it('reads the working tree while it holds the indexed content', async () => {
    const { root, commitSha } = repository();
    const source = { rootPath: join(root, 'app'), commitSha, gitPrefix: 'app' };
    expect(await sources.readAtCommit(source, 'src/total.ts', contentHash(indexed))).toBe(indexed);
  });

  it("reads git's copy of the indexed commit once the file changed, from the root's prefix in the work tree", async () => {
    const { root, commitSha } = repository();
    writeFileSync(join(root, 'app', 'src', 'total.ts'), edited);
    expect(
      await sources.readAtCommit({ rootPath: join(root, 'app'), commitSha, gitPrefix: 'app' }, 'src/total.ts', contentHash(indexed)),
    ).toBe(indexed);
    expect(await sources.readAtCommit({ rootPath: root, commitSha, gitPrefix: '' }, 'app/src/total.ts', contentHash(indexed))).toBe(
      indexed,
    );
  });

  it('answers null when neither the working tree nor git holds the indexed content', async () => {
    const { root, commitSha } = repository();
    writeFileSync(join(root, 'app', 'src', 'total.ts'), edited);
    const source = { rootPath: join(root, 'app'), commitSha, gitPrefix: 'app' };
    expect(await sources.readAtCommit(source, 'src/total.ts', contentHash('export const total = 0;\n'))).toBeNull();
    expect(await sources.readAtCommit(source, 'src/missing.ts', contentHash(indexed))).toBeNull();
    expect(await sources.readAtCommit({ ...source, gitPrefix: null }, 'src/total.ts', contentHash(indexed))).toBeNull();
  });
});
