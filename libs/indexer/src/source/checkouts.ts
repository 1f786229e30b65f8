import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { InvalidInputError, UnavailableError } from '@lore/domain';

const execFileAsync = promisify(execFile);
/** A clone or fetch that takes longer than this is given up (the job's next attempt tries again). */
const GIT_TIMEOUT_MS = 10 * 60_000;

/**
 * Checkouts of one commit of a repository for index jobs: `<dir>/<tenant>/<repository>/<commit>`, each
 * made once (cloned beside, then renamed into place, so a checkout a killed worker left half-made is
 * never taken), detached at the commit. A clone asks git only: credentials come from the workers'
 * git configuration, never from the job. `keepOnly` removes a repository's other commits after a run.
 */
export class Checkouts {
  constructor(private readonly directory: string) {}

  /** The commit `ref` (a sha, or null for the remote's HEAD) of `remote` (a git URL or a local repository's path) checked out. */
  async checkout(tenantId: string, repositoryId: string, remote: string, ref: string | null): Promise<{ path: string; commit: string }> {
    const commit = ref ?? (await this.remoteHead(remote));
    const parent = join(this.directory, tenantId, repositoryId);
    const path = join(parent, commit);
    if (existsSync(path)) return { path, commit };
    mkdirSync(parent, { recursive: true });
    const staging = mkdtempSync(join(parent, '.staging-'));
    try {
      await runGit(staging, ['init', '--quiet'], remote);
      await runGit(staging, ['fetch', '--quiet', '--depth=1', remote, commit], remote).catch(() =>
        // A server that refuses a sha it does not advertise: the whole history, then the commit.
        runGit(staging, ['fetch', '--quiet', remote, '+refs/heads/*:refs/remotes/origin/*'], remote),
      );
      await runGit(staging, ['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', commit], remote).catch(() => {
        throw new InvalidInputError(`commit: ${commit} is not in the repository.`, { details: { field: 'commit' } });
      });
      renameSync(staging, path);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    return { path, commit };
  }

  /** Removes a repository's checkouts of other commits (after its run of `commit` completed). */
  keepOnly(tenantId: string, repositoryId: string, commit: string): void {
    const parent = join(this.directory, tenantId, repositoryId);
    for (const entry of existsSync(parent) ? readdirSync(parent) : []) {
      if (entry !== commit && !entry.startsWith('.staging-')) rmSync(join(parent, entry), { recursive: true, force: true });
    }
  }

  private async remoteHead(remote: string): Promise<string> {
    const listing = await runGit(this.directory, ['ls-remote', remote, 'HEAD'], remote);
    const sha = /^([0-9a-f]{40,64})\s+HEAD$/m.exec(listing)?.[1];
    if (!sha) throw new InvalidInputError('source: the git remote has no HEAD to index; name a commit.', { details: { field: 'source' } });
    return sha;
  }
}

/** git, never prompting (a job has no terminal); a failure is `unavailable`, retried by the job. */
async function runGit(cwd: string, args: string[], remote: string): Promise<string> {
  mkdirSync(cwd, { recursive: true });
  try {
    const { stdout } = await execFileAsync('git', args, {
      cwd,
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: process.env.GIT_ASKPASS ?? 'echo' },
    });
    return stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new UnavailableError(`git ${args[0]} of ${remote} failed: ${stderr.split('\n').pop() || 'no message'}`, {
      hint: 'Check that the workers reach the remote and that their git configuration holds its credentials.',
    });
  }
}
