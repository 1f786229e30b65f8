import { posix } from 'node:path';
import type { SymbolRef } from '@lore/domain';
import { findWord } from './code-facts';

/**
 * Which of several symbols sharing a name a document means when it names it bare: the one the
 * repository's entry points export (`src/index.ts` re-exporting `Hono` from `./hono`, a package's
 * `__init__.py` importing `Group` from `.core`), or, in Go, the one of the root package. A document
 * about a library names what its users import; a name no entry point exports stays ambiguous.
 */

/** Files a package's users import: index and mod files at the root or under src/, a package's `__init__.py`. */
const ENTRY_FILE = /^(?:(?:src|lib)\/)?(?:index|mod|main)\.(?:ts|tsx|mts|js|mjs)$|^(?:src\/)?[\w-]+\/__init__\.py$/;
/** Relative import specifiers of JavaScript and TypeScript: `from './hono'`, `export * from "./x"`. */
const SCRIPT_IMPORT = /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g;
/** Relative imports of Python: `from .core import Group`, `from .sub.mod import x`. */
const PYTHON_IMPORT = /^\s*from\s+\.([\w.]*)\s+import\b/gm;
const SCRIPT_EXTENSION = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

export function isEntryFile(path: string): boolean {
  return ENTRY_FILE.test(path);
}

/** The module paths (no extension) an entry file's relative imports resolve to. */
export function importedModules(entryPath: string, text: string): Set<string> {
  const directory = posix.dirname(entryPath);
  const modules = new Set<string>();
  if (entryPath.endsWith('.py')) {
    for (const match of text.matchAll(PYTHON_IMPORT)) {
      const parts = match[1]!.split('.').filter(Boolean);
      if (parts.length > 0) modules.add(posix.join(directory, ...parts));
    }
    return modules;
  }
  for (const match of text.matchAll(SCRIPT_IMPORT)) modules.add(posix.join(directory, match[1]!).replace(SCRIPT_EXTENSION, ''));
  return modules;
}

/** A file's path as a module: without its extension, and a directory's index (`x/index.ts`, `x/__init__.py`) as the directory. */
export function modulePath(path: string): string {
  return path
    .replace(SCRIPT_EXTENSION, '')
    .replace(/\.py$/, '')
    .replace(/\/(?:index|__init__)$/, '');
}

/**
 * The one candidate the entry files export, or null: a candidate counts when an entry file is its
 * file, or imports its module and names it; in Go (no entry files), when it is an exported
 * declaration of a file at the repository root.
 */
export function entryPointChoice(candidates: readonly SymbolRef[], entries: ReadonlyMap<string, string>): SymbolRef | null {
  const exported = candidates.filter((candidate) => {
    if (entries.has(candidate.path)) return true;
    const modules = [modulePath(candidate.path), candidate.path.replace(SCRIPT_EXTENSION, '').replace(/\.py$/, '')];
    for (const [entryPath, text] of entries) {
      const imported = importedModules(entryPath, text);
      if (modules.some((module) => imported.has(module)) && findWord(text, candidate.name) >= 0) return true;
    }
    return candidate.path.endsWith('.go') && !candidate.path.includes('/') && /^[A-Z]/.test(candidate.name);
  });
  return exported.length === 1 ? exported[0]! : null;
}
