import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitIn } from '../../../../test/support/fixtures';
import { contentHash } from '@lore/languages/repository-files';
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

describe('SourceRepository.readUnderRoot', () => {
  const sources = new SourceRepository();

  /** A checkout holding reports/coverage.xml and a link leading out of it, beside a file outside it. */
  function checkout(): { root: string; outside: string } {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'lore-under-root-')));
    const root = join(base, 'app');
    mkdirSync(join(root, 'reports'), { recursive: true });
    writeFileSync(join(root, 'reports', 'coverage.xml'), '<coverage/>');
    writeFileSync(join(base, 'secret.xml'), '<secret/>');
    symlinkSync(join(base, 'secret.xml'), join(root, 'reports', 'linked.xml'));
    return { root, outside: join(base, 'secret.xml') };
  }

  it('reads a file by a path relative to the root, or absolute inside it', async () => {
    const { root } = checkout();
    const source = { rootPath: root, commitSha: 'c', gitPrefix: null };
    const expected = { kind: 'text', path: 'reports/coverage.xml', text: '<coverage/>' };
    expect(await sources.readUnderRoot(source, 'reports/coverage.xml', 1000)).toEqual(expected);
    expect(await sources.readUnderRoot(source, join(root, 'reports', 'coverage.xml'), 1000)).toEqual(expected);
  });

  it('refuses a path, or a symbolic link, leading outside the root', async () => {
    const { root, outside } = checkout();
    const source = { rootPath: root, commitSha: 'c', gitPrefix: null };
    for (const path of ['../secret.xml', outside, 'reports/linked.xml', '.', '/etc/hostname'])
      expect({ path, read: await sources.readUnderRoot(source, path, 1000) }).toEqual({ path, read: { kind: 'outside' } });
  });

  it('tells why a file inside cannot be read', async () => {
    const { root } = checkout();
    const source = { rootPath: root, commitSha: 'c', gitPrefix: null };
    expect(await sources.readUnderRoot(source, 'reports/none.xml', 1000)).toEqual({
      kind: 'unreadable',
      path: 'reports/none.xml',
      reason: 'no such file',
    });
    expect(await sources.readUnderRoot(source, 'reports', 1000)).toEqual({ kind: 'unreadable', path: 'reports', reason: 'not a file' });
    expect(await sources.readUnderRoot(source, 'reports/coverage.xml', 5)).toEqual({
      kind: 'unreadable',
      path: 'reports/coverage.xml',
      reason: 'larger than 5 bytes',
    });
  });
});

describe('SourceRepository.namesInCode (the real git)', () => {
  it('counts each name on code lines of code files under the root at the commit, and reads declarations', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lore-names-')));
    gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
    mkdirSync(join(root, 'app', 'src'), { recursive: true });
    writeFileSync(
      join(root, 'app', 'src', 'a.go'),
      '// helper is named in this comment only\nfunc helper() {}\n\nvar hooks = map[string]func(){"used": used}\n\nfunc used() {}\n',
    );
    writeFileSync(join(root, 'app', 'README.md'), 'helper helper helper\n');
    writeFileSync(join(root, 'outside.go'), 'func x() { helper(); used() }\n');
    gitIn(root, ['add', '-A']);
    gitIn(root, ['commit', '-q', '-m', 'first']);
    const commitSha = gitIn(root, ['rev-parse', 'HEAD']).trim();
    const source = { rootPath: join(root, 'app'), commitSha, gitPrefix: 'app' };
    const code = await new SourceRepository().namesInCode(source, ['helper', 'used'], [{ path: 'src/a.go', line: 2 }], ['.go']);
    expect(code).toEqual({
      // helper: its declaration only (the comment, the README and the file outside the root do not count); used: the string, the value, the declaration.
      occurrences: new Map([
        ['helper', 1],
        ['used', 3],
      ]),
      lines: new Map([['src/a.go:2', 'func helper() {}']]),
    });
    expect(await new SourceRepository().namesInCode({ ...source, gitPrefix: null }, ['helper'], [], ['.go'])).toBeNull();
  });
});

describe('SourceRepository.lastRemoval (the real git)', () => {
  /** Commits the files given (a null content deletes the file) on `day`; answers the new commit. */
  function commitOn(root: string, day: string, files: Record<string, string | null>): string {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      if (text === null) gitIn(root, ['rm', '-q', path]);
      else writeFileSync(join(root, path), text);
    }
    const when = `${day}T12:00:00Z`;
    execFileSync('git', ['add', '-A'], { cwd: root });
    execFileSync('git', ['commit', '-q', '-m', day], {
      cwd: root,
      env: { ...process.env, GIT_COMMITTER_DATE: when, GIT_AUTHOR_DATE: when },
    });
    return gitIn(root, ['rev-parse', 'HEAD']).trim();
  }

  it("finds the commit that took a name's last use out of the code, and the line it was on", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lore-removal-')));
    gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
    commitOn(root, '2026-01-01', {
      'app/src/report.ts': 'export function total() {}\nexport function buildReport() {}\nexport function buildReportHeader() {}\n',
      'app/src/cli.ts': 'import { buildReport } from "./report";\nbuildReport();\n',
      'app/README.md': 'Call `buildReport()`.\n',
    });
    commitOn(root, '2026-02-01', { 'app/src/cli.ts': null });
    const removal = commitOn(root, '2026-03-01', {
      'app/src/report.ts': 'export function total() {}\nexport function buildReportHeader() {}\n',
    });
    // Later, only the README names it, and the longer name that holds it goes: neither is a use taken out.
    const commitSha = commitOn(root, '2026-04-01', {
      'app/src/report.ts': 'export function total() {}\n',
      'app/README.md': 'Call `buildReport()` (see buildReportHeader).\n',
    });
    const sources = new SourceRepository();
    const source = { rootPath: join(root, 'app'), commitSha, gitPrefix: 'app' };

    expect(await sources.lastRemoval(source, 'buildReport')).toEqual({
      commitSha: removal,
      date: '2026-03-01',
      path: 'src/report.ts',
      line: 2,
      removedLine: 'export function buildReport() {}',
      addedLines: [],
    });
    // A name no commit ever had in its code (the README's alone), a name with another's characters, no git: null.
    expect(await sources.lastRemoval(source, 'composeReport')).toBeNull();
    expect(await sources.lastRemoval(source, 'build.*')).toBeNull();
    expect(await sources.lastRemoval({ ...source, gitPrefix: null }, 'buildReport')).toBeNull();
  });
});

describe('SourceRepository.filesAtCommit (the real git)', () => {
  it("reads the root's files at the indexed commit, not the working tree's edits, and the working tree outside git", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lore-manifests-')));
    gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
    mkdirSync(join(root, 'app'), { recursive: true });
    writeFileSync(join(root, 'app', 'package.json'), '{"name": "app"}\n');
    writeFileSync(join(root, 'package.json'), '{"name": "outer"}\n');
    gitIn(root, ['add', '-A']);
    gitIn(root, ['commit', '-q', '-m', 'first']);
    const commitSha = gitIn(root, ['rev-parse', 'HEAD']).trim();
    // An edit after the indexed commit is not what was indexed.
    writeFileSync(join(root, 'app', 'package.json'), '{"name": "app", "private": true}\n');
    const source = { rootPath: join(root, 'app'), commitSha, gitPrefix: 'app' };
    expect(await new SourceRepository().filesAtCommit(source, ['package.json', 'go.mod'])).toEqual(
      new Map([['package.json', '{"name": "app"}\n']]),
    );
    expect(await new SourceRepository().filesAtCommit({ ...source, gitPrefix: null }, ['package.json', 'go.mod'])).toEqual(
      new Map([['package.json', '{"name": "app", "private": true}\n']]),
    );
  });
});

describe('SourceRepository.filesNaming (the real git)', () => {
  it('reads the given files that name the word at the indexed commit, below the root only, and the working tree outside git', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lore-naming-')));
    gitIn(root, ['-c', 'init.defaultBranch=main', 'init', '-q']);
    mkdirSync(join(root, 'lib', 'pkg'), { recursive: true });
    writeFileSync(join(root, 'lib', 'pkg', 'api.py'), "__all__ = ['run']\n");
    writeFileSync(join(root, 'lib', 'pkg', 'util.py'), 'all_names = 1\n');
    writeFileSync(join(root, 'lib', 'notes.txt'), '__all__\n');
    writeFileSync(join(root, 'outer.py'), "__all__ = ['outer']\n");
    gitIn(root, ['add', '-A']);
    gitIn(root, ['commit', '-q', '-m', 'first']);
    const commitSha = gitIn(root, ['rev-parse', 'HEAD']).trim();
    // Named only after the indexed commit: not what was indexed.
    writeFileSync(join(root, 'lib', 'pkg', 'util.py'), "__all__ = ['later']\n");
    const source = { rootPath: join(root, 'lib'), commitSha, gitPrefix: 'lib' };
    const paths = ['pkg/api.py', 'pkg/util.py'];
    expect(await new SourceRepository().filesNaming(source, '__all__', paths)).toEqual(new Map([['pkg/api.py', "__all__ = ['run']\n"]]));
    expect(await new SourceRepository().filesNaming({ ...source, gitPrefix: null }, '__all__', paths)).toEqual(
      new Map([
        ['pkg/api.py', "__all__ = ['run']\n"],
        ['pkg/util.py', "__all__ = ['later']\n"],
      ]),
    );
  });
});
