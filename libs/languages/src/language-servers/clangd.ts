// clangd for C and C++: the compile commands it reads, made from the repository's own when it has them.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { LanguageServerSettings } from '../extractor';
import type { FoundServer } from './exact-pass-hooks';
import { installedServer, PINNED_SERVERS } from './installed-servers';

/** Sources clangd compiles (headers are read through them). */
const SOURCE = /\.(c|cc|cpp|cxx|c\+\+)$/i;
const C_SOURCE = /\.c$/i;

interface CompileCommand {
  directory: string;
  file: string;
  arguments?: string[];
  command?: string;
}

export interface ClangdRepository {
  rootPath: string;
  /** The repository's C and C++ files (sources and headers), repository-relative. */
  paths: readonly string[];
  /** The language ids among them ('c', 'cpp'): one report each. */
  languages: readonly string[];
  /** Where the first pass looked for headers (the compilation database's, else the `include/` folders). */
  includeDirs: readonly string[];
}

/**
 * clangd 22.1.1 from the install directory, on a compilation database written to a temporary
 * directory (its background index is kept there too, never in the repository, and removed after):
 * the repository's `compile_commands.json` (at its root or in `build/`) with relative directories made
 * absolute, and every source it does not list compiled with default flags; else `compile_flags.txt`'s
 * flags for every source; else default flags (`-std=c11`, `-std=c++17`) with the repository's include
 * folders. The report says which.
 */
export function findClangd(repository: ClangdRepository, settings: LanguageServerSettings): FoundServer {
  const installed = installedServer('clangd', settings.directory);
  if (installed.path === null) return { reason: installed.reason };
  const executable = installed.path;
  return {
    setup: () => {
      const { commands, detail } = compileCommands(repository);
      const directory = mkdtempSync(join(tmpdir(), 'lore-clangd-'));
      writeFileSync(join(directory, 'compile_commands.json'), JSON.stringify(commands));
      return {
        server: 'clangd',
        version: PINNED_SERVERS.clangd.version,
        languages: repository.languages,
        detail,
        command: {
          name: 'clangd',
          executable,
          args: [
            `--compile-commands-dir=${directory}`,
            '--background-index',
            '--log=error',
            '-j=2',
            '--pch-storage=memory',
            '--header-insertion=never',
          ],
        },
        languageIdOf: (path) => (repository.languages.includes('cpp') && !C_SOURCE.test(path) ? 'cpp' : 'c'),
        readyToken: 'backgroundIndexProgress',
        dispose: () => rmSync(directory, { recursive: true, force: true }),
      };
    },
  };
}

/** The compile commands clangd is given, and what the report says of them. */
export function compileCommands(repository: ClangdRepository): { commands: CompileCommand[]; detail: string } {
  const { rootPath } = repository;
  const sources = repository.paths.filter((path) => SOURCE.test(path));
  const includes = [...repository.includeDirs, '.'].map((dir) => `-I${join(rootPath, dir)}`);
  const byDefault = (path: string): CompileCommand => ({
    directory: rootPath,
    file: join(rootPath, path),
    arguments: C_SOURCE.test(path) ? ['clang', '-std=c11', ...includes, '-c', path] : ['clang++', '-std=c++17', ...includes, '-c', path],
  });
  for (const candidate of ['compile_commands.json', 'build/compile_commands.json']) {
    const database = readDatabase(join(rootPath, candidate));
    if (!database) continue;
    const listed = database.map((entry) => {
      const directory = isAbsolute(entry.directory) ? entry.directory : join(rootPath, candidate, '..', entry.directory);
      return { ...entry, directory, file: isAbsolute(entry.file) ? entry.file : join(directory, entry.file) };
    });
    const known = new Set(listed.map((entry) => entry.file));
    const others = sources.filter((path) => !known.has(join(rootPath, path)));
    const detail =
      others.length === 0 ? `${candidate}` : `${candidate}, and default flags for the ${others.length} source(s) it does not list`;
    return { commands: [...listed, ...others.map(byDefault)], detail };
  }
  if (existsSync(join(rootPath, 'compile_flags.txt'))) {
    const flags = readFileSync(join(rootPath, 'compile_flags.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const commands = sources.map((path) => ({
      directory: rootPath,
      file: join(rootPath, path),
      arguments: [C_SOURCE.test(path) ? 'clang' : 'clang++', ...flags, '-c', path],
    }));
    return { commands, detail: 'compile_flags.txt' };
  }
  const dirs = repository.includeDirs.length > 0 ? repository.includeDirs.map((dir) => `-I ${dir}`).join(' ') + ' and -I .' : '-I .';
  return {
    commands: sources.map(byDefault),
    detail: `no compile_commands.json or compile_flags.txt: default flags (-std=c11 for C, -std=c++17 for C++, ${dirs})`,
  };
}

/** The entries of a compilation database, or null when there is none there or it does not read as one. */
function readDatabase(path: string): CompileCommand[] | null {
  if (!existsSync(path)) return null;
  try {
    const entries = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (!Array.isArray(entries)) return null;
    return entries.filter(
      (entry): entry is CompileCommand =>
        typeof entry?.directory === 'string' &&
        typeof entry?.file === 'string' &&
        (Array.isArray(entry.arguments) || typeof entry.command === 'string'),
    );
  } catch {
    return null;
  }
}
