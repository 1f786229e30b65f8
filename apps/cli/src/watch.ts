import { type Stats, existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { watch } from 'chokidar';
import ignore from 'ignore';
import { headPaths } from '@lore/knowledge/indexing/indexing.service';

/** Changes closer together than this are one change: a save, a checkout, a formatter run. */
const QUIET_MS = 200;

export interface RepositoryWatch {
  /** Resolves at the end of the next burst of changes, or when the watch is closed (then with false). */
  nextChange(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Watches a repository's files, leaving out .git, node_modules and what its top .gitignore ignores
 * (build output would otherwise start a run that finds nothing to do), and where git keeps HEAD: a
 * commit changes no file but the commit the graph is of. `since`: when the last run began reading.
 */
export async function watchRepository(rootPath: string, since: number): Promise<RepositoryWatch> {
  const gitignore = join(rootPath, '.gitignore');
  const ignored = ignore().add(['.git', 'node_modules']);
  if (existsSync(gitignore)) ignored.add(readFileSync(gitignore, 'utf8'));
  // Inside .git, which is left out, or elsewhere (a worktree's): watched by name.
  const heads = await headPaths(rootPath);
  const isHead = (path: string): boolean => heads.some((head) => path === head || path.startsWith(head + sep));
  const isIgnored = (path: string, stats?: Stats): boolean => {
    if (isHead(path)) return false;
    const rel = relative(rootPath, path).split(sep).join('/');
    return rel !== '' && !rel.startsWith('..') && ignored.ignores(stats?.isDirectory() ? `${rel}/` : rel);
  };
  const watcher = watch([rootPath, ...heads], { ignoreInitial: true, ignored: isIgnored });
  await new Promise<void>((ready, fail) => watcher.once('ready', ready).once('error', fail));

  // A change made before the watch was ready (during the last run, or while chokidar scanned) is no
  // event: a watched file, directory or ref modified since `since` counts as one now.
  const modifiedSince = (path: string): boolean => {
    if (!isHead(path) && path !== rootPath && !path.startsWith(rootPath + sep)) return false;
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats !== undefined && !isIgnored(path, stats) && stats.mtimeMs > since;
  };
  let changed = Object.entries(watcher.getWatched()).some(([directory, names]) =>
    [directory, ...names.map((name) => join(directory, name))].some(modifiedSince),
  );
  let closed = false;
  let waiter: ((changed: boolean) => void) | null = null;
  let quiet: NodeJS.Timeout | undefined;
  const settle = (): void => {
    if (!waiter) return;
    const wake = waiter;
    waiter = null;
    changed = false;
    wake(!closed);
  };
  watcher.on('all', () => {
    changed = true;
    clearTimeout(quiet);
    quiet = setTimeout(settle, QUIET_MS);
  });
  return {
    nextChange: () =>
      new Promise<boolean>((resolve) => {
        waiter = resolve;
        // A change that came while the last run was working is not lost: it starts the next at once.
        if (closed || changed) settle();
      }),
    close: async () => {
      closed = true;
      clearTimeout(quiet);
      settle();
      await watcher.close();
    },
  };
}
