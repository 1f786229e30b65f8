import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FIXTURES = join(__dirname, '..', 'fixtures');

const FIXED_GIT_ENV = {
  GIT_AUTHOR_NAME: 'Lore Fixtures',
  GIT_AUTHOR_EMAIL: 'fixtures@lore.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_NAME: 'Lore Fixtures',
  GIT_COMMITTER_EMAIL: 'fixtures@lore.invalid',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

export interface FixtureRepository {
  path: string;
  commitSha: string;
}

/** A copy of test/fixtures/<name> as its own git repository with one commit (real git, fixed identity and dates). */
export function gitFixture(name: string): FixtureRepository {
  const path = join(mkdtempSync(join(tmpdir(), `lore-${name}-`)), name);
  cpSync(join(FIXTURES, name), path, { recursive: true });
  gitIn(path, ['-c', 'init.defaultBranch=main', 'init', '-q']);
  gitIn(path, ['add', '-A']);
  gitIn(path, ['commit', '-q', '-m', `${name} fixture`]);
  return { path, commitSha: gitIn(path, ['rev-parse', 'HEAD']).trim() };
}

export function gitIn(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...FIXED_GIT_ENV }, encoding: 'utf8' });
}
