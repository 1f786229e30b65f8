import { existsSync, realpathSync } from 'node:fs';
import { basename, isAbsolute, resolve, sep } from 'node:path';
import { InvalidInputError } from '@lore/domain';
import { sanitizeRepositoryId } from '@lore/indexer';

/** What an index job reads: a directory of the workers' machines, or a git remote. */
export type JobSource = { kind: 'path'; path: string } | { kind: 'git'; url: string };

/** scp-like git addresses (git@github.com:acme/orders.git): a user name, never a password. */
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:(?!\/\/)/;
const GIT_URL = /^(https?|ssh|git|file):\/\//i;

/**
 * Reads a job's source. A git URL with credentials in it is refused (they would sit in Redis, in the
 * graph's record of the repository and in logs): credentials go in git's configuration on the workers
 * (a credential helper, an SSH key). A path must be absolute and, when `roots` are configured, inside
 * one of them (symbolic links resolved); with no roots, only `localCaller`s (the CLI, MCP over
 * stdio, acting as this machine's user) may name a path. The messages never repeat a credential.
 */
export function readJobSource(source: string, roots: readonly string[], localCaller: boolean): JobSource {
  if (SCP_LIKE.test(source)) return { kind: 'git', url: source };
  if (GIT_URL.test(source)) {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      throw new InvalidInputError('source: not a valid git URL.', { details: { field: 'source' } });
    }
    const credentialsInUrl = url.password !== '' || (url.username !== '' && /^https?:$/.test(url.protocol));
    if (credentialsInUrl)
      throw new InvalidInputError('source: the git URL carries credentials; they are refused and were not kept.', {
        hint: "Put the credentials in the workers' git configuration (a credential helper or an SSH key) and queue the URL without them.",
        details: { field: 'source' },
      });
    if (url.search !== '' || url.hash !== '')
      throw new InvalidInputError('source: a git URL has no query or fragment.', { details: { field: 'source' } });
    return { kind: 'git', url: source };
  }
  if (!isAbsolute(source))
    throw new InvalidInputError('source: a path must be absolute (the workers resolve it on their machines, not in your directory).', {
      details: { field: 'source' },
    });
  const path = existsSync(source) ? realpathSync(source) : resolve(source);
  if (roots.length === 0) {
    if (localCaller) return { kind: 'path', path };
    throw new InvalidInputError('source: paths are not accepted from this door: no LORE_INDEX_ROOTS are configured.', {
      hint: 'Queue a git URL, or have an administrator set LORE_INDEX_ROOTS to the directories workers may index.',
      details: { field: 'source' },
    });
  }
  const inside = roots.some((root) => {
    const base = existsSync(root) ? realpathSync(root) : resolve(root);
    return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
  });
  if (!inside)
    throw new InvalidInputError('source: the path is outside the directories workers may index (LORE_INDEX_ROOTS).', {
      hint: `Queue a path inside one of: ${roots.join(', ')}.`,
      details: { field: 'source' },
    });
  return { kind: 'path', path };
}

/** The repository id a source gets when none is given: its directory's or URL's last name, without `.git`. */
export function repositoryIdOf(source: JobSource): string {
  const name = source.kind === 'path' ? basename(source.path) : (source.url.replace(/\/+$/, '').split(/[/:]/).pop() ?? '');
  return sanitizeRepositoryId(name.replace(/\.git$/, ''));
}

/** The source as a job keeps it. */
export function sourceText(source: JobSource): string {
  return source.kind === 'path' ? source.path : source.url;
}
