import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ConflictError, InvalidInputError, UnavailableError } from '@lore/domain';
import type { CreatePullRequestResult } from '@lore/domain/schemas/document-generation';

const run = promisify(execFile);

/** What create_pull_request proposes: a reviewed draft, written at `path` of the indexed repository, on top of its indexed commit. */
export interface PullRequestDraft {
  documentId: string;
  /** The indexed directory, and its path inside its git work tree ('' at the top, null outside git). */
  rootPath: string;
  gitPrefix: string | null;
  commitSha: string;
  /** The branch the indexed commit was read from: the pull request's base. */
  baseBranch: string | null;
  /** Relative to the indexed directory. */
  path: string;
  content: string;
  title: string;
  body: string;
}

export interface Forge {
  apiUrl: string;
  token: string | undefined;
}

/** The identity of a commit when the repository's git config names none. */
const FALLBACK_AUTHOR = { name: 'Lore', email: 'lore@localhost' };

/**
 * Pushes the draft as one commit on a new branch lore/docs/<documentId> of origin and opens a pull
 * request for it on a GitHub-compatible forge. The commit is made in a temporary worktree of the
 * indexed commit, detached, so the user's working tree, index and local branches stay as they were;
 * the worktree is removed whatever happens. The token is sent in a header (never in a URL or an
 * argument) and scrubbed from anything git or the forge answers.
 */
export async function createDraftPullRequest(forge: Forge, draft: PullRequestDraft): Promise<CreatePullRequestResult> {
  if (forge.token === undefined) {
    throw new UnavailableError('No forge token is configured: create_pull_request cannot push or open a pull request.', {
      hint: 'An operator sets LORE_FORGE_TOKEN (and LORE_FORGE_API_URL for a forge other than github.com).',
      details: { reason: 'no_forge_token' },
    });
  }
  const git = new Git(forge.token);
  if (draft.gitPrefix === null) {
    throw new UnavailableError(`The indexed directory ${draft.rootPath} is not a git checkout: there is no branch to push.`, {
      details: { reason: 'not_a_git_checkout' },
    });
  }
  const originUrl = (await git.run(draft.rootPath, ['config', '--get', 'remote.origin.url']).catch(() => '')).trim();
  if (originUrl === '') {
    throw new UnavailableError('The repository has no remote origin: there is nowhere to push the branch.', {
      hint: 'Add one (git remote add origin <url>) in the indexed checkout.',
      details: { reason: 'no_origin' },
    });
  }
  const slug = forgeRepository(originUrl);
  if (slug === null) {
    throw new UnavailableError("origin's URL names no owner/repository of a forge.", { details: { reason: 'origin_not_on_a_forge' } });
  }
  if (draft.baseBranch === null) {
    throw new InvalidInputError('The indexed commit was read from no branch (a detached HEAD): a pull request needs a base branch.', {
      hint: 'Check out the branch the pull request should go into and index it again.',
    });
  }
  const branch = `lore/docs/${draft.documentId}`;
  const path = join(draft.gitPrefix, draft.path).split('\\').join('/');
  const top = (await git.run(draft.rootPath, ['rev-parse', '--show-toplevel'])).trim();
  if ((await git.run(top, ['ls-remote', '--heads', 'origin', `refs/heads/${branch}`], slug.https)).trim() !== '') {
    throw new ConflictError(`The branch ${branch} already exists on origin: nothing was pushed.`, {
      hint: 'Its pull request was most likely opened already; delete the branch on the forge to open another.',
      details: { branch },
    });
  }
  const commitSha = await commitAndPush(git, top, draft, { branch, path, https: slug.https });
  const pull = await openPull(forge, slug, { title: draft.title, head: branch, base: draft.baseBranch, body: draft.body });
  return { pullRequestUrl: pull.html_url, number: pull.number, branch, commitSha, path };
}

async function commitAndPush(
  git: Git,
  top: string,
  draft: PullRequestDraft,
  target: { branch: string; path: string; https: boolean },
): Promise<string> {
  const author = {
    name: (await git.run(top, ['config', '--get', 'user.name']).catch(() => '')).trim() || FALLBACK_AUTHOR.name,
    email: (await git.run(top, ['config', '--get', 'user.email']).catch(() => '')).trim() || FALLBACK_AUTHOR.email,
  };
  const worktree = join(await mkdtemp(join(tmpdir(), 'lore-pull-request-')), 'worktree');
  try {
    await git.run(top, ['worktree', 'add', '--detach', '--quiet', worktree, draft.commitSha]);
    const file = join(worktree, target.path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, draft.content);
    await git.run(worktree, ['add', '--', target.path]);
    const identity = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    await git.run(worktree, ['commit', '--quiet', '--no-verify', '-m', draft.title], false, identity);
    const commitSha = (await git.run(worktree, ['rev-parse', 'HEAD'])).trim();
    // HEAD:refs/heads/<branch> pushes a branch origin does not have without making a local one.
    await git.run(worktree, ['push', '--quiet', 'origin', `HEAD:refs/heads/${target.branch}`], target.https);
    return commitSha;
  } finally {
    await git.run(top, ['worktree', 'remove', '--force', worktree]).catch(() => undefined);
    await rm(dirname(worktree), { recursive: true, force: true });
    await git.run(top, ['worktree', 'prune']).catch(() => undefined);
  }
}

async function openPull(
  forge: Forge,
  slug: { owner: string; repo: string },
  request: { title: string; head: string; base: string; body: string },
): Promise<{ html_url: string; number: number }> {
  const url = `${forge.apiUrl.replace(/\/$/, '')}/repos/${encodeURIComponent(slug.owner)}/${encodeURIComponent(slug.repo)}/pulls`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${forge.token!}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new UnavailableError(`The forge API did not answer; the branch ${request.head} was pushed, its pull request not opened.`, {
      details: { reason: 'forge_unreachable', branch: request.head },
    });
  }
  const answer = (await response.json().catch(() => null)) as { html_url?: unknown; number?: unknown; message?: unknown } | null;
  if (response.status !== 201 || typeof answer?.html_url !== 'string' || typeof answer.number !== 'number') {
    const said = typeof answer?.message === 'string' ? scrub(answer.message, forge.token!) : null;
    throw new UnavailableError(
      `The forge refused the pull request (HTTP ${response.status}); the branch ${request.head} was pushed, its pull request not opened.`,
      { details: { reason: 'forge_refused', status: response.status, message: said, branch: request.head } },
    );
  }
  return { html_url: answer.html_url, number: answer.number };
}

/**
 * The owner and repository an origin URL names, in its https form (https://host/owner/repo.git, with
 * or without user info) or its ssh forms (git@host:owner/repo.git, ssh://git@host/owner/repo.git);
 * null for a local path or anything else.
 */
export function forgeRepository(url: string): { owner: string; repo: string; https: boolean } | null {
  const match =
    /^(https?):\/\/(?:[^@/]+@)?[^/]+\/([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url) ??
    /^(ssh):\/\/(?:[^@/]+@)?[^/]+\/([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url) ??
    /^()[^@/:]+@[^:/]+:([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url);
  if (match === null) return null;
  return { owner: match[2]!, repo: match[3]!, https: match[1]!.startsWith('http') };
}

/** Every occurrence of the token (and of its basic-auth form) and any URL's user info, out of a text. */
export function scrub(text: string, token: string): string {
  return text
    .split(token)
    .join('***')
    .split(basicAuth(token))
    .join('***')
    .replace(/(\w+:\/\/)[^@/\s]+@/g, '$1***@');
}

function basicAuth(token: string): string {
  return Buffer.from(`x-access-token:${token}`).toString('base64');
}

/** Real git, never prompting; over https it authenticates with the token through the environment, not the command line. */
class Git {
  constructor(private readonly token: string) {}

  async run(cwd: string, args: string[], authenticate = false, extraEnv: Record<string, string> = {}): Promise<string> {
    const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', ...extraEnv };
    for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[name];
    if (authenticate) {
      Object.assign(env, {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'http.extraHeader',
        GIT_CONFIG_VALUE_0: `Authorization: Basic ${basicAuth(this.token)}`,
      });
    }
    try {
      return (await run('git', args, { cwd, env, encoding: 'utf8', timeout: 120_000, maxBuffer: 16 * 1024 * 1024 })).stdout;
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new UnavailableError(`git ${args[0]} failed: ${scrub(stderr.trim(), this.token) || 'no message'}`, {
        details: { reason: 'git_failed', command: args[0] },
      });
    }
  }
}
