import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * Runs the real git CLI, without a shell; returns stdout as git wrote it, or null when git fails (not
 * a repository, no such object) or runs longer than `timeoutMs` (then it is killed).
 */
export async function gitOutput(cwd: string, args: string[], timeoutMs = 0): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, timeout: timeoutMs });
    return stdout;
  } catch {
    return null;
  }
}

/** Runs the real git CLI; returns stdout without its final newline, or null when git fails (not a repository, no commits). */
export async function git(cwd: string, args: string[]): Promise<string | null> {
  const stdout = await gitOutput(cwd, args);
  return stdout === null ? null : stdout.replace(/\n$/, '');
}

export interface GitInfo {
  topLevel: string;
  /** rootPath relative to the top level, '' when they are the same. */
  prefix: string;
  head: string | null;
  branch: string | null;
  remoteUrl: string | null;
}

export async function readGitInfo(rootPath: string): Promise<GitInfo | null> {
  // Two processes, not five: a process forked from a large indexer costs more than git's own work.
  const [described, remoteUrl] = await Promise.all([
    git(rootPath, ['rev-parse', 'HEAD', '--show-toplevel', '--show-prefix', '--symbolic-full-name', 'HEAD']),
    git(rootPath, ['config', '--get', 'remote.origin.url']),
  ]);
  let head: string | null = null;
  let topLevel: string | undefined;
  let prefix: string | undefined;
  let ref: string | null | undefined;
  if (described !== null) [head, topLevel, prefix, ref] = described.split('\n');
  else {
    // No commit yet: HEAD names nothing.
    const located = await git(rootPath, ['rev-parse', '--show-toplevel', '--show-prefix']);
    if (located === null) return null;
    [topLevel, prefix] = located.split('\n');
    ref = await git(rootPath, ['symbolic-ref', '-q', 'HEAD']);
  }
  return {
    topLevel: topLevel!,
    prefix: (prefix ?? '').replace(/\/$/, ''),
    head: head || null,
    branch: ref?.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null,
    remoteUrl: remoteUrl ? stripCredentials(remoteUrl) : null,
  };
}

/** Files git would track under rootPath (tracked plus untracked, minus ignored), relative to rootPath. */
export async function listGitFiles(rootPath: string): Promise<string[] | null> {
  const out = await git(rootPath, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate']);
  if (out === null) return null;
  return out.split('\0').filter(Boolean);
}

/**
 * The files git changes when a commit is made or HEAD moves (a commit, checkout, reset, pull) without
 * necessarily changing the work tree; none outside a git work tree. Worktrees keep HEAD apart from the refs.
 */
export async function headPaths(rootPath: string): Promise<string[]> {
  const dirs = await git(rootPath, ['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir']);
  if (dirs === null) return [];
  const [gitDir, commonDir] = dirs.split('\n');
  return [join(gitDir!, 'HEAD'), join(commonDir!, 'refs', 'heads'), join(commonDir!, 'packed-refs')];
}

/** Never keep a token that someone put into a remote URL. */
function stripCredentials(url: string): string {
  return url.replace(/^(\w+:\/\/)[^@/]+@/, '$1');
}
