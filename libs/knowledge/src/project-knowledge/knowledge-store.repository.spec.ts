import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KnowledgeStoreRepository } from './knowledge-store.repository';

/** The store against the real git binary, in a temporary directory. */
let root: string;
const git = (args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const subjects = () => git(['log', '--format=%s']).trim().split('\n').reverse();

beforeEach(() => {
  root = join(mkdtempSync(join(tmpdir(), 'lore-store-')), 'km');
});

afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

describe('KnowledgeStoreRepository', () => {
  it('is one store per directory, so writers of one process take turns', async () => {
    expect(KnowledgeStoreRepository.at(root)).toBe(KnowledgeStoreRepository.at(`${root}/.`));
    const store = KnowledgeStoreRepository.at(root);
    const writes = Array.from({ length: 12 }, (_, n) =>
      store.write(async () => ({ changes: [{ path: `p/${n}.md`, content: `${n}\n` }], message: `write ${n}`, result: { n } })),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((answer) => answer.n)).toEqual([...Array(12).keys()]);
    expect(subjects()).toEqual([...Array(12).keys()].map((n) => `write ${n}`));
    expect(new Set(answers.map((answer) => answer.commit)).size).toBe(12);
  });

  it('waits for another process holding index.lock instead of failing', async () => {
    const store = KnowledgeStoreRepository.at(root);
    await store.ensureRepository();
    const lock = join(root, '.git', 'index.lock');
    writeFileSync(lock, '');
    setTimeout(() => rmSync(lock), 400);
    const written = await store.write(async () => ({ changes: [{ path: 'a.md', content: 'a\n' }], message: 'after the lock', result: {} }));
    expect(written.commit).toBe(git(['rev-parse', 'HEAD']).trim());
    expect(subjects()).toEqual(['after the lock']);
  });

  it('puts every file back and commits nothing when a write fails, leaving no temporary file', async () => {
    const store = KnowledgeStoreRepository.at(root);
    await store.write(async () => ({ changes: [{ path: 'a.md', content: 'first\n' }], message: 'first', result: {} }));
    await expect(
      store.write(async () => ({
        changes: [
          { path: 'a.md', content: 'second\n' },
          // a.md is a file: no directory can be made there, so this change fails after the first landed.
          { path: 'a.md/child.md', content: 'never written' },
        ],
        message: 'never',
        result: {},
      })),
    ).rejects.toMatchObject({ details: { jsonRpcCode: -32006 } });
    expect(subjects()).toEqual(['first']);
    expect(await store.read('a.md')).toBe('first\n');
    expect(readdirSync(root).filter((name) => name !== '.git')).toEqual(['a.md']);
    expect(git(['status', '--porcelain', '--untracked-files=all'])).toBe('');
  });

  it('refuses a path that leaves the store', () => {
    const store = KnowledgeStoreRepository.at(root);
    expect(() => store.absolute('../outside.md')).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ jsonRpcCode: -32004 }) }),
    );
  });
});
