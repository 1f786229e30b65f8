import { execFile } from 'node:child_process';
import { devNull } from 'node:os';
import { basename, resolve } from 'node:path';
import { slugify } from './knowledge-document';

/**
 * A project's id as the Knowledge MCP server derives it: its git origin URL when it has one, else its top-level
 * directory's name, slugified. The URL is read without its scheme, user, password or `.git`, so the
 * https, ssh and scp forms of one remote name one project: `https://github.com/acme/my-app.git`,
 * `ssh://git@github.com/acme/my-app.git` and `git@github.com:acme/my-app.git` are all
 * `github-com-acme-my-app`; a directory `my-app (v2)` without a remote is `my-app-v2`.
 */
export function projectIdOf(location: { remoteUrl: string | null; directory: string }): string {
  if (location.remoteUrl) {
    const slug = slugify(remotePath(location.remoteUrl));
    if (slug !== '') return slug;
  }
  return slugify(basename(resolve(location.directory)));
}

/** host/path of a remote URL in any of git's forms, without credentials, port or `.git`. */
export function remotePath(url: string): string {
  const trimmed = url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:]+)(?::\d+)?(\/.*)?$/i.exec(trimmed);
  if (withScheme) return `${withScheme[1]}${withScheme[2] ?? ''}`;
  const scp = /^(?:[^@/]+@)?([^:/]+):(.+)$/.exec(trimmed);
  if (scp) return `${scp[1]}/${scp[2]!.replace(/^\/+/, '')}`;
  return trimmed;
}

/** The project id of a directory: its work tree's origin, else its name (git without a shell, the user's configuration left out). */
export async function projectIdOfDirectory(directory: string): Promise<string> {
  const remoteUrl = await new Promise<string | null>((done) => {
    execFile(
      'git',
      ['-C', directory, 'config', '--get', 'remote.origin.url'],
      { env: { ...process.env, GIT_CONFIG_GLOBAL: devNull, GIT_CONFIG_NOSYSTEM: '1' }, timeout: 10_000, encoding: 'utf8' },
      (error, stdout) => done(error ? null : stdout.trim() || null),
    );
  });
  const topLevel = await new Promise<string>((done) => {
    execFile('git', ['-C', directory, 'rev-parse', '--show-toplevel'], { timeout: 10_000, encoding: 'utf8' }, (error, stdout) =>
      done(error ? directory : stdout.trim() || directory),
    );
  });
  return projectIdOf({ remoteUrl, directory: topLevel });
}
