// npm's package specifiers, read by the workspace (which packages a project reaches) and by the package references alike.
import { isBuiltin } from 'node:module';

/** A package specifier as npm names it: `@scope/name` or `name`, then the module inside ('' for the package). */
export function packageOfSpecifier(specifier: string): { name: string; module: string } | null {
  if (/^[./]/.test(specifier) || specifier.includes(':') || isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  if (parts.length < length || parts.slice(0, length).some((part) => part === '')) return null;
  return { name: parts.slice(0, length).join('/'), module: parts.slice(length).join('/') };
}
