import { posix } from 'node:path';
import { compare } from '../../tree-sitter/edges';

/**
 * Dotted module names of the repository's files. A file is known under its full path
 * (`src/billing/tax.py` → `src.billing.tax`) and under every shorter name whose top directory could
 * be on sys.path, that is, whose parent directory is not itself a package (no `__init__.py`):
 * `billing.tax` when `src/` is not a package. A name several files share goes to the one with the
 * fewest dropped directories, then the one closest to the importing file.
 */
export class ModuleIndex {
  private readonly byName = new Map<string, { path: string; depth: number }[]>();
  private readonly paths: Set<string>;

  constructor(paths: string[]) {
    this.paths = new Set(paths);
    const packageDirs = new Set(paths.filter((path) => posix.basename(path) === '__init__.py').map((path) => posix.dirname(path)));
    for (const path of [...paths].sort(compare)) {
      const parts = moduleParts(path);
      if (parts.length === 0) continue;
      for (let depth = 0; depth < parts.length; depth++) {
        if (depth > 0 && packageDirs.has(parts.slice(0, depth).join('/'))) continue;
        const name = parts.slice(depth).join('.');
        const entries = this.byName.get(name);
        if (entries) entries.push({ path, depth });
        else this.byName.set(name, [{ path, depth }]);
      }
    }
  }

  resolve(name: string, importer: string): string | null {
    const entries = this.byName.get(name);
    if (!entries) return null;
    let best: { path: string; depth: number } | null = null;
    let bestShared = -1;
    for (const entry of entries) {
      const shared = sharedPrefix(entry.path, importer);
      if (!best || entry.depth < best.depth || (entry.depth === best.depth && shared > bestShared)) {
        best = entry;
        bestShared = shared;
      }
    }
    return best!.path;
  }

  /** Whether a top-level module name belongs to the repository (then an unresolved import is ours, not a library's). */
  isInternal(name: string): boolean {
    return this.byName.has(name.split('.')[0]!);
  }

  /** The file of a module given by its path parts (relative imports). */
  byParts(parts: string[]): string | null {
    if (parts.length === 0) return this.paths.has('__init__.py') ? '__init__.py' : null;
    const base = parts.join('/');
    if (this.paths.has(`${base}.py`)) return `${base}.py`;
    if (this.paths.has(`${base}/__init__.py`)) return `${base}/__init__.py`;
    return null;
  }
}

function moduleParts(path: string): string[] {
  if (!path.endsWith('.py')) return [];
  const parts = path.slice(0, -3).split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  return parts;
}

function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
