import { resolve } from 'node:path';

/**
 * A file path typed on the command line: `./x` and `../x` are the shell's, from the current
 * directory, so they are made absolute (the service makes an absolute path inside the repository
 * relative to its root); any other path is from the repository root already.
 */
export function pathArgument(path: string): string;
export function pathArgument(path: string | undefined): string | undefined;
export function pathArgument(path: string | undefined): string | undefined {
  if (path === undefined || !/^\.\.?\//.test(path)) return path;
  return resolve(process.cwd(), path);
}
