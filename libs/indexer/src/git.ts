import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs the real git CLI; returns trimmed stdout, or null when git fails (not a repository, no commits). */
export async function git(cwd: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 });
    return stdout.replace(/\n$/, '');
  } catch {
    return null;
  }
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
  const topLevel = await git(rootPath, ['rev-parse', '--show-toplevel']);
  if (topLevel === null) return null;
  const [prefix, head, branch, remoteUrl] = await Promise.all([
    git(rootPath, ['rev-parse', '--show-prefix']),
    git(rootPath, ['rev-parse', 'HEAD']),
    git(rootPath, ['symbolic-ref', '--short', '-q', 'HEAD']),
    git(rootPath, ['config', '--get', 'remote.origin.url']),
  ]);
  return {
    topLevel,
    prefix: (prefix ?? '').replace(/\/$/, ''),
    head: head || null,
    branch: branch || null,
    remoteUrl: remoteUrl ? stripCredentials(remoteUrl) : null,
  };
}

/** Files git would track under rootPath (tracked plus untracked, minus ignored), relative to rootPath. */
export async function listGitFiles(rootPath: string): Promise<string[] | null> {
  const out = await git(rootPath, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate']);
  if (out === null) return null;
  return out.split('\0').filter(Boolean);
}

/** Never keep a token that someone put into a remote URL. */
function stripCredentials(url: string): string {
  return url.replace(/^(\w+:\/\/)[^@/]+@/, '$1');
}
