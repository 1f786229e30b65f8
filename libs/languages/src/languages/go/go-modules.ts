import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** What a package is called when imported without a name: the last path element, without a version suffix. */
export function defaultPackageName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts[parts.length - 1]!;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  return last
    .replace(/\.v\d+$/, '')
    .replace(/^go-/, '')
    .replace(/[-.]/g, '_');
}

/** Finds the go.mod of each directory (the nearest one above it inside the repository) and reads its module path. */
export class ModuleLocator {
  found = false;
  private readonly modulePaths = new Map<string, string | null>();
  private readonly nearest = new Map<string, string | null>();

  constructor(private readonly rootPath: string) {}

  importPathOf(dir: string): string | null {
    const vendor = /(?:^|\/)vendor\/(.+)$/.exec(dir);
    if (vendor) return vendor[1]!;
    const moduleDir = this.moduleDirOf(dir);
    if (moduleDir === null) return null;
    const modulePath = this.modulePathOf(moduleDir);
    if (modulePath === null) return null;
    const relative = moduleDir === '' ? dir : dir.slice(moduleDir.length + 1);
    return relative ? `${modulePath}/${relative}` : modulePath;
  }

  private moduleDirOf(dir: string): string | null {
    const cached = this.nearest.get(dir);
    if (cached !== undefined) return cached;
    let found: string | null;
    if (existsSync(join(this.rootPath, dir, 'go.mod'))) found = dir;
    else if (dir === '') found = null;
    else found = this.moduleDirOf(posix.dirname(dir) === '.' ? '' : posix.dirname(dir));
    this.nearest.set(dir, found);
    return found;
  }

  private modulePathOf(moduleDir: string): string | null {
    if (!this.modulePaths.has(moduleDir)) {
      let modulePath: string | null;
      try {
        const text = readFileSync(join(this.rootPath, moduleDir, 'go.mod'), 'utf8');
        modulePath = /^\s*module\s+"?([^\s"]+)"?/m.exec(text)?.[1] ?? null;
      } catch {
        modulePath = null;
      }
      if (modulePath !== null) this.found = true;
      this.modulePaths.set(moduleDir, modulePath);
    }
    return this.modulePaths.get(moduleDir)!;
  }
}
