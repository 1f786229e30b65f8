import { parseRevisionRange, parseUnifiedDiff } from './git-diff';

describe('git diff reading', () => {
  it('reads the three forms of a revision range', () => {
    expect(parseRevisionRange('main..feature')).toEqual({ base: 'main', head: 'feature', mergeBase: false });
    expect(parseRevisionRange('origin/main...HEAD')).toEqual({ base: 'origin/main', head: 'HEAD', mergeBase: true });
    expect(parseRevisionRange('HEAD~2')).toEqual({ base: 'HEAD~2', head: null, mergeBase: false });
  });

  it('takes the new side of each hunk, the old side of a deleted file, and a pure deletion as one line', () => {
    const diff = [
      'diff --git a/src/a.ts b/src/a.ts',
      'index 1..2 100644',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '@@ -3 +3 @@ export function a() {',
      '-  return 1;',
      '+  return 2;',
      '@@ -10,2 +10,0 @@',
      '-x',
      '-y',
      '@@ -20,0 +19,3 @@',
      '+p',
      '+q',
      '+r',
      'diff --git a/old.ts b/old.ts',
      'deleted file mode 100644',
      '--- a/old.ts',
      '+++ /dev/null',
      '@@ -1,4 +0,0 @@',
      'diff --git a/new file.ts b/new file.ts',
      '--- /dev/null',
      '+++ "b/new file.ts"',
      '@@ -0,0 +1,2 @@',
    ].join('\n');
    expect(parseUnifiedDiff(diff)).toEqual([
      {
        path: 'src/a.ts',
        deleted: false,
        ranges: [
          { startLine: 3, endLine: 3 },
          { startLine: 10, endLine: 10 },
          { startLine: 19, endLine: 21 },
        ],
      },
      { path: 'old.ts', deleted: true, ranges: [{ startLine: 1, endLine: 4 }] },
      { path: 'new file.ts', deleted: false, ranges: [{ startLine: 1, endLine: 2 }] },
    ]);
  });
});
