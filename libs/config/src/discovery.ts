import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The one wiring convention of Lore: a capability's service, MCP tool, REST controller, GraphQL
 * resolver and CLI command are each registered by their file's name, so adding a capability adds
 * files and edits no list. `discoverExports(dir, '.tool')` loads every `*.tool.ts` (or `.js` once
 * built) below `dir`, in path order, and returns each module's exports.
 */
export function discoverExports(directory: string, suffix: string): Record<string, unknown>[] {
  const pattern = new RegExp(`${suffix.replace(/\./g, '\\.')}\\.(ts|js)$`);
  return filesBelow(directory)
    .filter((file) => pattern.test(file) && !file.endsWith('.d.ts'))
    .sort()
    .map((file) => require(file) as Record<string, unknown>); // eslint-disable-line @typescript-eslint/no-require-imports
}

/** The classes exported by the `*{suffix}` files below `directory`. */
export function discoverClasses<T = unknown>(directory: string, suffix: string): (new (...args: never[]) => T)[] {
  return discoverExports(directory, suffix).flatMap((exports) =>
    Object.values(exports).filter((value): value is new (...args: never[]) => T => isClass(value)),
  );
}

function isClass(value: unknown): boolean {
  return typeof value === 'function' && Function.prototype.toString.call(value).startsWith('class ');
}

function filesBelow(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesBelow(path) : [path];
  });
}
