import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
import type { SkippedFile } from '@lore/domain';

/**
 * Where a C or C++ build looks for headers: the `-I`, `-iquote` and `-isystem` directories of the
 * repository's `compile_commands.json` (at its root or in `build/`), kept when they are inside the
 * repository, as repository-relative paths. A file that is not a compilation database is listed with
 * its reason and read as if absent.
 */
export function compileCommandIncludeDirs(rootPath: string, skipped: SkippedFile[]): { path: string | null; dirs: string[] } {
  for (const candidate of ['compile_commands.json', 'build/compile_commands.json']) {
    const absolute = join(rootPath, candidate);
    if (!existsSync(absolute)) continue;
    let entries: unknown;
    try {
      entries = JSON.parse(readFileSync(absolute, 'utf8'));
    } catch (error) {
      skipped.push({ path: candidate, reason: `not read as a compilation database: ${(error as Error).message}` });
      return { path: null, dirs: [] };
    }
    if (!Array.isArray(entries)) {
      skipped.push({ path: candidate, reason: 'not read as a compilation database: not a JSON array' });
      return { path: null, dirs: [] };
    }
    const dirs = new Set<string>();
    for (const entry of entries as { directory?: unknown; arguments?: unknown; command?: unknown }[]) {
      const directory = typeof entry?.directory === 'string' ? entry.directory : rootPath;
      const args = Array.isArray(entry?.arguments)
        ? entry.arguments.filter((arg): arg is string => typeof arg === 'string')
        : typeof entry?.command === 'string'
          ? entry.command.split(/\s+/)
          : [];
      for (const dir of includeFlags(args)) {
        const inside = relative(rootPath, isAbsolute(dir) ? dir : join(directory, dir));
        if (!inside.startsWith('..') && !isAbsolute(inside)) dirs.add(inside.split(sep).join('/'));
      }
    }
    return { path: candidate, dirs: [...dirs].sort() };
  }
  return { path: null, dirs: [] };
}

/** The directories of `-Idir`, `-I dir`, `-iquote dir`, `-isystem dir`. */
function includeFlags(args: readonly string[]): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    for (const flag of ['-I', '-iquote', '-isystem']) {
      if (arg === flag && i + 1 < args.length) dirs.push(args[++i]!);
      else if (arg.startsWith(flag) && arg.length > flag.length && flag === '-I') dirs.push(arg.slice(2));
    }
  }
  return dirs;
}

/**
 * The repository file an `#include` names: a quoted one relative to the including file first, then
 * (both kinds) in the include directories, then from the repository's root. Null when no file of the
 * repository is found (a system or third-party header, or a missing one).
 */
export function resolveInclude(
  written: string,
  quoted: boolean,
  fromDir: string,
  includeDirs: readonly string[],
  exists: (path: string) => boolean,
): string | null {
  const candidates = [...(quoted ? [fromDir] : []), ...includeDirs, ''];
  for (const dir of candidates) {
    const path = posix.normalize(dir === '' ? written : `${dir}/${written}`);
    if (!path.startsWith('..') && exists(path)) return path;
  }
  return null;
}
